import ContactsCore
import Foundation
import HTTPClient

/// vCard as phones, mail programs and servers write it: 2.1 (the versit spec, what Android and old
/// phones export), 3.0 (RFC 2426: iOS, Google, Thunderbird, Evolution) and 4.0 (RFC 6350), as far as
/// a contact of this app goes: the name (N, else FN), EMAIL and TEL (the preferred valid one), PHOTO
/// and a "Favorites" category.
///
/// Read from bytes, not text: a 2.1 value may be quoted-printable in a charset of its own
/// (`N;CHARSET=ISO-8859-1;ENCODING=QUOTED-PRINTABLE:M=FCller`), with soft line breaks (`=` at the end of
/// a line) instead of folding. What a card holds that the contact cannot (a second number, a photo
/// that is a link) goes into the contact's notes, which the import reports.
enum VCard {
    struct Problem: Error, Equatable {
        var reason: String
    }

    /// A property's parameters, as the three versions spell them: `TYPE=CELL,PREF` (3.0), `CELL;PREF`
    /// (2.1's bare types), `PREF=1` (4.0), `ENCODING=b` / `ENCODING=BASE64` / bare `QUOTED-PRINTABLE`.
    struct Parameters: Equatable {
        /// The types, upper-cased (`CELL`, `WORK`, `JPEG`…), from TYPE and from 2.1's bare parameters.
        var types: Set<String> = []
        /// `QUOTED-PRINTABLE`, `B`, `BASE64`, `8BIT`…, upper-cased.
        var encoding: String?
        var charset: String?
        /// VALUE (`URI`, `URL`, `TEXT`…), upper-cased.
        var valueType: String?
        /// How preferred: 4.0's `PREF=1…100` (1 most), and 1 for 2.1's and 3.0's `PREF` type.
        var preference: Int?

        var isQuotedPrintable: Bool { encoding == "QUOTED-PRINTABLE" }
        var isBase64: Bool { encoding == "B" || encoding == "BASE64" }
    }

    /// One content line, unfolded: its name (upper-cased, without a group), its parameters and its
    /// value's bytes as written (not yet decoded).
    struct Property {
        var name: String
        var parameters: Parameters
        var value: [UInt8]
    }

    /// Each card of `data`, read or with why it cannot be.
    static func read(_ data: Data) -> [Result<TransferredContact, Problem>] {
        var cards: [Result<TransferredContact, Problem>] = []
        var properties: [Property]?
        // An AGENT's card inside a 2.1 card (`AGENT:` then BEGIN:VCARD…END:VCARD) is no contact of its own.
        var nested = 0, previousIsEmptyAgent = false
        for property in contentLines([UInt8](data)) {
            let isCardMarker = property.value.count == 5 && String(decoding: property.value, as: UTF8.self).uppercased() == "VCARD"
            defer { previousIsEmptyAgent = property.name == "AGENT" && property.value.isEmpty }
            switch property.name {
            case "BEGIN" where isCardMarker:
                if properties != nil {
                    if nested > 0 || previousIsEmptyAgent { nested += 1; continue }
                    cards.append(.failure(Problem(reason: "the card has no END:VCARD")))
                }
                properties = []
            case "END" where isCardMarker:
                if nested > 0 { nested -= 1; continue }
                guard let found = properties else { continue }
                cards.append(contact(of: found))
                properties = nil
            default:
                if nested == 0 { properties?.append(property) }
            }
        }
        if properties != nil { cards.append(.failure(Problem(reason: "the card has no END:VCARD"))) }
        return cards
    }

    // MARK: - Content lines

    /// The content lines of `bytes`, unfolded three ways: a line starting with a space or tab continues
    /// the one before (all versions); a quoted-printable value ending in `=` goes on in the next line
    /// (2.1's soft line break); a 2.1 base64 value goes on in the lines after it that hold only base64,
    /// up to a blank line. Lines that are no content line (no colon) are left out.
    static func contentLines(_ bytes: [UInt8]) -> [Property] {
        let lines = physicalLines(bytes)
        var properties: [Property] = []
        var index = 0
        while index < lines.count {
            var line = Array(lines[index])
            index += 1
            guard let first = line.first, first != 0x20, first != 0x09 else { continue }  // blank, or a fold of nothing
            appendFolds(of: lines, at: &index, to: &line)
            guard let colon = headEnd(line) else { continue }
            var property = Property(name: "", parameters: Parameters(), value: Array(line[(colon + 1)...]))
            (property.name, property.parameters) = head(line[..<colon])
            if property.parameters.isQuotedPrintable {
                while property.value.last == UInt8(ascii: "="), index < lines.count, !startsWithEnd(lines[index]) {
                    property.value.removeLast()
                    property.value += lines[index]
                    index += 1
                    appendFolds(of: lines, at: &index, to: &property.value)
                }
            } else if property.parameters.isBase64 {
                while index < lines.count, !lines[index].isEmpty, lines[index].allSatisfy(isBase64Byte) {
                    property.value += lines[index]
                    index += 1
                }
            }
            properties.append(property)
        }
        return properties
    }

    /// Lines split at CRLF, LF or CR.
    private static func physicalLines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = 0, index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                lines.append(bytes[start..<index])
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                start = index + 1
            }
            index += 1
        }
        if start < bytes.count { lines.append(bytes[start...]) }
        return lines
    }

    /// Appends the lines from `index` that start with a space or tab, without that one character.
    private static func appendFolds(of lines: [ArraySlice<UInt8>], at index: inout Int, to line: inout [UInt8]) {
        while index < lines.count, let first = lines[index].first, first == 0x20 || first == 0x09 {
            line += lines[index].dropFirst()
            index += 1
        }
    }

    private static func startsWithEnd(_ line: ArraySlice<UInt8>) -> Bool {
        String(decoding: line.prefix(9), as: UTF8.self).uppercased() == "END:VCARD"
    }

    private static func isBase64Byte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), 0x20, 0x09: true
        default: false
        }
    }

    /// Where the name and parameters end: the first colon outside a quoted parameter value.
    private static func headEnd(_ line: [UInt8]) -> Int? {
        var quoted = false
        for (offset, byte) in line.enumerated() {
            if byte == UInt8(ascii: "\"") { quoted.toggle() }
            if byte == UInt8(ascii: ":"), !quoted { return offset }
        }
        return nil
    }

    private static let encodings: Set<String> = ["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"]

    /// The property's name (without a group: `item1.TEL` is TEL) and its parameters.
    private static func head(_ bytes: ArraySlice<UInt8>) -> (String, Parameters) {
        var parts = RequestBody.splitOutsideQuotes(String(decoding: bytes, as: UTF8.self))
        let name = (parts.removeFirst().split(separator: ".").last.map(String.init) ?? "").trimmingCharacters(in: .whitespaces).uppercased()
        var parameters = Parameters()
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else {
                // 2.1's bare parameters: an encoding, PREF, or a type.
                let bare = part.trimmingCharacters(in: .whitespaces).uppercased()
                if encodings.contains(bare) { parameters.encoding = bare } else if bare == "PREF" { parameters.preference = 1 } else if !bare.isEmpty {
                    parameters.types.insert(bare)
                }
                continue
            }
            let key = part[..<equals].trimmingCharacters(in: .whitespaces).uppercased()
            let value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "\"", with: "")
            switch key {
            case "TYPE":
                for type in value.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).uppercased() }) where !type.isEmpty {
                    if type == "PREF" { parameters.preference = min(parameters.preference ?? 1, 1) } else { parameters.types.insert(type) }
                }
            case "ENCODING": parameters.encoding = value.uppercased()
            case "CHARSET": parameters.charset = value.uppercased()
            case "VALUE": parameters.valueType = value.uppercased()
            case "PREF": parameters.preference = Int(value).map { min(max($0, 1), 100) } ?? 1
            default: break
            }
        }
        return (name, parameters)
    }

    // MARK: - Values

    /// A property's value as text: quoted-printable decoded, in its charset (UTF-8 when it names none,
    /// Windows-1252 for bytes that are not UTF-8: a 2.1 card of an old phone), not yet unescaped.
    /// A charset this reader does not know is read as UTF-8 and said in `notes`.
    static func text(of property: Property, notes: inout [String]) -> String {
        let bytes = property.parameters.isQuotedPrintable ? quotedPrintableDecoded(property.value) : property.value
        let data = Data(bytes)
        if let charset = property.parameters.charset, !["UTF-8", "UTF8"].contains(charset) {
            if let encoding = stringEncodings[charset] {
                if let text = String(data: data, encoding: encoding) { return text }
            } else {
                notes.append("its \(property.name) is in the charset \(ContactPhoto.shortened(charset)), which an import does not know; "
                             + "it was read as UTF-8")
            }
        }
        return String(data: data, encoding: .utf8) ?? String(data: data, encoding: .windowsCP1252)
            ?? String(decoding: bytes, as: UTF8.self)
    }

    /// The charsets 2.1 cards are written in (IANA names, as CHARSET gives them).
    private static let stringEncodings: [String: String.Encoding] = [
        "US-ASCII": .utf8, "ASCII": .utf8,
        "ISO-8859-1": .isoLatin1, "ISO8859-1": .isoLatin1, "LATIN1": .isoLatin1,
        "ISO-8859-2": .isoLatin2, "ISO8859-2": .isoLatin2, "LATIN2": .isoLatin2,
        "WINDOWS-1250": .windowsCP1250, "CP1250": .windowsCP1250,
        "WINDOWS-1251": .windowsCP1251, "CP1251": .windowsCP1251,
        "WINDOWS-1252": .windowsCP1252, "CP1252": .windowsCP1252,
        "WINDOWS-1253": .windowsCP1253, "WINDOWS-1254": .windowsCP1254,
        "SHIFT_JIS": .shiftJIS, "SHIFT-JIS": .shiftJIS, "SJIS": .shiftJIS,
        "EUC-JP": .japaneseEUC, "ISO-2022-JP": .iso2022JP,
        "UTF-16": .utf16, "UTF-16BE": .utf16BigEndian, "UTF-16LE": .utf16LittleEndian,
    ]

    /// RFC 2045's quoted-printable: `=XX` is the byte XX; an `=` not followed by two hex digits stays.
    static func quotedPrintableDecoded(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(UInt8(ascii: "=")) else { return bytes }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "="), index + 2 < bytes.count,
               let high = ContactPhoto.hexValue(bytes[index + 1]), let low = ContactPhoto.hexValue(bytes[index + 2]) {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    // MARK: - The contact

    private static func contact(of properties: [Property]) -> Result<TransferredContact, Problem> {
        var contact = TransferredContact(firstName: nil, lastName: nil)
        var notes: [String] = []
        func text(_ property: Property) -> String { Self.text(of: property, notes: &notes) }
        if let name = properties.first(where: { $0.name == "N" }) {
            let fields = VCardText.components(text(name))
            contact.lastName = fields.first.flatMap { $0.isEmpty ? nil : $0 }
            contact.firstName = fields.dropFirst().first.flatMap { $0.isEmpty ? nil : $0 }
        }
        if contact.firstName == nil, contact.lastName == nil, let full = properties.first(where: { $0.name == "FN" }).map({ VCardText.unescape(text($0)) }) {
            let words = full.trimmingCharacters(in: .whitespaces).split(separator: " ", maxSplits: 1)
            contact.firstName = words.first.map(String.init)
            contact.lastName = words.dropFirst().first.map(String.init)
        }
        guard contact.firstName != nil || contact.lastName != nil else { return .failure(Problem(reason: "the card has no name (N or FN)")) }

        let phones = ranked(properties.filter { $0.name == "TEL" }, cellFirst: true).compactMap { property -> Candidate? in
            let number = phoneNumber(text(property), isURI: property.parameters.valueType == "URI")
            return number.isEmpty ? nil : Candidate(value: number, label: label(property.parameters))
        }
        contact.phoneNumber = choose(phones, field: "phone number", notes: &notes, isValid: ContactRules.hasTenConsecutiveDigits)
        let emails = ranked(properties.filter { $0.name == "EMAIL" }, cellFirst: false).compactMap { property -> Candidate? in
            var address = VCardText.unescape(text(property)).trimmingCharacters(in: .whitespaces)
            if address.lowercased().hasPrefix("mailto:") { address.removeFirst(7) }
            return address.isEmpty ? nil : Candidate(value: address, label: label(property.parameters))
        }
        contact.email = choose(emails, field: "email address", notes: &notes, isValid: ContactRules.isValidEmail)
        contact.favorite = properties.contains { property in
            property.name == "CATEGORIES" && VCardText.components(text(property), separator: ",").contains {
                ["favorite", "favorites", "favourite", "favourites", "starred"].contains($0.trimmingCharacters(in: .whitespaces).lowercased())
            }
        }
        for property in ranked(properties.filter { $0.name == "PHOTO" }, cellFirst: false) {
            let photo = self.photo(property, notes: &notes)
            guard let photo else { continue }
            if contact.photo == nil { contact.photo = photo } else {
                notes.append("a second photo was left out: a contact holds one")
            }
        }
        contact.notes = notes
        return .success(contact)
    }

    /// A number or address of a card, and how the card labels it ("work", "home").
    private struct Candidate {
        var value: String
        var label: String
    }

    /// Most preferred first (PREF), then (for numbers) a cell number, then in the card's order.
    private static func ranked(_ properties: [Property], cellFirst: Bool) -> [Property] {
        properties.enumerated().sorted { left, right in
            let a = (left.element.parameters.preference ?? 101, cellFirst && left.element.parameters.types.contains("CELL") ? 0 : 1, left.offset)
            let b = (right.element.parameters.preference ?? 101, cellFirst && right.element.parameters.types.contains("CELL") ? 0 : 1, right.offset)
            return a < b
        }.map(\.element)
    }

    /// The first valid candidate (the most preferred one the server would take); each other is said in
    /// `notes`. With none valid, the first, so that the import names the entry and the server's reason.
    private static func choose(_ candidates: [Candidate], field: String, notes: inout [String], isValid: (String) -> Bool) -> String? {
        guard let chosen = candidates.first(where: { isValid($0.value) }) ?? candidates.first else { return nil }
        // The same value twice (a number typed as both cell and home) loses nothing.
        for candidate in candidates where candidate.value != chosen.value {
            let shown = ContactPhoto.shortened(candidate.value) + (candidate.label.isEmpty ? "" : " (\(candidate.label))")
            notes.append(isValid(candidate.value) ? "another \(field), \(shown), was left out: a contact holds one"
                                                  : "the \(field) \(shown) was left out: it is invalid")
        }
        return chosen.value
    }

    /// The types a person reads ("cell, work"), without the technical ones.
    private static func label(_ parameters: Parameters) -> String {
        parameters.types.subtracting(["VOICE", "INTERNET", "X400", "MSG"]).map { $0.lowercased() }.sorted().joined(separator: ", ")
    }

    /// A TEL value as a number: a `tel:` URI (4.0) without its scheme, its extension kept in words.
    private static func phoneNumber(_ value: String, isURI: Bool) -> String {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        guard isURI || trimmed.lowercased().hasPrefix("tel:") else { return VCardText.unescape(trimmed) }
        var number = trimmed.lowercased().hasPrefix("tel:") ? String(trimmed.dropFirst(4)) : trimmed
        var fields = number.split(separator: ";").map(String.init)
        number = fields.isEmpty ? "" : fields.removeFirst()
        number = number.removingPercentEncoding ?? number
        if let ext = fields.first(where: { $0.lowercased().hasPrefix("ext=") }) { number += " ext. " + ext.dropFirst(4) }
        return number
    }

    /// A PHOTO's bytes: base64 (3.0's `ENCODING=b`, 2.1's `ENCODING=BASE64`), a `data:` URI (4.0), or
    /// nil with a note for a link (`VALUE=uri`, an http URL), which an import does not download.
    private static func photo(_ property: Property, notes: inout [String]) -> Data? {
        if property.parameters.isBase64 {
            guard let data = Data(base64Encoded: Data(property.value), options: .ignoreUnknownCharacters), !data.isEmpty else {
                notes.append("its photo is not valid base64; the contact was imported without a picture")
                return nil
            }
            return data
        }
        let value = String(decoding: property.value, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !value.isEmpty else { return nil }
        if value.lowercased().hasPrefix("data:") {
            guard let data = ContactPhoto.data(ofDataURI: value), !data.isEmpty else {
                notes.append("its photo is a data: URI that cannot be decoded; the contact was imported without a picture")
                return nil
            }
            return data
        }
        if value.contains(":") {
            notes.append("its photo is a link (\(ContactPhoto.shortened(value))), which an import does not download; "
                         + "the contact was imported without a picture")
            return nil
        }
        // Some writers leave out ENCODING: bytes that decode as base64 are taken (the import checks they are an image).
        if let data = Data(base64Encoded: Data(property.value), options: .ignoreUnknownCharacters), !data.isEmpty { return data }
        notes.append("its photo can be read neither as base64 nor as a link; the contact was imported without a picture")
        return nil
    }
}
