import ContactsCore
import Foundation
import HTTPClient
import ImageKit
import JSONKit
import Storage

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
    private let missingPicture: Data?
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

    /// The routes of the contract, answering requests sent under `baseURL`.
    public func routeTable(baseURL: URL) -> RouteTable {
        let base = baseURL
        return RouteTable(baseURL: baseURL, routes: [
            .init(ContactsRoutes.list) { [self] request in try await answer(request) { try self.list(base: base) } },
            .init(ContactsRoutes.create) { [self] request in try await answer(request) { try self.create(request.request, base: base) } },
            .init(ContactsRoutes.show) { [self] request in try await answer(request) { try self.show(request.captures["id"], base: base) } },
            .init(ContactsRoutes.update) { [self] request in
                try await answer(request) { try self.update(request.captures["id"], request.request, base: base) }
            },
            .init(ContactsRoutes.patch) { [self] request in
                try await answer(request) { try self.update(request.captures["id"], request.request, base: base) }
            },
            .init(ContactsRoutes.destroy) { [self] request in try await answer(request) { try self.destroy(request.captures["id"]) } },
            .init(ContactsRoutes.missingPicture) { [self] request in
                guard let missingPicture else { return .status(404, url: request.request.url) }
                return HTTPResponse(statusCode: 200, headers: ["Content-Type": "image/png"], body: missingPicture, url: request.request.url)
            },
            .init(ContactsRoutes.picture) { [self] request in try await onQueue { try self.picture(request) } },
        ])
    }

    /// The home list's pages, read from this store (contacts answered under `baseURL`).
    public func directory(baseURL: URL) -> StoredContactDirectory {
        StoredContactDirectory(backend: self, baseURL: baseURL)
    }

    // MARK: Answers

    /// What a handler returns: a status, a JSON body (or none), extra headers.
    struct Answer: Error, Sendable {
        var status: Int
        /// The JSON body, if any.
        var body: Data?
        var headers: [String: String] = [:]

        init(status: Int, body: Data?, headers: [String: String] = [:]) {
            self.status = status
            self.body = body
            self.headers = headers
        }

        init(status: Int, json: String?, headers: [String: String] = [:]) {
            self.init(status: status, body: json.map { Data($0.utf8) }, headers: headers)
        }

        static func status(_ code: Int) -> Answer { Answer(status: code, json: nil) }
    }

    /// Runs `body` on the database's own queue (``SQLiteDatabase/perform(_:)``): SQLite and file work
    /// blocks (a write may wait seconds for another process), so requests are answered there, one at a
    /// time, never on the concurrency pool's few threads.
    func onQueue<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await database.perform { _ in try body() }
    }

    private func answer(_ request: RouteTable.Request, _ work: @escaping @Sendable () throws -> Answer) async throws -> HTTPResponse {
        let answer: Answer
        do {
            answer = try await onQueue(work)
        } catch let early as Answer {
            answer = early
        } catch let error as StorageError {
            // A full disk is said as such (507 Insufficient Storage, which the app words "the disk is
            // full"); a file locked by another process for longer than the busy timeout, or broken, is
            // the server's 500, with the reason in the log a server would keep.
            let status = { if case .diskFull = error { 507 } else { 500 } }()
            answer = Answer(status: status, json: Self.statusBody(status, detail: error.message))
        }
        let url = request.request.url
        guard let body = answer.body else {
            if answer.status == 204 { return HTTPResponse(statusCode: 204, headers: answer.headers, url: url) }
            return .status(answer.status, url: url)
        }
        return .json(answer.status, body, url: url, headers: answer.headers)
    }

    private static func statusBody(_ code: Int, detail: String? = nil) -> String {
        var pairs = [("status", JSONText.string(String(code))), ("error", JSONText.string(HTTPError.reasonPhrase(for: code) ?? "Error"))]
        if let detail { pairs.append(("detail", JSONText.string(detail))) }
        return JSONText.object(pairs)
    }

    private func list(base: URL) throws -> Answer {
        // Read by position into a compact value per contact: no row of values per contact, no lookup by name.
        var contacts: [ListedContact] = []
        try database.forEachRow(ListedContact.query) { contacts.append(try ListedContact($0)) }
        // Sorted through positions: 10,000 contacts are not copied twice for the sort.
        let keys = contacts.map(ListOrder.init(contact:))
        let order = keys.indices.sorted { keys[$0] < keys[$1] }
        // The detail URL's parts around the id, built once through the route (not once per contact).
        let probe = try ContactsRoutes.show.url(base: base, ["id": "1"]).absoluteString
        // Escaped once, its closing quote dropped: the id and ".json" need no escaping.
        var urlHead: [UInt8] = []
        JSONText.append(String(probe.dropLast("1.json".count)), to: &urlHead)
        urlHead.removeLast()
        // One buffer of UTF-8 for the whole list (10,000 contacts are about 1.5 MB): no string per
        // contact, the fixed parts made once.
        let idKey = Array(#"{"id":"#.utf8), firstKey = Array(#","first_name":"#.utf8), lastKey = Array(#","last_name":"#.utf8)
        let pictureKey = Array(#","profile_pic":"#.utf8), urlTail = Array(#".json"}"#.utf8)
        let favorite = Array(#","favorite":true,"url":"#.utf8), notFavorite = Array(#","favorite":false,"url":"#.utf8)
        var missingPicture: [UInt8] = []
        JSONText.append(Contact.missingPicture, to: &missingPicture)
        var json: [UInt8] = []
        json.reserveCapacity(order.count * 170 + 2)
        json.append(UInt8(ascii: "["))
        for (index, position) in order.enumerated() {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            let id = contacts[position].id
            json.append(contentsOf: idKey)
            JSONText.append(id, to: &json)
            json.append(contentsOf: firstKey)
            JSONText.append(contacts[position].firstName, to: &json)
            json.append(contentsOf: lastKey)
            JSONText.append(contacts[position].lastName, to: &json)
            json.append(contentsOf: pictureKey)
            if let file = contacts[position].pictureFileName, let updated = contacts[position].pictureUpdatedAt {
                JSONText.append(profilePic(id: id, file: file, updated: updated, base: base), to: &json)
            } else {
                json.append(contentsOf: missingPicture)
            }
            json.append(contentsOf: contacts[position].favorite ? favorite : notFavorite)
            json.append(contentsOf: urlHead)
            JSONText.append(id, to: &json)
            json.append(contentsOf: urlTail)
        }
        json.append(UInt8(ascii: "]"))
        return Answer(status: 200, body: Data(json))
    }

    private func show(_ id: String?, base: URL) throws -> Answer {
        let id = try Self.recordID(id)
        guard let contact = try database.query("SELECT * FROM contacts WHERE id = ?", [.integer(id)]).first.map(StoredContact.init) else {
            throw Answer(status: 404, json: Self.statusBody(404))
        }
        return Answer(status: 200, json: detail(contact, base: base))
    }

    private func create(_ request: HTTPRequest, base: URL) throws -> Answer {
        let params = try ContactParams(request)
        let time = now()
        let contact: StoredContact = try database.transaction { transaction in
            var record = StoredContact(id: 0, createdAt: Self.timestamp(time), updatedAt: Self.timestamp(time))
            record.favorite = false
            let picture = try params.apply(to: &record, time: time)
            try Self.validate(record, picture: picture)
            record.id = Int(try Self.insertListed(record, into: transaction))
            Self.removeLeftovers(ofContact: record.id, in: photosDirectory, keeping: nil)
            if let picture { try store(picture, for: &record) }
            try transaction.execute("""
                UPDATE contacts SET profile_pic_file_name = ?, profile_pic_content_type = ?, profile_pic_file_size = ?,
                  profile_pic_updated_at = ? WHERE id = ?
                """, Array(record.bindings.suffix(4)) + [.integer(Int64(record.id))])
            return record
        }
        let location = try ContactsRoutes.show.url(base: base, ["id": String(contact.id)]).absoluteString
        return Answer(status: 201, json: detail(contact, base: base), headers: ["Location": String(location.dropLast(".json".count))])
    }

    private func update(_ id: String?, _ request: HTTPRequest, base: URL) throws -> Answer {
        let id = try Self.recordID(id)
        let params = try ContactParams(request)
        let time = now()
        let (contact, replaced): (StoredContact, URL?) = try database.transaction { transaction in
            guard let stored = try transaction.query("SELECT * FROM contacts WHERE id = ?", [.integer(id)]).first.map(StoredContact.init) else {
                throw Answer(status: 404, json: Self.statusBody(404))
            }
            var record = stored
            let picture = try params.apply(to: &record, time: time)
            try Self.validate(record, picture: picture)
            if let picture {
                Self.removeLeftovers(ofContact: record.id, in: photosDirectory, keeping: pictureFile(stored))
                try store(picture, for: &record)
            }
            guard record != stored else { return (stored, nil) } // nothing changed: updated_at stays
            record.updatedAt = Self.timestamp(time)
            try transaction.execute("""
                UPDATE contacts SET first_name = ?, last_name = ?, email = ?, phone_number = ?, favorite = ?, created_at = ?,
                  updated_at = ?, profile_pic_file_name = ?, profile_pic_content_type = ?, profile_pic_file_size = ?,
                  profile_pic_updated_at = ? WHERE id = ?
                """, record.bindings + [.integer(id)])
            // A new name takes its new place in the list (and in the name index).
            let keys = ContactListing.Keys(firstName: record.firstName, lastName: record.lastName)
            if keys != ContactListing.Keys(firstName: stored.firstName, lastName: stored.lastName) {
                try transaction.execute("UPDATE contacts SET order_key = ?, search_words = ?, list_position = NULL WHERE id = ?",
                                        [.text(keys.orderKey), .text(keys.searchWords), .integer(id)])
                try ContactListing.place(id: id, orderKey: keys.orderKey, in: transaction)
            }
            let old = pictureFile(stored)
            return (record, old == pictureFile(record) ? nil : old)
        }
        // The picture it replaced goes after the commit: a failed update keeps the row and its file together.
        if let replaced { try? FileManager.default.removeItem(at: replaced) }
        let location = try ContactsRoutes.show.url(base: base, ["id": String(contact.id)]).absoluteString
        return Answer(status: 200, json: detail(contact, base: base), headers: ["Location": String(location.dropLast(".json".count))])
    }

    private func destroy(_ id: String?) throws -> Answer {
        let id = try Self.recordID(id)
        let deleted: Bool = try database.transaction { transaction in
            try transaction.execute("DELETE FROM contacts WHERE id = ?", [.integer(id)])
            return transaction.changes > 0
        }
        guard deleted else { throw Answer(status: 404, json: Self.statusBody(404)) }
        // After the commit, as Paperclip deletes the file: a failed delete leaves the row, never a row without its file.
        try? FileManager.default.removeItem(at: photosDirectory.appendingPathComponent(String(id)))
        return Answer(status: 204, json: nil)
    }

    private func picture(_ request: RouteTable.Request) throws -> HTTPResponse {
        let url = request.request.url
        guard let a = request.captures["a"], let b = request.captures["b"], let c = request.captures["c"],
              let id = Int(a + b + c), let file = request.captures["file"],
              let row = try database.query("SELECT profile_pic_file_name, profile_pic_content_type FROM contacts WHERE id = ?",
                                           [.integer(Int64(id))]).first,
              try row.string("profile_pic_file_name") == file,
              let stored = try database.query("SELECT * FROM contacts WHERE id = ?", [.integer(Int64(id))]).first.map(StoredContact.init),
              let path = pictureFile(stored), let data = try? Data(contentsOf: path)
        else { return .status(404, url: url) }
        let type = try row.string("profile_pic_content_type") ?? "application/octet-stream"
        return HTTPResponse(statusCode: 200, headers: ["Content-Type": type, "Content-Length": "\(data.count)"], body: data, url: url)
    }

    // MARK: Representations

    private func detail(_ contact: StoredContact, base: URL) -> String {
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
    private func profilePic(_ contact: StoredContact, base: URL) -> String {
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

    /// A stored picture's file: `contact-photos/<id>/<milliseconds>-<name>`, unique per upload, so a new
    /// picture never overwrites the one its row still names until the row is committed.
    func pictureFile(_ contact: StoredContact) -> URL? {
        Self.pictureFile(contact, in: photosDirectory)
    }

    static func pictureFile(_ contact: StoredContact, in photosDirectory: URL) -> URL? {
        guard let name = contact.pictureFileName, let updated = contact.pictureUpdatedAt else { return nil }
        return photosDirectory.appendingPathComponent(String(contact.id), isDirectory: true).appendingPathComponent("\(updated)-\(name)")
    }

    // MARK: Pictures

    /// Clears what an interrupted write left in a contact's photo folder: the temporary file of a
    /// killed atomic write, or a picture whose row was rolled back (SQLite hands a rolled-back id
    /// out again). Called inside the write transaction, where no other writer can be storing a
    /// picture for this id; `committed` is the file the committed row names, if any. A file that
    /// cannot go is harmless and left. (A damaged store's photos are moved aside with it before a
    /// new store starts, so they are never taken for leftovers.)
    static func removeLeftovers(ofContact id: Int, in photosDirectory: URL, keeping committed: URL?) {
        let folder = photosDirectory.appendingPathComponent(String(id), isDirectory: true)
        guard let committed else {
            try? FileManager.default.removeItem(at: folder)
            return
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name != committed.lastPathComponent {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// Copies an uploaded picture into the data directory (`contact-photos/<id>/<file>`, atomically).
    func store(_ picture: ContactParams.Picture, for record: inout StoredContact) throws {
        guard let upload = picture.upload else {
            record.pictureFileName = nil
            record.pictureContentType = nil
            record.pictureFileSize = nil
            record.pictureUpdatedAt = nil
            return
        }
        record.pictureFileName = Self.paperclipFileName(upload.filename)
        record.pictureContentType = upload.contentType
        record.pictureFileSize = upload.data.count
        record.pictureUpdatedAt = Int((picture.time.timeIntervalSince1970 * 1000).rounded(.down))
        guard let file = pictureFile(record) else { return }
        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try upload.data.write(to: file, options: .atomic)
        } catch {
            throw Answer(status: 500, json: Self.statusBody(500, detail: "The picture could not be stored: \(error.localizedDescription)"))
        }
    }

    /// Paperclip's file name: its restricted characters and spaces become `_`; never empty, never a path.
    static func paperclipFileName(_ name: String) -> String {
        let restricted = Set("&$+,/:;=?@<>[]{}|\\^~%# \"'`".unicodeScalars)
        let cleaned = String(String.UnicodeScalarView(name.unicodeScalars.map {
            restricted.contains($0) || $0.properties.generalCategory == .control ? "_" : $0
        }))
        let trimmed = String(cleaned.drop { $0 == "." })
        return trimmed.isEmpty ? "data" : String(trimmed.prefix(120))
    }

    static let spoofMessage = "Profile pic has contents that are not what they are reported to be"

    /// The server's validations of the record as it would be saved: a 422 with its messages, in its order.
    static func validate(_ record: StoredContact, picture: ContactParams.Picture?) throws(Answer) {
        let errors = ContactRules.violations(firstName: record.firstName, lastName: record.lastName, email: record.email,
                                             phoneNumber: record.phoneNumber, pictureContentType: picture?.contentType)
            .map(ContactsRoutes.message(for:))
        let allErrors = (picture?.spoofed == true ? [spoofMessage] : []) + errors
        guard allErrors.isEmpty else { throw Answer(status: 422, json: errorsBody(allErrors)) }
    }

    // MARK: Helpers

    /// Rails' `to_i` of the id: its leading digits (`12abc` is 12); none, or 0, is not found; above
    /// the 32-bit range the server fails with 500.
    static func recordID(_ text: String?) throws -> Int64 {
        let digits = (text ?? "").prefix { $0.isASCII && $0.isNumber }
        guard let id = Int64(digits.prefix(18)), id > 0 else {
            if digits.count > 18 { throw Answer(status: 500, json: statusBody(500)) }
            throw Answer(status: 404, json: statusBody(404))
        }
        guard id <= Int64(Int32.max) else { throw Answer(status: 500, json: statusBody(500)) }
        return id
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

    private static func insert(_ seed: ContactsSeed, into transaction: SQLiteTransaction, photosDirectory: URL, created: String) throws {
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

    /// Inserts `record` with its keys and gives it its place in the list (a created contact); its id.
    static func insertListed(_ record: StoredContact, into transaction: SQLiteTransaction) throws -> Int64 {
        let keys = ContactListing.Keys(firstName: record.firstName, lastName: record.lastName)
        try transaction.execute("""
            INSERT INTO contacts (first_name, last_name, email, phone_number, favorite, created_at, updated_at,
              profile_pic_file_name, profile_pic_content_type, profile_pic_file_size, profile_pic_updated_at, order_key, search_words)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, record.bindings + [.text(keys.orderKey), .text(keys.searchWords)])
        let id = transaction.lastInsertRowID
        try ContactListing.place(id: id, orderKey: keys.orderKey, in: transaction)
        return id
    }

    /// A timestamp as written by ``timestamp(_:)``; the epoch for anything else.
    static func date(_ timestamp: String) -> Date {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: timestamp) ?? Date(timeIntervalSince1970: 0)
    }
}
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
