import ContactsCore
import Foundation
import ImageKit
import JSONKit

/// A contact as a file to import holds it: the server's shape (`first_name`, `last_name`, `email`,
/// `phone_number`, `favorite`, `profile_pic` as a `data:` URI; any may be missing or null), or a
/// vCard's N/FN, EMAIL, TEL, PHOTO and a "Favorites" category.
public struct TransferredContact: ConcurrentlyDecodable, Equatable {
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phoneNumber: String?
    public var favorite: Bool
    /// The picture's bytes (JPEG, PNG or GIF once checked by the import).
    public var photo: Data?
    /// What the entry held that this contact cannot (a second number, a photo that is a link), in
    /// words for the import's report.
    public var notes: [String]

    public init(firstName: String?, lastName: String?, email: String? = nil, phoneNumber: String? = nil, favorite: Bool = false,
                photo: Data? = nil, notes: [String] = []) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phoneNumber = phoneNumber
        self.favorite = favorite
        self.photo = photo
        self.notes = notes
    }

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name", lastName = "last_name", email, phoneNumber = "phone_number", favorite, photo = "profile_pic"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber)
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        notes = []
        photo = nil
        switch try container.decodeIfPresent(String.self, forKey: .photo) {
        case nil, "", ContactPhoto.missingPicturePath?:
            break  // no picture (the server's own answers name its placeholder)
        case let text? where text.lowercased().hasPrefix("data:"):
            if let data = ContactPhoto.data(ofDataURI: text) { photo = data } else {
                notes.append("its profile_pic is a data: URI that cannot be decoded; the contact was imported without a picture")
            }
        case let text?:
            notes.append("its profile_pic is a link (\(ContactPhoto.shortened(text))), which an import does not download; "
                         + "the contact was imported without a picture")
        }
    }
}

/// A contact's picture in a file: its type by its bytes, and the `data:` URI a file carries it in.
enum ContactPhoto {
    /// The server's placeholder picture, which its answers name for a contact without one.
    static let missingPicturePath = "/images/missing.png"
    /// The largest picture an import keeps: a phone's contact photo is well under 1 MB, and one of more
    /// than 10 MB is likelier a wrong file than a face.
    static let maximumBytes = 10 << 20

    /// The type of a picture by its magic bytes (GIF, JPEG, PNG: the server's types), nil for anything else.
    static func contentType(of data: Data) -> String? {
        if data.starts(with: [0x47, 0x49, 0x46, 0x38]) { return "image/gif" }
        switch ImageFormat.sniff(data) {
        case .jpeg: return "image/jpeg"
        case .png: return "image/png"
        case nil: return nil
        }
    }

    /// Why an imported picture cannot be the contact's (not an image of the server's types, too
    /// large), nil when it can.
    static func problem(with data: Data) -> String? {
        if data.count > maximumBytes {
            return "its photo is \(data.count / (1 << 20)) MB, larger than the \(maximumBytes >> 20) MB an import keeps; "
                + "the contact was imported without a picture"
        }
        guard contentType(of: data) == nil else { return nil }
        return "its photo is not a JPEG, PNG or GIF image; the contact was imported without a picture"
    }

    /// `data:image/jpeg;base64,…` for a picture (RFC 2397), as the server's create takes one.
    static func dataURI(_ data: Data) -> String {
        "data:\(contentType(of: data) ?? "application/octet-stream");base64,\(data.base64EncodedString())"
    }

    /// The bytes of a `data:` URI (RFC 2397): base64 (whitespace ignored) or percent-encoded; nil when
    /// it is not one or does not decode.
    static func data(ofDataURI text: String) -> Data? {
        guard text.lowercased().hasPrefix("data:"), let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        let payload = text[text.index(after: comma)...]
        if header.hasSuffix(";base64") {
            return Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters)
        }
        return percentDecoded(payload)
    }

    /// A link as a report may name it: without controls, at most 60 characters.
    static func shortened(_ text: String) -> String {
        let plain = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) }))
        return plain.count > 60 ? plain.prefix(59) + "…" : plain
    }

    private static func percentDecoded(_ text: Substring) -> Data? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else { bytes.append(byte); continue }
            guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return Data(bytes)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}

/// The two file formats of `--import` / `--export`.
public enum ContactsFileFormat: Sendable, Equatable {
    /// A JSON array of contacts in the server's shape.
    case json
    /// vCard 3.0 (written; 2.1, 3.0 and 4.0 read).
    case vCard

    /// The format a file name says (`.vcf`, `.vcard`: vCard; anything else JSON).
    public static func named(_ url: URL) -> ContactsFileFormat {
        ["vcf", "vcard"].contains(url.pathExtension.lowercased()) ? .vCard : .json
    }

    /// The format the bytes say: a vCard starts with `BEGIN:VCARD`, JSON with `[`; nil for neither.
    static func sniffed(_ data: Data) -> ContactsFileFormat? {
        let start = data.prefix(64).drop { [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if start.first == UInt8(ascii: "[") { return .json }
        if String(decoding: start.prefix(11), as: UTF8.self).uppercased() == "BEGIN:VCARD" { return .vCard }
        return nil
    }
}

/// What an import did: how many contacts it added, each entry it left out with why, and what the
/// entries it took held that their contacts cannot.
public struct ContactsImportReport: Sendable, Equatable {
    public struct Skipped: Sendable, Equatable {
        /// The entry's place in the file (1-based: the array element, or the card).
        public var entry: Int
        public var reason: String
    }

    /// Something of an imported entry that was not kept ("a second phone number … was left out").
    public struct Note: Sendable, Equatable {
        /// The entry's place in the file (1-based).
        public var entry: Int
        public var text: String
    }

    public var imported: Int
    public var skipped: [Skipped]
    public var notes: [Note]

    public init(imported: Int, skipped: [Skipped], notes: [Note] = []) {
        self.imported = imported
        self.skipped = skipped
        self.notes = notes
    }
}

/// Why an import or export could not run at all (nothing was changed).
public struct ContactsTransferError: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The file could not be read (exit 66).
        case unreadable
        /// The file is not a list of contacts (exit 65).
        case malformed
        /// The file could not be written (exit 73).
        case unwritable
        /// The store failed (exit 74).
        case store
    }

    public var kind: Kind
    public var message: String
}
