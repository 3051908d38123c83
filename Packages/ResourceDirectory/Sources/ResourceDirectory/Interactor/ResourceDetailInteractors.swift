import Foundation
import ImageKit
import SystemActions

/// Use cases of a resource's details: its photo, and the actions that leave the app (call, message,
/// map, a website outside the app) as validated links handed to the desktop's opener.
struct ResourceDetailInteractor: Sendable, PictureObtaining {
    let images: any ImageLoading
    let opener: any URLOpener

    /// The link `action` hands to the desktop. A value the link rules reject (a phone number with
    /// letters, a `javascript:` website) throws, and nothing is opened.
    func obtainLink(for action: ResourceAction) throws(SystemActionError) -> SystemAction {
        switch action {
        case .call(let number): return try .phone(number)
        case .message(let number): return try .message(number)
        case .email(let address): return try .email(to: address)
        case .map(let address):
            if let gps = address.gps { return try .map(latitude: gps.latitude, longitude: gps.longitude) }
            return try .map(address: address.formattedLines.joined(separator: "\n"))
        case .website(let address):
            do throws(SystemActionError) {
                return try .link(address)
            } catch where error.reason == .missingScheme {
                // Directories often list `www.example.com`: a web address without its scheme.
                return try .link("https://" + address.trimmingCharacters(in: .whitespaces))
            }
        }
    }

    /// Hands `link` to the desktop; says whether it could.
    func performOpening(_ link: SystemAction) async -> SystemActionResult {
        await opener.open(link)
    }

    /// A `mailto:` link from a web page as a draft for the compose screen (bcc and attachments
    /// dropped, as the desktop link would drop them); nil when it is no valid mail link.
    func obtainDraft(mailto url: URL) -> EmailDraft? {
        guard let fields = try? SystemAction.emailFields(mailto: url.absoluteString) else { return nil }
        return EmailDraft(to: (fields.to + fields.cc).joined(separator: ", "), subject: fields.subject ?? "", body: fields.body ?? "")
    }
}

/// Use cases of the compose screen: the draft becomes a `mailto:` link built from its parsed fields,
/// handed to the desktop's mail app.
struct ComposeEmailInteractor: Sendable {
    let opener: any URLOpener

    /// The `mailto:` link of `draft`: the address checked, subject and body percent-encoded.
    func obtainLink(for draft: EmailDraft) throws(SystemActionError) -> SystemAction {
        // "a@b.example, c@d.example": one or more recipients, as a mail app's To field takes them.
        let recipients = draft.to.split(separator: ",").map { String($0) }.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        return try .email(to: recipients.isEmpty ? [draft.to] : recipients, subject: draft.subject, body: draft.body)
    }

    func performSending(_ link: SystemAction) async -> SystemActionResult {
        await opener.open(link)
    }
}
