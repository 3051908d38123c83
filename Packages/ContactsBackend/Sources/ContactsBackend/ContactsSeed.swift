import Foundation
import ImageKit
import Storage

// Seeding: the contacts a new backend starts with, and writing them (with their photos) in its first migration.

/// The contacts a new embedded backend starts with (the bundled demo's `seed.json`).
public struct ContactsSeed: Sendable, Decodable {
    public struct Entry: Sendable, Decodable {
        public var firstName: String
        public var lastName: String
        public var email: String?
        public var phoneNumber: String?
        public var favorite: Bool
        /// A file of ``ContactsSeed/photosDirectory``.
        public var photo: String?
        public var createdAt: String?

        enum CodingKeys: String, CodingKey {
            case firstName = "first_name", lastName = "last_name", email, phoneNumber = "phone_number", favorite, photo,
                 createdAt = "created_at"
        }
    }

    public var contacts: [Entry]
    public var photosDirectory: URL?

    public init(contacts: [Entry], photosDirectory: URL?) {
        self.contacts = contacts
        self.photosDirectory = photosDirectory
    }

    /// Reads `seed.json` of `directory`, whose photos are in `directory/photos`.
    public static func load(from directory: URL) throws -> ContactsSeed {
        let data = try Data(contentsOf: directory.appendingPathComponent("seed.json"))
        let contacts = try JSONDecoder().decode([Entry].self, from: data)
        return ContactsSeed(contacts: contacts, photosDirectory: directory.appendingPathComponent("photos", isDirectory: true))
    }
}

extension LocalContactsBackend {
    static func insert(_ seed: ContactsSeed, into transaction: SQLiteTransaction, photosDirectory: URL, created: String) throws {
        for entry in seed.contacts {
            var record = StoredContact(id: 0, createdAt: entry.createdAt ?? created, updatedAt: entry.createdAt ?? created)
            record.firstName = entry.firstName
            record.lastName = entry.lastName
            record.email = entry.email
            record.phoneNumber = entry.phoneNumber
            record.favorite = entry.favorite
            try transaction.execute("""
                INSERT INTO contacts (first_name, last_name, email, phone_number, favorite, created_at, updated_at,
                  profile_pic_file_name, profile_pic_content_type, profile_pic_file_size, profile_pic_updated_at)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, record.bindings)
            // Version 1's table: the listing migration that follows gives these rows their keys and places.
            guard let photo = entry.photo, let directory = seed.photosDirectory,
                  let data = try? Data(contentsOf: directory.appendingPathComponent(photo)) else { continue }
            record.id = Int(transaction.lastInsertRowID)
            // A seeding killed before its commit is rolled back and runs again over the same ids.
            removeLeftovers(ofContact: record.id, in: photosDirectory, keeping: nil)
            record.pictureFileName = paperclipFileName(photo)
            record.pictureContentType = ImageFormat.sniff(data) == .jpeg ? "image/jpeg" : "image/png"
            record.pictureFileSize = data.count
            record.pictureUpdatedAt = Int(Self.date(record.createdAt).timeIntervalSince1970 * 1000)
            guard let file = pictureFile(record, in: photosDirectory) else { continue }
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: file, options: .atomic)
            } catch {
                continue // a seed contact without its photo is still a contact
            }
            try transaction.execute("""
                UPDATE contacts SET profile_pic_file_name = ?, profile_pic_content_type = ?, profile_pic_file_size = ?,
                  profile_pic_updated_at = ? WHERE id = ?
                """, Array(record.bindings.suffix(4)) + [.integer(Int64(record.id))])
        }
    }
}
