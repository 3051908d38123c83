import Foundation

extension VCard {
    /// One contact as a vCard 3.0 (RFC 2426): N and FN, TEL, EMAIL, a "Favorites" category and the
    /// picture as `PHOTO;ENCODING=b;TYPE=JPEG` (or PNG, GIF); lines folded at 75 octets, CRLF.
    static func write(_ contact: TransferredContact) -> String {
        let first = contact.firstName ?? "", last = contact.lastName ?? ""
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:\(VCardText.escape(last));\(VCardText.escape(first));;;",
                     "FN:\(VCardText.escape([first, last].filter { !$0.isEmpty }.joined(separator: " ")))"]
        if let phone = contact.phoneNumber { lines.append("TEL;TYPE=CELL:\(VCardText.escape(phone))") }
        if let email = contact.email { lines.append("EMAIL;TYPE=INTERNET:\(VCardText.escape(email))") }
        if contact.favorite { lines.append("CATEGORIES:Favorites") }
        if let photo = contact.photo, let type = ContactPhoto.contentType(of: photo) {
            // RFC 2426 §3.1.4 names the type by its IANA subtype: JPEG, PNG, GIF.
            let subtype = type.dropFirst("image/".count).uppercased()
            lines.append("PHOTO;ENCODING=b;TYPE=\(subtype):\(photo.base64EncodedString())")
        }
        lines.append("END:VCARD")
        return lines.map(wrappedAt75Octets).joined(separator: "\r\n") + "\r\n"
    }

    /// `line` folded as RFC 6350 §3.2 asks: no line longer than 75 octets, a fold never inside a
    /// character's UTF-8 bytes, each continuation starting with one space.
    static func wrappedAt75Octets(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = "", width = 0
        result.reserveCapacity(line.utf8.count + line.utf8.count / 74 * 3)
        for scalar in line.unicodeScalars {
            let size = UTF8.width(scalar)
            if width + size > 75 {
                result += "\r\n "
                width = 1
            }
            result.unicodeScalars.append(scalar)
            width += size
        }
        return result
    }
}
