import Foundation
import Storage

// The embedded contacts backend: its SQLite file, opened, migrated and seeded on first use; the home list's pages on it.

/// The embedded contacts backend: the REST contract of the contacts server, served in-process from a
/// SQLite file in the data directory (`contacts.sqlite`, WAL) through a ``RouteTable`` of
/// ``ContactsRoutes``. The app talks to it with the same `HTTPContactsService` and the same
/// requests as to a remote server, and gets the same answers: the validations and their messages,
/// favorites-first ordering, millisecond timestamps, `201`/`204`/`404`/`422` bodies, multipart
/// picture uploads (copied into the data directory, served back at Paperclip's path).
///
/// Every write is one `BEGIN IMMEDIATE` transaction, so two `apps-cli contacts` processes on the
/// same data directory wait for each other instead of losing a write; an update merges into the
/// row as it is inside that transaction.
public final class LocalContactsBackend: Sendable {
    public static let fileName = "contacts.sqlite"
    public static let photosFolder = "contact-photos"

    let database: SQLiteDatabase
    let photosDirectory: URL
    let missingPicture: Data?
    let now: @Sendable () -> Date

    /// Opens (creating and seeding on first use) the backend in `directory`.
    ///
    /// - Parameters:
    ///   - seed: the contacts a new file starts with (their photos are copied into the data directory);
    ///     evaluated only when the file is new.
    ///   - missingPicture: the PNG served at `/images/missing.png`.
    ///   - now: the clock for timestamps (tests fix it).
    /// - Throws: ``StorageError`` when the file cannot be opened or migrated.
    public init(directory: URL, seed: @autoclosure @escaping @Sendable () throws -> ContactsSeed? = nil, missingPicture: Data? = nil,
                now: @escaping @Sendable () -> Date = Date.init) throws {
        let database = try SQLiteDatabase.open(directory: directory, fileName: Self.fileName)
        let photosDirectory = directory.appendingPathComponent(Self.photosFolder, isDirectory: true)
        let created = Self.timestamp(now())
        try database.migrate([
            Migration(version: 1) { transaction in
                try transaction.execute("""
                    CREATE TABLE contacts (
                      id INTEGER PRIMARY KEY AUTOINCREMENT,
                      first_name TEXT, last_name TEXT, email TEXT, phone_number TEXT,
                      favorite INTEGER DEFAULT 0,
                      created_at TEXT NOT NULL, updated_at TEXT NOT NULL,
                      profile_pic_file_name TEXT, profile_pic_content_type TEXT,
                      profile_pic_file_size INTEGER, profile_pic_updated_at INTEGER)
                    """)
                // Seeded in the migration's transaction: a second process starting at the same time
                // waits for it and finds the contacts there, never seeds twice.
                try seed().map { try Self.insert($0, into: transaction, photosDirectory: photosDirectory, created: created) }
            },
            // The A–Z list in SQL: order keys, list positions, section counts and the name index.
            ContactListing.migration,
            ContactListing.wordsMigration,
        ])
        self.database = database
        self.photosDirectory = photosDirectory
        self.missingPicture = missingPicture
        self.now = now
    }

    /// The home list's pages, read from this store (contacts answered under `baseURL`).
    public func directory(baseURL: URL) -> StoredContactDirectory {
        StoredContactDirectory(backend: self, baseURL: baseURL)
    }
}
