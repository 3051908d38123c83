import ContactsCore
import Foundation
import Storage
import Synchronization
import TextSearch

/// The embedded store's pages of the home list, answered in SQL (``ContactListing``): the sections
/// from `contact_sections` or, for a search, from the FTS5 index's rowids; a page by list position
/// from its section's start. What a screen costs does not grow with the address book.
public final class StoredContactDirectory: ContactDirectory {
    private let backend: LocalContactsBackend
    private let baseURL: URL
    /// The last search's sections, for the pages that follow it (counting matches is the one step
    /// that grows with them), with the store's state they were counted at: `PRAGMA data_version`
    /// (another process's change: an import, a second window) and `total_changes()` (a change through
    /// this connection that no ``performNote(_:)`` announced) count them again.
    private let lastSearch = Mutex<(match: String, version: String, sections: [Int64: Int])?>(nil)

    init(backend: LocalContactsBackend, baseURL: URL) {
        self.backend = backend
        self.baseURL = baseURL
    }

    /// Nothing to fetch: every call reads the store.
    public func performRefresh() async throws(ContactsError) -> ContactRefresh {
        lastSearch.withLock { $0 = nil }
        return ContactRefresh()
    }

    /// The store has the change already (it was saved through the backend's routes).
    public func performNote(_ change: ContactDirectoryChange) async {
        lastSearch.withLock { $0 = nil }
    }

    public func obtainIndex(matching query: String, locating id: Int?) async throws(ContactsError) -> ContactIndex {
        let match = Self.match(query)
        return try await read { [self] database in
            let counts = try sections(matching: match, in: database)
            let total = try database.query("SELECT sum(count) AS total FROM contact_sections").first?.int("total") ?? 0
            var position: Int?
            if let id, let listed = try database.query("SELECT list_position FROM contacts WHERE id = ?", [.integer(Int64(id))])
                .first.flatMap({ try $0.int64("list_position") }) {
                position = try self.position(of: listed, matching: match, counts: counts, in: database)
            }
            let sections = counts.keys.sorted().map { ContactSection(letter: ContactOrder.sectionLetters[Int($0)], count: counts[$0] ?? 0) }
            return ContactIndex(sections: sections, total: total, position: position)
        }
    }

    public func obtainContacts(matching query: String, at positions: Range<Int>) async throws(ContactsError) -> [ContactSummary] {
        let match = Self.match(query)
        return try await read { [self] database in
            let counts = try sections(matching: match, in: database)
            // From the start of the section the page starts in: the offset stays within one section.
            var before = 0, from: Int64?
            for section in counts.keys.sorted() {
                let count = counts[section] ?? 0
                if positions.lowerBound < before + count { from = section << ContactListing.sectionShift; break }
                before += count
            }
            guard let from, positions.lowerBound >= 0 else { return [] } // past the end
            let offset = positions.lowerBound - before
            let columns = "c.id, c.first_name, c.last_name, c.favorite, c.profile_pic_file_name, c.profile_pic_updated_at"
            let sql: String, bindings: [SQLiteValue]
            if let match {
                sql = """
                    SELECT \(columns) FROM (SELECT rowid AS listed FROM contact_words WHERE contact_words MATCH ? AND rowid >= ?
                      ORDER BY rowid LIMIT ? OFFSET ?) JOIN contacts c ON c.list_position = listed ORDER BY listed
                    """
                bindings = [.text(match), .integer(from), .integer(Int64(positions.count)), .integer(Int64(offset))]
            } else {
                sql = "SELECT \(columns) FROM contacts c WHERE c.list_position >= ? ORDER BY c.list_position LIMIT ? OFFSET ?"
                bindings = [.integer(from), .integer(Int64(positions.count)), .integer(Int64(offset))]
            }
            var contacts: [ContactSummary] = []
            contacts.reserveCapacity(positions.count)
            try database.forEachRow(sql, bindings) { row in
                let id = try row.int(at: 0) ?? 0
                contacts.append(ContactSummary(
                    id: id, firstName: try row.string(at: 1) ?? "", lastName: try row.string(at: 2) ?? "",
                    profilePic: backend.profilePic(id: id, file: try row.string(at: 4), updated: try row.int(at: 5), base: baseURL),
                    favorite: try row.bool(at: 3) == true))
            }
            return contacts
        }
    }

    // MARK: Reading

    /// The FTS5 query for `query`'s words; nil when it has none (the whole list).
    private static func match(_ query: String) -> String? {
        let words = SearchQuery(query).words
        return words.isEmpty ? nil : ContactListing.matchQuery(words)
    }

    /// The non-empty sections' counts (by section number) of the whole list or of a search.
    private func sections(matching match: String?, in database: SQLiteDatabase) throws -> [Int64: Int] {
        guard let match else {
            var counts: [Int64: Int] = [:]
            try database.forEachRow("SELECT section, count FROM contact_sections WHERE count > 0") { counts[try $0.int64(at: 0) ?? 0] = try $0.int(at: 1) ?? 0 }
            return counts
        }
        let version = "\(try database.query("PRAGMA data_version").first?.int("data_version") ?? 0)/"
            + "\(try database.query("SELECT total_changes() AS changes").first?.int("changes") ?? 0)"
        if let kept = lastSearch.withLock({ $0 }), kept.match == match, kept.version == version { return kept.sections }
        var counts: [Int64: Int] = [:]
        try database.forEachRow(Self.sectionCountsQuery, [.text(match)]) { row in
            for section in 0..<ContactListing.sectionCount {
                let count = try row.int(at: section) ?? 0
                if count > 0 { counts[Int64(section)] = count }
            }
        }
        lastSearch.withLock { $0 = (match, version, counts) }
        return counts
    }

    /// Each section's matches counted over its own rowid range: FTS5 seeks to the range and counts
    /// the doclist, where a `GROUP BY rowid >> 56` would hand every match to a sorter (3x slower at 1M).
    private static let sectionCountsQuery = "SELECT " + (0..<Int64(ContactListing.sectionCount)).map { section in
        "(SELECT count(*) FROM contact_words WHERE contact_words MATCH ?1 AND rowid >= \(section << ContactListing.sectionShift)"
            + " AND rowid < \((section + 1) << ContactListing.sectionShift))"
    }.joined(separator: ", ")

    /// The position of the contact at list position `listed` among the search's matches; nil when it is not one.
    private func position(of listed: Int64, matching match: String?, counts: [Int64: Int], in database: SQLiteDatabase) throws -> Int? {
        let section = listed >> ContactListing.sectionShift
        let before = counts.filter { $0.key < section }.values.reduce(0, +)
        let start: SQLiteValue = .integer(section << ContactListing.sectionShift)
        guard let match else {
            let within = try database.query("SELECT count(*) AS n FROM contacts WHERE list_position >= ? AND list_position < ?",
                                            [start, .integer(listed)]).first?.int("n") ?? 0
            return before + within
        }
        let found = try database.query("SELECT count(*) AS n FROM contact_words WHERE contact_words MATCH ? AND rowid = ?",
                                       [.text(match), .integer(listed)]).first?.int("n") ?? 0
        guard found > 0 else { return nil }
        let within = try database.query("SELECT count(*) AS n FROM contact_words WHERE contact_words MATCH ? AND rowid >= ? AND rowid < ?",
                                        [.text(match), start, .integer(listed)]).first?.int("n") ?? 0
        return before + within
    }

    /// Runs `body` on the backend's database queue, a store failure as the feature's error.
    private func read<T: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase) throws -> T) async throws(ContactsError) -> T {
        do {
            return try await backend.onQueue { [backend] in try body(backend.database) }
        } catch let error as StorageError {
            if case .diskFull = error { throw ContactsError.unavailable(.status(code: 507)) }
            throw ContactsError.unavailable(.other(detail: "The contacts store could not be read: \(error.message)"))
        } catch {
            throw ContactsError.unavailable(.other(detail: "The contacts store could not be read: \(error)"))
        }
    }
}
