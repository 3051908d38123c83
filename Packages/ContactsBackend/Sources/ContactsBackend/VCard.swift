import Foundation

/// vCard 3.0 and 4.0 (RFC 2426, RFC 6350) as far as a contact of this app goes: the name (N, else
/// FN), the first EMAIL, the first TEL (a cell number first), and a "Favorites" category.
enum VCard {
    struct Problem: Error, Equatable {
        var reason: String
    }

    /// Each card of `text`, read or with why it cannot be.
    static func read(_ text: String) -> [Result<TransferredContact, Problem>] {
        var cards: [Result<TransferredContact, Problem>] = []
        var properties: [(name: String, parameters: [String], value: String)]?
        for line in unfoldedLines(text) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let head = line[..<colon], value = String(line[line.index(after: colon)...])
            var parts = head.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            // A group prefix ("item1.TEL") is not part of the name.
            let name = (parts.removeFirst().split(separator: ".").last.map(String.init) ?? "").uppercased()
            switch name {
            case "BEGIN" where value.uppercased() == "VCARD":
                if properties != nil { cards.append(.failure(Problem(reason: "the card has no END:VCARD"))) }
                properties = []
            case "END" where value.uppercased() == "VCARD":
                guard let found = properties else { continue }
                cards.append(contact(of: found))
                properties = nil
            default:
                properties?.append((name, parts.map { $0.uppercased() }, value))
            }
        }
        if properties != nil { cards.append(.failure(Problem(reason: "the card has no END:VCARD"))) }
        return cards
    }

    private static func contact(of properties: [(name: String, parameters: [String], value: String)]) -> Result<TransferredContact, Problem> {
        var contact = TransferredContact(firstName: nil, lastName: nil)
        if let name = properties.first(where: { $0.name == "N" }) {
            let fields = components(name.value)
            contact.lastName = fields.first.flatMap { $0.isEmpty ? nil : $0 }
            contact.firstName = fields.dropFirst().first.flatMap { $0.isEmpty ? nil : $0 }
        }
        if contact.firstName == nil, contact.lastName == nil, let full = properties.first(where: { $0.name == "FN" }).map({ unescape($0.value) }) {
            let words = full.split(separator: " ", maxSplits: 1)
            contact.firstName = words.first.map(String.init)
            contact.lastName = words.dropFirst().first.map(String.init)
        }
        guard contact.firstName != nil || contact.lastName != nil else { return .failure(Problem(reason: "the card has no name (N or FN)")) }
        contact.email = properties.first { $0.name == "EMAIL" }.map { unescape($0.value) }
        let phones = properties.filter { $0.name == "TEL" }
        let phone = phones.first { $0.parameters.contains { $0.contains("CELL") } } ?? phones.first
        contact.phoneNumber = phone.map { value in
            let text = unescape(value.value)
            return text.lowercased().hasPrefix("tel:") ? String(text.dropFirst(4)) : text
        }
        contact.favorite = properties.contains { property in
            property.name == "CATEGORIES" && components(property.value, separator: ",").contains {
                ["favorite", "favorites", "favourite", "favourites"].contains($0.lowercased())
            }
        }
        return .success(contact)
    }

    /// The card's lines with folding undone (a line starting with a space or tab continues the one before).
    private static func unfoldedLines(_ text: String) -> [String] {
        var lines: [String] = []
        for raw in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            if let first = raw.first, first == " " || first == "\t", !lines.isEmpty {
                lines[lines.count - 1] += raw.dropFirst()
            } else {
                lines.append(String(raw))
            }
        }
        return lines
    }

    /// A structured value's components (split at unescaped `separator`), each unescaped.
    private static func components(_ value: String, separator: Character = ";") -> [String] {
        var parts: [String] = [], current = "", escaped = false
        for character in value {
            if escaped {
                current.append("\\")
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == separator {
                parts.append(unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(unescape(current))
        return parts
    }

    private static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = "", escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// A text value as RFC 6350 writes it: `\\`, `;` and `,` escaped, a line break as `\\n`, and every
    /// other control character (C0 but the tab, DEL, C1) left out. The text grammar has no place for
    /// them, and in a file that someone `cat`s they would be commands to the terminal (ESC, OSC 52).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default:
                for scalar in character.unicodeScalars where scalar == "\t" || !isControl(scalar) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// One contact as a vCard 3.0, lines folded at 75 octets (never inside a character), CRLF.
    static func write(_ contact: TransferredContact) -> String {
        let first = contact.firstName ?? "", last = contact.lastName ?? ""
        var lines = ["BEGIN:VCARD", "VERSION:3.0", "N:\(escape(last));\(escape(first));;;",
                     "FN:\(escape([first, last].filter { !$0.isEmpty }.joined(separator: " ")))"]
        if let phone = contact.phoneNumber { lines.append("TEL;TYPE=CELL:\(escape(phone))") }
        if let email = contact.email { lines.append("EMAIL;TYPE=INTERNET:\(escape(email))") }
        if contact.favorite { lines.append("CATEGORIES:Favorites") }
        lines.append("END:VCARD")
        return lines.map(fold).joined(separator: "\r\n") + "\r\n"
    }

    private static func fold(_ line: String) -> String {
        guard line.utf8.count > 75 else { return line }
        var result = "", width = 0
        for character in line {
            let size = character.utf8.count
            if width + size > 75 {
                result += "\r\n "
                width = 1
            }
            result.append(character)
            width += size
        }
        return result
    }
}
