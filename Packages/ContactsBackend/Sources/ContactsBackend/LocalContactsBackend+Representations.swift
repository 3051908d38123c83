import ContactsCore
import Foundation
import HTTPClient
import JSONKit

// The contract's wire formats: a contact's JSON, its picture's URL, status and error bodies, timestamps.
extension LocalContactsBackend {
    func detail(_ contact: StoredContact, base: URL) -> String {
        JSONText.object([
            ("id", String(contact.id)),
            ("first_name", JSONText.string(contact.firstName)),
            ("last_name", JSONText.string(contact.lastName)),
            ("email", contact.email.map(JSONText.string) ?? "null"),
            ("phone_number", contact.phoneNumber.map(JSONText.string) ?? "null"),
            ("profile_pic", JSONText.string(profilePic(contact, base: base))),
            ("favorite", contact.favorite == true ? "true" : "false"),
            ("created_at", JSONText.string(contact.createdAt)),
            ("updated_at", JSONText.string(contact.updatedAt)),
        ])
    }

    /// Paperclip's URL: `/system/contacts/profile_pics/000/000/007/original/<file>?<epoch>`, or the relative default.
    func profilePic(_ contact: StoredContact, base: URL) -> String {
        profilePic(id: contact.id, file: contact.pictureFileName, updated: contact.pictureUpdatedAt, base: base)
    }

    func profilePic(id: Int, file: String?, updated: Int?, base: URL) -> String {
        guard let file, let updated else { return Contact.missingPicture }
        let digits = String(format: "%09d", id)
        let groups = stride(from: 0, to: 9, by: 3).map { String(digits.dropFirst($0).prefix(3)) }
        guard let url = try? ContactsRoutes.picture.url(base: base, ["a": groups[0], "b": groups[1], "c": groups[2], "file": file])
        else { return Contact.missingPicture }
        return url.absoluteString + "?\(updated / 1000)"
    }

    static func statusBody(_ code: Int, detail: String? = nil) -> String {
        var pairs = [("status", JSONText.string(String(code))), ("error", JSONText.string(HTTPError.reasonPhrase(for: code) ?? "Error"))]
        if let detail { pairs.append(("detail", JSONText.string(detail))) }
        return JSONText.object(pairs)
    }

    static func errorsBody(_ errors: [String]) -> String {
        JSONText.object([("errors", "[" + errors.map(JSONText.string).joined(separator: ",") + "]")])
    }

    /// `2016-05-29T10:10:10.995Z`: UTC, milliseconds truncated.
    static func timestamp(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = milliseconds.quotientAndRemainder(dividingBy: 1000)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second],
                                            from: Date(timeIntervalSince1970: TimeInterval(seconds.quotient)))
        return String(format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
                      parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, Int(abs(seconds.remainder)))
    }

    /// A timestamp as written by ``timestamp(_:)``; the epoch for anything else.
    static func date(_ timestamp: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: timestamp) ?? Date(timeIntervalSince1970: 0)
    }
}
