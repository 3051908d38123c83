import ContactsCore
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import JSONKit
import Storage

extension LocalContactsBackend {
    /// Files above this size are refused before they are read: a million contacts are about 150 MB.
    public static let importByteLimit = 1 << 30
    /// The longest field an import takes: a contact's page (at most 1 MB from the backend) must still open.
    public static let maximumFieldLength = 1_000
    /// Rows per INSERT: one statement prepared per batch, not per contact.
    static let importBatch = 500

    /// Adds the contacts of `file` (JSON or vCard, by its bytes) in one transaction: all of them or,
    /// when the store fails, none. Entries the server would refuse (its validations) or that cannot
    /// be read are left out and named; what an imported entry held that its contact cannot (a second
    /// number, a photo that is a link or no picture) is in the report's notes. Photos are stored as
    /// the contact's picture, as an upload of them would be. `progress` hears (done, total) after each batch.
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
            // Read as bytes: a 2.1 card's values may be in charsets of their own (CHARSET=ISO-8859-1).
            let cards = VCard.read(data)
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
        var notes: [ContactsImportReport.Note] = []
        valid.reserveCapacity(entries.count)
        for (entry, var contact) in entries {
            if let long = [("First name", contact.firstName), ("Last name", contact.lastName), ("Email", contact.email),
                           ("Phone number", contact.phoneNumber)].first(where: { ($0.1?.count ?? 0) > Self.maximumFieldLength }) {
                skipped.append(.init(entry: entry, reason: "\(long.0) is longer than \(Self.maximumFieldLength) characters"))
                continue
            }
            let violations = ContactRules.violations(firstName: contact.firstName, lastName: contact.lastName, email: contact.email,
                                                     phoneNumber: contact.phoneNumber)
            if violations.isEmpty {
                // The picture's own checks leave the contact without it, never out of the import.
                if let photo = contact.photo, let problem = ContactPhoto.problem(with: photo) {
                    contact.photo = nil
                    contact.notes.append(problem)
                }
                notes += contact.notes.map { ContactsImportReport.Note(entry: entry, text: $0) }
                valid.append(contact)
            } else {
                skipped.append(.init(entry: entry, reason: violations.map(ContactsRoutes.message(for:)).joined(separator: "; ")))
            }
        }
        skipped.sort { $0.entry < $1.entry }
        do {
            try insert(valid, progress: progress)
        } catch {
            throw ContactsTransferError(kind: .store, message: "nothing was imported: \(error)")
        }
        return ContactsImportReport(imported: valid.count, skipped: skipped, notes: notes)
    }

    /// Inserts `contacts` in one transaction. Into an empty (or small) address book they go in
    /// list order with their positions, the name index and counts built once at the end; a few into
    /// a large one are placed one by one, so the rows already there keep their places.
    private func insert(_ contacts: [TransferredContact], progress: (Int, Int) -> Void) throws {
        let time = now()
        let created = Self.timestamp(time)
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
                    let id = try Self.insertListed(record, into: transaction)
                    if let photo = contact.photo { try storeImportedPhoto(photo, contactID: Int(id), time: time, in: transaction) }
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
                    // One statement's rows take consecutive ids in VALUES order (AUTOINCREMENT: each the
                    // largest yet plus one), so the batch's last id names them all.
                    let firstID = Int(transaction.lastInsertRowID) - batch.count + 1
                    for (offset, index) in batch.enumerated() {
                        if let photo = contacts[index].photo {
                            try storeImportedPhoto(photo, contactID: firstID + offset, time: time, in: transaction)
                        }
                    }
                    done += batch.count
                    progress(done, order.count)
                }
                // Into an address book that had contacts: the sections they join are numbered again.
                if positions == nil { try ContactListing.renumberUnplaced(in: transaction) }
            }, in: transaction)
        }
    }

    /// Stores an imported picture as an upload of its bytes as a `data:` URI is stored (its type
    /// from its bytes, named `data`, in `contact-photos/<id>/`), and names it in the contact's row.
    private func storeImportedPhoto(_ data: Data, contactID id: Int, time: Date, in transaction: SQLiteTransaction) throws {
        var record = StoredContact(id: id, createdAt: "", updatedAt: "")
        // An id handed out again after a rolled-back import may still have that import's files.
        Self.removeLeftovers(ofContact: id, in: photosDirectory, keeping: nil)
        let type = ContactPhoto.contentType(of: data) ?? "application/octet-stream"
        do {
            try store(ContactParams.Picture(upload: PhotoUpload(filename: "data", contentType: type, data: data), contentType: type,
                                            spoofed: false, time: time), for: &record)
        } catch {
            throw PhotoNotStored(folder: photosDirectory.path)
        }
        try transaction.execute("""
            UPDATE contacts SET profile_pic_file_name = ?, profile_pic_content_type = ?, profile_pic_file_size = ?,
              profile_pic_updated_at = ? WHERE id = ?
            """, Array(record.bindings.suffix(4)) + [.integer(Int64(id))])
    }
}

/// An imported photo's file could not be written (the disk is full, the folder is not writable).
private struct PhotoNotStored: Error, CustomStringConvertible {
    var folder: String
    var description: String { "a photo could not be written into \(folder)" }
}
