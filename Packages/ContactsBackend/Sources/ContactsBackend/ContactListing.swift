import ContactsCore
import Foundation
import Storage
import TextSearch

/// The embedded store's A–Z list, kept in SQL so that the home list reads a page, never the table.
///
/// Each contact has an `order_key` (``ContactOrder/orderKey(firstName:lastName:)``: its
/// section byte, then the folded names) and a `list_position`: an integer that sorts as
/// `(order_key, id)` does, with its section in the top bits (`section << 56`) and the contacts of a
/// section spread out below, so a new or renamed contact takes a number between its neighbours and
/// no other row moves. When two neighbours leave no room between them, their section is numbered
/// again. Triggers keep the rest in step inside every write's transaction:
/// - `contact_sections`: each section's count, so the sections of the whole list cost 27 rows;
/// - `contact_words`: an FTS5 index of the folded name words (`SearchQuery.words(ofFolded:)`, split as the tokenizer splits)
///   whose rowid is the list position, so a search's matches come in list order, counted per
///   section from the rowids alone (prefix indexes of one and two characters for the first keys typed).
enum ContactListing {
    static let sectionShift: Int64 = 56
    static let sectionCount = ContactOrder.sectionLetters.count
    /// The room a contact appended to a section leaves after it, so that adding in order rarely renumbers.
    static let appendSpacing: Int64 = 1 << 32

    static let migration = Migration(version: 2) { transaction in
        try transaction.execute("""
            ALTER TABLE contacts ADD COLUMN order_key TEXT NOT NULL DEFAULT '';
            ALTER TABLE contacts ADD COLUMN search_words TEXT NOT NULL DEFAULT '';
            ALTER TABLE contacts ADD COLUMN list_position INTEGER;
            CREATE UNIQUE INDEX contacts_list_position ON contacts(list_position);
            CREATE INDEX contacts_order ON contacts(order_key, id);
            CREATE TABLE contact_sections (section INTEGER PRIMARY KEY, count INTEGER NOT NULL DEFAULT 0);
            CREATE VIRTUAL TABLE contact_words USING fts5(
              search_words, content='contacts', content_rowid='list_position', prefix='1 2',
              tokenize="unicode61 remove_diacritics 0 categories 'L* N* Co M*'");
            """)
        try transaction.execute(triggers)
        for section in 0..<sectionCount { try transaction.execute("INSERT INTO contact_sections (section) VALUES (?)", [.integer(Int64(section))]) }
        // The rows of version 1 get their keys here, and their positions all at once.
        let rows = try transaction.query("SELECT id, first_name, last_name FROM contacts")
        for row in rows {
            let keys = Keys(firstName: try row.string("first_name") ?? "", lastName: try row.string("last_name") ?? "")
            try transaction.execute("UPDATE contacts SET order_key = ?, search_words = ? WHERE id = ?",
                                    [.text(keys.orderKey), .text(keys.searchWords), .integer(Int64(try row.int("id") ?? 0))])
        }
        try renumberUnplaced(in: transaction)
    }

    /// Version 2 split names into words a character at a time; the index's tokenizer, and now every
    /// search, splits a Unicode scalar at a time. The two differ only for names with other than ASCII
    /// (a mark after punctuation): those rows' words are worked out again, and written where they differ.
    static let wordsMigration = Migration(version: 3) { transaction in
        let rows = try transaction.query("""
            SELECT id, first_name, last_name, search_words FROM contacts
            WHERE first_name GLOB '*[^ -~]*' OR last_name GLOB '*[^ -~]*'
            """)
        for row in rows {
            let words = Keys(firstName: try row.string("first_name") ?? "", lastName: try row.string("last_name") ?? "").searchWords
            guard words != (try row.string("search_words")) else { continue }
            try transaction.execute("UPDATE contacts SET search_words = ? WHERE id = ?", [.text(words), .integer(try row.int64("id") ?? 0)])
        }
    }

    /// The triggers that keep `contact_words` and `contact_sections` in step with every write.
    static let triggers = """
        CREATE TRIGGER contacts_listed AFTER INSERT ON contacts WHEN new.list_position IS NOT NULL BEGIN
          INSERT INTO contact_words(rowid, search_words) VALUES (new.list_position, new.search_words);
          UPDATE contact_sections SET count = count + 1 WHERE section = new.list_position >> 56;
        END;
        CREATE TRIGGER contacts_unlisted AFTER DELETE ON contacts WHEN old.list_position IS NOT NULL BEGIN
          INSERT INTO contact_words(contact_words, rowid, search_words) VALUES ('delete', old.list_position, old.search_words);
          UPDATE contact_sections SET count = count - 1 WHERE section = old.list_position >> 56;
        END;
        CREATE TRIGGER contacts_relisted AFTER UPDATE OF list_position, search_words ON contacts BEGIN
          INSERT INTO contact_words(contact_words, rowid, search_words)
            SELECT 'delete', old.list_position, old.search_words WHERE old.list_position IS NOT NULL;
          UPDATE contact_sections SET count = count - 1 WHERE old.list_position IS NOT NULL AND section = old.list_position >> 56;
          INSERT INTO contact_words(rowid, search_words) SELECT new.list_position, new.search_words WHERE new.list_position IS NOT NULL;
          UPDATE contact_sections SET count = count + 1 WHERE new.list_position IS NOT NULL AND section = new.list_position >> 56;
        END;
        """

    /// A bulk import goes without them (``performBulk(_:in:)``).
    static let dropTriggers = "DROP TRIGGER contacts_listed; DROP TRIGGER contacts_unlisted; DROP TRIGGER contacts_relisted;"

    /// Runs `body` (which writes many contacts) with the triggers off, then builds the name index
    /// and the section counts again from the table in one pass each: per-row index updates would
    /// cost several times that. All inside the caller's transaction.
    static func performBulk(_ body: () throws -> Void, in transaction: SQLiteTransaction) throws {
        try transaction.execute(dropTriggers)
        try body()
        try transaction.execute("""
            INSERT INTO contact_words(contact_words) VALUES ('rebuild');
            UPDATE contact_sections SET count = 0;
            UPDATE contact_sections SET count = counted.n FROM
              (SELECT list_position >> 56 AS section, count(*) AS n FROM contacts WHERE list_position IS NOT NULL GROUP BY 1) AS counted
              WHERE contact_sections.section = counted.section;
            """)
        try transaction.execute(triggers)
    }

    /// A name's keys as the columns keep them.
    struct Keys: Equatable {
        var orderKey: String
        var searchWords: String

        init(firstName: String, lastName: String) {
            let first = SearchQuery.fold(firstName), last = SearchQuery.fold(lastName)
            orderKey = ContactOrder.orderKey(foldedFirst: first, foldedLast: last)
            searchWords = SearchQuery.words(ofFolded: first + " " + last).joined(separator: " ")
        }
    }

    /// Gives the contact `id` (whose keys are stored and whose position is NULL) its list position:
    /// between its neighbours in `(order_key, id)` order, renumbering its section when they leave no room.
    static func place(id: Int64, orderKey: String, in transaction: SQLiteTransaction) throws {
        let section = Int64(ContactOrder.sectionRank(ofOrderKey: orderKey))
        let low = section << sectionShift, high = (section + 1) << sectionShift
        let bindings: [SQLiteValue] = [.text(orderKey), .integer(id)]
        let before = try transaction.query("""
            SELECT list_position FROM contacts WHERE (order_key, id) < (?, ?) AND list_position IS NOT NULL
            ORDER BY order_key DESC, id DESC LIMIT 1
            """, bindings).first.flatMap { try $0.int64("list_position") }.flatMap { $0 >= low ? $0 : nil }
        let after = try transaction.query("""
            SELECT list_position FROM contacts WHERE (order_key, id) > (?, ?) AND list_position IS NOT NULL
            ORDER BY order_key, id LIMIT 1
            """, bindings).first.flatMap { try $0.int64("list_position") }.flatMap { $0 < high ? $0 : nil }
        let position: Int64
        switch (before, after) {
        case (let before?, nil): position = high - before > 2 * appendSpacing ? before + appendSpacing : before + (high - before) / 2
        case (nil, let after?): position = after - low > 2 * appendSpacing ? after - appendSpacing : low + (after - low) / 2
        case (let before?, let after?): position = before + (after - before) / 2
        case (nil, nil): position = low + (high - low) / 2
        }
        guard position > (before ?? low - 1), position < (after ?? high) else {
            return try renumber(section: section, in: transaction)
        }
        try transaction.execute("UPDATE contacts SET list_position = ? WHERE id = ?", [.integer(position), .integer(id)])
    }

    /// Spreads the positions of one section evenly again (a section whose gaps ran out).
    static func renumber(section: Int64, in transaction: SQLiteTransaction) throws {
        let bindings: [SQLiteValue] = [.integer(section + 65)]
        try transaction.execute("UPDATE contacts SET list_position = NULL WHERE unicode(order_key) = ?", bindings)
        try renumberUnplaced(in: transaction)
    }

    /// Gives every contact without a position one, spreading each section that has such contacts
    /// evenly (an import, the migration, a renumbered section): one statement, whatever the count.
    static func renumberUnplaced(in transaction: SQLiteTransaction) throws {
        try transaction.execute("""
            UPDATE contacts SET list_position = NULL WHERE list_position IS NOT NULL AND unicode(order_key) IN
              (SELECT DISTINCT unicode(order_key) FROM contacts WHERE list_position IS NULL)
            """)
        try transaction.execute("""
            WITH ranked AS (
              SELECT id, unicode(order_key) - 65 AS section,
                     row_number() OVER (PARTITION BY unicode(order_key) ORDER BY order_key, id) AS number,
                     count(*) OVER (PARTITION BY unicode(order_key)) AS total
              FROM contacts WHERE list_position IS NULL)
            UPDATE contacts SET list_position = (ranked.section << 56) + ranked.number * ((1 << 56) / (ranked.total + 1))
            FROM ranked WHERE ranked.id = contacts.id
            """)
    }

    /// The positions of contacts with these order keys (in list order), each section spread evenly
    /// as ``renumberUnplaced(in:)`` spreads it.
    static func spreadPositions(ofOrdered keys: [String]) -> [Int64] {
        var positions: [Int64] = []
        positions.reserveCapacity(keys.count)
        var start = 0
        while start < keys.count {
            let section = ContactOrder.sectionRank(ofOrderKey: keys[start])
            var end = start
            while end < keys.count, ContactOrder.sectionRank(ofOrderKey: keys[end]) == section { end += 1 }
            let spacing = (Int64(1) << sectionShift) / Int64(end - start + 1)
            for number in 1...(end - start) { positions.append(Int64(section) << sectionShift + Int64(number) * spacing) }
            start = end
        }
        return positions
    }

    /// The FTS5 query for a search's words: each a quoted prefix, all required.
    static func matchQuery(_ words: [String]) -> String {
        words.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }.joined(separator: " AND ")
    }
}
