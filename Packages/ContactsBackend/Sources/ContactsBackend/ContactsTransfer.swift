import ContactsCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JSONKit
import Storage

/// A contact as a file to import holds it: the server's shape (`first_name`, `last_name`, `email`,
/// `phone_number`, `favorite`; any may be missing or null), or a vCard's N/FN, EMAIL, TEL and a
/// "Favorites" category.
public struct TransferredContact: ConcurrentlyDecodable, Equatable {
    public var firstName: String?
    public var lastName: String?
    public var email: String?
    public var phoneNumber: String?
    public var favorite: Bool

    public init(firstName: String?, lastName: String?, email: String? = nil, phoneNumber: String? = nil, favorite: Bool = false) {
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phoneNumber = phoneNumber
        self.favorite = favorite
    }

    enum CodingKeys: String, CodingKey {
        case firstName = "first_name", lastName = "last_name", email, phoneNumber = "phone_number", favorite
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        firstName = try container.decodeIfPresent(String.self, forKey: .firstName)
        lastName = try container.decodeIfPresent(String.self, forKey: .lastName)
        email = try container.decodeIfPresent(String.self, forKey: .email)
        phoneNumber = try container.decodeIfPresent(String.self, forKey: .phoneNumber)
        favorite = try container.decodeIfPresent(Bool.self, forKey: .favorite) ?? false
    }
}

/// The two file formats of `--import` / `--export`.
public enum ContactsFileFormat: Sendable, Equatable {
    /// A JSON array of contacts in the server's shape.
    case json
    /// vCard 3.0 (written; 3.0 and 4.0 read).
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

/// What an import did: how many contacts it added, and each entry it left out with why.
public struct ContactsImportReport: Sendable, Equatable {
    public struct Skipped: Sendable, Equatable {
        /// The entry's place in the file (1-based: the array element, or the card).
        public var entry: Int
        public var reason: String
    }

    public var imported: Int
    public var skipped: [Skipped]
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

extension LocalContactsBackend {
    /// Files above this size are refused before they are read: a million contacts are about 150 MB.
    public static let importByteLimit = 1 << 30
    /// The longest field an import takes: a contact's page (at most 1 MB from the backend) must still open.
    public static let maximumFieldLength = 1_000
    /// Rows per INSERT: one statement prepared per batch, not per contact.
    static let importBatch = 500

    /// Adds the contacts of `file` (JSON or vCard, by its bytes) in one transaction: all of them or,
    /// when the store fails, none. Entries the server would refuse (its validations) or that cannot
    /// be read are left out and named. `progress` hears (done, total) after each batch.
    public func performImport(from file: URL, progress: (Int, Int) -> Void = { _, _ in }) throws(ContactsTransferError) -> ContactsImportReport {
        var data: Data
        do throws(RegularFile.Problem) {
            // Checked as a regular file first (a FIFO would block the read), then mapped, not copied.
            _ = try RegularFile.size(file.path, maximumBytes: Self.importByteLimit)
        } catch {
            switch error {
            case .missing: throw ContactsTransferError(kind: .unreadable, message: "\(file.path) could not be read: there is no such file.")
            case .notRegular(let kind): throw ContactsTransferError(kind: .unreadable, message: "\(file.path) is not a file: it is \(kind).")
            case .tooLarge: throw ContactsTransferError(kind: .unreadable, message: "\(file.path) is larger than 1 GB; split it into smaller files.")
            case .unreadable(let reason): throw ContactsTransferError(kind: .unreadable, message: "\(file.path) could not be read: \(reason).")
            }
        }
        do {
            data = try Data(contentsOf: file, options: .mappedIfSafe)
        } catch {
            throw ContactsTransferError(kind: .unreadable, message: "\(file.path) could not be read: \((error as NSError).localizedDescription)")
        }
        guard !data.isEmpty else { throw ContactsTransferError(kind: .malformed, message: "\(file.path) is empty.") }
        // A byte order mark is no part of the list (editors on Windows write one).
        if data.starts(with: [0xEF, 0xBB, 0xBF]) { data = data.dropFirst(3) }
        var skipped: [ContactsImportReport.Skipped] = []
        let entries: [(entry: Int, contact: TransferredContact)]
        switch ContactsFileFormat.sniffed(data) {
        case .json?:
            let decoded: [Lossy<TransferredContact>]
            do {
                decoded = try LazyJSONDecoder().decode([Lossy<TransferredContact>].self, from: data)
            } catch {
                // Where and why (a syntax error's place in the file), not only that it is unreadable.
                let detail: String
                if case .dataCorrupted(let context)? = error as? DecodingError, context.codingPath.isEmpty {
                    detail = context.debugDescription  // the syntax error and where it is
                } else {
                    detail = (error as? DecodingError).map(DecodingErrorDescription.describe) ?? DecodingProblem.predicate(for: error)
                }
                throw ContactsTransferError(kind: .malformed, message: "\(file.path) is not a JSON list of contacts: \(detail)")
            }
            var found: [(Int, TransferredContact)] = []
            found.reserveCapacity(decoded.count)
            for (offset, entry) in decoded.enumerated() {
                if let contact = entry.value { found.append((offset + 1, contact)) } else {
                    skipped.append(.init(entry: offset + 1, reason: entry.reason ?? "the entry cannot be read"))
                }
            }
            entries = found
        case .vCard?:
            guard let text = String(bytes: data, encoding: .utf8) else {
                throw ContactsTransferError(kind: .malformed, message: "\(file.path) is not UTF-8 text (vCard 3.0 and 4.0 are).")
            }
            let cards = VCard.read(text)
            var found: [(Int, TransferredContact)] = []
            for (offset, card) in cards.enumerated() {
                switch card {
                case .success(let contact): found.append((offset + 1, contact))
                case .failure(let problem): skipped.append(.init(entry: offset + 1, reason: problem.reason))
                }
            }
            entries = found
        case nil:
            throw ContactsTransferError(kind: .malformed, message: "\(file.path) is neither a JSON list of contacts nor a vCard file.")
        }
        // The server's validations, with its messages; and no field longer than a contact's page can show.
        var valid: [TransferredContact] = []
        valid.reserveCapacity(entries.count)
        for (entry, contact) in entries {
            if let long = [("First name", contact.firstName), ("Last name", contact.lastName), ("Email", contact.email),
                           ("Phone number", contact.phoneNumber)].first(where: { ($0.1?.count ?? 0) > Self.maximumFieldLength }) {
                skipped.append(.init(entry: entry, reason: "\(long.0) is longer than \(Self.maximumFieldLength) characters"))
                continue
            }
            let violations = ContactRules.violations(firstName: contact.firstName, lastName: contact.lastName, email: contact.email,
                                                     phoneNumber: contact.phoneNumber)
            if violations.isEmpty { valid.append(contact) } else {
                skipped.append(.init(entry: entry, reason: violations.map(ContactsRoutes.message(for:)).joined(separator: "; ")))
            }
        }
        skipped.sort { $0.entry < $1.entry }
        do {
            try insert(valid, progress: progress)
        } catch {
            throw ContactsTransferError(kind: .store, message: "nothing was imported: \(error)")
        }
        return ContactsImportReport(imported: valid.count, skipped: skipped)
    }

    /// `path` with every link and `.`/`..` resolved; nil when it does not exist.
    private static func resolved(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    /// Inserts `contacts` in one transaction. Into an empty (or small) address book they go in
    /// list order with their positions, the name index and counts built once at the end; a few into
    /// a large one are placed one by one, so the rows already there keep their places.
    private func insert(_ contacts: [TransferredContact], progress: (Int, Int) -> Void) throws {
        let created = Self.timestamp(Date())
        let keys = contacts.map { ContactListing.Keys(firstName: $0.firstName ?? "", lastName: $0.lastName ?? "") }
        // A big page cache for the import's own connection: the indexes are built in memory, not on disk page by page.
        try database.execute("PRAGMA cache_size = -262144")
        defer { try? database.execute("PRAGMA cache_size = -2000") }
        try database.transaction { transaction in
            let existing = try transaction.query("SELECT count(*) AS n FROM contacts").first?.int("n") ?? 0
            guard contacts.count * 20 >= existing else {
                for (index, contact) in contacts.enumerated() {
                    var record = StoredContact(id: 0, createdAt: created, updatedAt: created)
                    record.firstName = contact.firstName ?? ""
                    record.lastName = contact.lastName ?? ""
                    record.email = contact.email
                    record.phoneNumber = contact.phoneNumber
                    record.favorite = contact.favorite
                    _ = try Self.insertListed(record, into: transaction)
                    if index % Self.importBatch == Self.importBatch - 1 || index == contacts.count - 1 { progress(index + 1, contacts.count) }
                }
                return
            }
            try ContactListing.performBulk({
                // In list order, so that ids follow it among equal names, as positions do.
                let order = keys.indices.sorted { keys[$0].orderKey.utf8.lexicographicallyPrecedes(keys[$1].orderKey.utf8) }
                let positions = existing == 0 ? ContactListing.spreadPositions(ofOrdered: order.map { keys[$0].orderKey }) : nil
                var done = 0
                while done < order.count {
                    let batch = order[done..<min(order.count, done + Self.importBatch)]
                    var bindings: [SQLiteValue] = []
                    bindings.reserveCapacity(batch.count * 10)
                    for (offset, index) in zip(done..., batch) {
                        let contact = contacts[index]
                        bindings += [.text(contact.firstName ?? ""), .text(contact.lastName ?? ""), contact.email.map(SQLiteValue.text) ?? .null,
                                     contact.phoneNumber.map(SQLiteValue.text) ?? .null, SQLiteValue(contact.favorite),
                                     .text(created), .text(created), .text(keys[index].orderKey), .text(keys[index].searchWords),
                                     positions.map { .integer($0[offset]) } ?? .null]
                    }
                    let rows = Array(repeating: "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", count: batch.count).joined(separator: ", ")
                    try transaction.execute("""
                        INSERT INTO contacts (first_name, last_name, email, phone_number, favorite, created_at, updated_at,
                          order_key, search_words, list_position)
                        VALUES \(rows)
                        """, bindings)
                    done += batch.count
                    progress(done, order.count)
                }
                // Into an address book that had contacts: the sections they join are numbered again.
                if positions == nil { try ContactListing.renumberUnplaced(in: transaction) }
            }, in: transaction)
        }
    }

    /// Writes every contact to `file` in list order, as a JSON array in the server's shape or as
    /// vCard 3.0 (by the file's extension), through a temporary file beside it that `rename(2)` puts
    /// in its place at the end: a failed export never leaves half a file, and never touches the file
    /// that was there. Only a regular file is replaced: a folder, a device or a link is refused.
    /// Returns how many contacts it wrote.
    ///
    /// A file in the folder of this address book's store (the data directory, with its stores, photos
    /// and kept catalogs: reached through any link), or a file that is one of the app's stores — this
    /// address book's database (or its journal), or any file `stores` names — whatever name or hard
    /// link it is reached by (the same device and inode), is refused: writing the list over a store
    /// would destroy it at the next launch.
    public func performExport(to file: URL, format: ContactsFileFormat? = nil, stores: [URL] = []) throws(ContactsTransferError) -> Int {
        let format = format ?? ContactsFileFormat.named(file)
        func unwritable(_ reason: String) -> ContactsTransferError {
            ContactsTransferError(kind: .unwritable, message: "\(file.path) could not be written: \(reason).")
        }
        var status = stat()
        let exists = lstat(file.path, &status) == 0
        if exists, status.st_mode & S_IFMT != S_IFREG {
            throw unwritable("it is not a regular file (a folder, a device or a link), and only a file is replaced")
        }
        let dataDirectory = Self.resolved(URL(fileURLWithPath: database.path).deletingLastPathComponent().path)
        if let folder = Self.resolved(file.deletingLastPathComponent().path), let dataDirectory,
           folder == dataDirectory || folder.hasPrefix(dataDirectory.hasSuffix("/") ? dataDirectory : dataDirectory + "/") {
            throw unwritable("it is inside the data directory \(dataDirectory), where apps-cli keeps its stores; export to a file elsewhere")
        }
        if exists {
            let own = ["", "-wal", "-shm", "-journal"].map { URL(fileURLWithPath: database.path + $0) }
            for store in own + stores {
                var storeStatus = stat()
                if stat(store.path, &storeStatus) == 0, storeStatus.st_dev == status.st_dev, storeStatus.st_ino == status.st_ino {
                    throw unwritable("it is \(store.lastPathComponent), a store of apps-cli's own data, and writing over it would destroy it; "
                                     + "export to a file of its own")
                }
            }
        }
        // The replaced file's permissions stay (an address book kept private stays private); a new one is the owner's only.
        let mode = exists ? status.st_mode & 0o7777 : 0o600
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        // O_EXCL: the temporary name is ours alone, never a file (or link) someone left there.
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw unwritable(String(cString: strerror(errno))) }
        fchmod(descriptor, mode)
        close(descriptor)
        var count = 0
        do {
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            var buffer: [UInt8] = []
            buffer.reserveCapacity(1 << 20)
            func flush(_ force: Bool) throws {
                guard force || buffer.count >= 1 << 20 else { return }
                try handle.write(contentsOf: buffer)
                buffer.removeAll(keepingCapacity: true)
            }
            if format == .json { buffer.append(UInt8(ascii: "[")) }
            try database.forEachRow("""
                SELECT id, first_name, last_name, email, phone_number, favorite FROM contacts ORDER BY list_position
                """) { row in
                let contact = TransferredContact(firstName: try row.string(at: 1), lastName: try row.string(at: 2), email: try row.string(at: 3),
                                                 phoneNumber: try row.string(at: 4), favorite: try row.bool(at: 5) == true)
                switch format {
                case .json:
                    if count > 0 { buffer.append(UInt8(ascii: ",")) }
                    buffer.append(contentsOf: "\n{\"id\":".utf8)
                    JSONText.append(try row.int(at: 0) ?? 0, to: &buffer)
                    for (key, value) in [("first_name", contact.firstName), ("last_name", contact.lastName), ("email", contact.email),
                                         ("phone_number", contact.phoneNumber)] {
                        buffer.append(contentsOf: ",\"\(key)\":".utf8)
                        if let value { JSONText.append(value, to: &buffer) } else { buffer.append(contentsOf: "null".utf8) }
                    }
                    buffer.append(contentsOf: (contact.favorite ? ",\"favorite\":true}" : ",\"favorite\":false}").utf8)
                case .vCard:
                    buffer.append(contentsOf: VCard.write(contact).utf8)
                }
                count += 1
                try flush(false)
            }
            if format == .json { buffer.append(contentsOf: "\n]\n".utf8) }
            try flush(true)
            try handle.synchronize()
            try handle.close()
            // The one step that replaces the old file: atomic, and nothing of it is lost before.
            guard rename(temporary.path, file.path) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        } catch let error as StorageError {
            unlink(temporary.path)
            throw ContactsTransferError(kind: .store, message: "nothing was exported: \(error.message)")
        } catch let error as POSIXError {
            unlink(temporary.path)
            throw unwritable(String(cString: strerror(error.code.rawValue)))
        } catch {
            unlink(temporary.path)
            throw unwritable((error as NSError).localizedDescription)
        }
        return count
    }
}
