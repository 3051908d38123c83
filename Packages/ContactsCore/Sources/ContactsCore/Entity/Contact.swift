import Foundation
import JSONKit

/// A contact as the list shows it: an item of `GET /contacts.json`
/// (`id, first_name, last_name, profile_pic, favorite, url`).
/// The list the server sent: the contacts that could be read, and the entries that could not.
public struct ContactList: Sendable, Hashable {
    public var contacts: [ContactSummary]
    /// Entries of the server's list left out because a field could not be read (one broken contact
    /// must not hide the others).
    public var skipped: [SkippedContact]
    /// When the list was current, when the server could not be reached and the list kept from an
    /// earlier run stands in; nil for the server's answer.
    public var storedAt: Date?

    public init(_ contacts: [ContactSummary], skipped: [SkippedContact] = [], storedAt: Date? = nil) {
        self.contacts = contacts
        self.skipped = skipped
        self.storedAt = storedAt
    }
}

/// An entry of the server's list that is not shown: its position there (1-based) and why.
public struct SkippedContact: Sendable, Hashable {
    public var position: Int
    /// "first_name has the wrong type", "id is not a whole number".
    public var reason: String

    public init(position: Int, reason: String) {
        self.position = position
        self.reason = reason
    }
}

public struct ContactSummary: Sendable, Hashable, Identifiable {
    public var id: Int
    public var firstName: String
    public var lastName: String
    /// An absolute picture URL, or the server's relative default `/images/missing.png`.
    public var profilePic: String
    public var favorite: Bool
    /// A change the server does not have yet (remote mode, the outbox); nil when it has them all.
    public var sync: ContactSyncState?

    public init(id: Int, firstName: String, lastName: String, profilePic: String = Contact.missingPicture, favorite: Bool = false,
                sync: ContactSyncState? = nil) {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.profilePic = profilePic
        self.favorite = favorite
        self.sync = sync
    }

    /// "First Last", without a stray space when one of them is empty.
    public var fullName: String { Contact.fullName(firstName, lastName) }

    /// Up to two letters for an avatar: the first of the first and of the last name ("Amitabh Bachchan" → "AB").
    public var initials: String {
        switch (Self.initial(of: firstName), Self.initial(of: lastName)) {
        case let (first?, last?): first + last
        case let (first?, nil): first
        case let (nil, last?): last
        case (nil, nil): "?"
        }
    }

    /// The first letter or digit of `name`, upper-cased.
    static func initial(of name: String) -> String? {
        // A name starting with an ASCII letter or digit not followed by a combining mark (most names):
        // no grapheme breaking or Unicode case mapping for 10,000 of them.
        var bytes = name.utf8.makeIterator()
        if let first = bytes.next(), first < 0x80, bytes.next().map({ $0 < 0x80 }) ?? true {
            switch first {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return String(Unicode.Scalar(first - 0x20))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): return String(Unicode.Scalar(first))
            default: break
            }
        }
        return name.first(where: { $0.isLetter || $0.isNumber }).map { String($0).uppercased() }
    }
}

/// A contact's detail: `GET /contacts/{id}.json`, also the answer to create and update.
public struct Contact: Sendable, Hashable, Identifiable {
    /// The server's picture for a contact without one: relative, with no host.
    public static let missingPicture = "/images/missing.png"

    public var id: Int
    public var firstName: String
    public var lastName: String
    /// Null when never set; stored as sent otherwise (`""` included).
    public var email: String?
    public var phoneNumber: String?
    public var profilePic: String
    public var favorite: Bool
    /// ISO-8601 with milliseconds and `Z`, as the server writes them.
    public var createdAt: String
    public var updatedAt: String
    /// A change the server does not have yet (remote mode, the outbox); nil when it has them all.
    public var sync: ContactSyncState?

    public init(id: Int, firstName: String, lastName: String, email: String? = nil, phoneNumber: String? = nil,
                profilePic: String = Contact.missingPicture, favorite: Bool = false, createdAt: String = "", updatedAt: String = "") {
        self.id = id
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phoneNumber = phoneNumber
        self.profilePic = profilePic
        self.favorite = favorite
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public var fullName: String { Self.fullName(firstName, lastName) }

    /// What the list shows of this contact.
    public var summary: ContactSummary {
        ContactSummary(id: id, firstName: firstName, lastName: lastName, profilePic: profilePic, favorite: favorite, sync: sync)
    }

    /// Whether the contact has a picture of its own (not the server's default).
    public static func hasPicture(_ profilePic: String) -> Bool {
        // Called for every contact of a list: trim only when there is something to trim.
        let edges = profilePic.utf8.first.map { $0 == 0x20 || $0 == 0x09 } == true || profilePic.utf8.last.map { $0 == 0x20 || $0 == 0x09 } == true
        let value = edges ? profilePic.trimmingCharacters(in: .whitespaces) : profilePic
        return !value.isEmpty && value != missingPicture && !value.hasSuffix("/images/missing.png")
    }

    static func fullName(_ first: String, _ last: String) -> String {
        [first, last].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

// MARK: - Decoding (lenient where the real server was: a missing `favorite` in 2016 lists, null names in legacy rows)

// Its decoding reads only its own object: a list of 10,000 is decoded on every core.
extension ContactSummary: ConcurrentlyDecodable {
    enum CodingKeys: String, CodingKey {
        case id, firstName = "first_name", lastName = "last_name", profilePic = "profile_pic", favorite
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName) ?? ""
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName) ?? ""
        profilePic = Contact.sharedPicture(try container.decodeIfPresent(String.self, forKey: .profilePic))
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
    }
}

extension Contact {
    /// The picture as given, except the server's default: most contacts of a large list have none,
    /// and the one constant is kept instead of a string per contact.
    static func sharedPicture(_ given: String?) -> String {
        guard let given, given != missingPicture else { return missingPicture }
        return given
    }
}

extension Contact: Codable {
    enum CodingKeys: String, CodingKey {
        case id, firstName = "first_name", lastName = "last_name", email, phoneNumber = "phone_number", profilePic = "profile_pic",
             favorite, createdAt = "created_at", updatedAt = "updated_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName) ?? ""
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName) ?? ""
        email = try container.decodeIfPresent(String.self, forKey: .email)
        phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber)
        profilePic = try container.decodeIfPresent(String.self, forKey: .profilePic) ?? Contact.missingPicture
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt) ?? ""
        updatedAt = try container.decodeIfPresent(String.self, forKey: .updatedAt) ?? ""
    }

    /// The server's shape (the outbox keeps contacts in it); ``sync`` is not written.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(firstName, forKey: .firstName)
        try container.encode(lastName, forKey: .lastName)
        try container.encodeIfPresent(email, forKey: .email)
        try container.encodeIfPresent(phoneNumber, forKey: .phoneNumber)
        try container.encode(profilePic, forKey: .profilePic)
        try container.encode(favorite, forKey: .favorite)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}

/// What a save sends: only the fields set here change (the server's update is partial).
public struct ContactChanges: Sendable, Hashable, Codable {
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phoneNumber: String?
    public var favorite: Bool?
    public var photo: PhotoUpload?

    public init(firstName: String? = nil, lastName: String? = nil, email: String? = nil, phoneNumber: String? = nil,
                favorite: Bool? = nil, photo: PhotoUpload? = nil) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phoneNumber = phoneNumber
        self.favorite = favorite
        self.photo = photo
    }

    public var isEmpty: Bool { self == ContactChanges() }
}

/// A picture to upload: the file's bytes, its name and its type (`image/jpeg` or `image/png`).
public struct PhotoUpload: Sendable, Hashable, Codable {
    public var filename: String
    public var contentType: String
    public var data: Data
    /// The path it was read from, as typed: a change the server refuses comes back to the form with it.
    public var sourcePath: String

    public init(filename: String, contentType: String, data: Data, sourcePath: String = "") {
        self.filename = filename
        self.contentType = contentType
        self.data = data
        self.sourcePath = sourcePath
    }
}
