import Foundation

// Adding a write, and reading writes back: by subject, by id, those without a subject, and completed ones by result.
extension Outbox {
    /// Adds a write at the end of `queue`; its id. `mayHaveBeenSent`: it went out already without an
    /// answer (at `now`), so whoever sends it looks on the server first.
    /// `subject`: what the write is about, in the caller's words (a record's id), so that the writes
    /// about one thing are found without reading the others (``pending(in:about:now:)``).
    @discardableResult
    public func enqueue(_ kind: String, payload: Data, in queue: String, subject: String? = nil, mayHaveBeenSent: Bool = false,
                        now: Date = Date()) throws -> Int64 {
        try database.transaction { transaction in
            try transaction.execute("""
                INSERT INTO outbox (queue, kind, payload, enqueued_at, sent_before, sending_since, subject) VALUES (?, ?, ?, ?, ?, ?, ?)
                """, [.text(queue), .text(kind), .blob(payload), .real(now.timeIntervalSince1970), .integer(mayHaveBeenSent ? 1 : 0),
                      mayHaveBeenSent ? .real(now.timeIntervalSince1970) : .null, subject.map(SQLiteValue.text) ?? .null])
            return transaction.lastInsertRowID
        }
    }

    /// The writes of `queue` about any of `subjects` (see ``enqueue(_:payload:in:subject:mayHaveBeenSent:now:)``),
    /// waiting or set aside, oldest first: found through an index, whatever else waits.
    public func pending(in queue: String, about subjects: [String], now: Date = Date()) throws -> [Entry] {
        guard !subjects.isEmpty else { return [] }
        let marks = Array(repeating: "?", count: subjects.count).joined(separator: ", ")
        // `+id`: ordering by the id must not make SQLite walk the whole queue by its (queue, id) index.
        return try database.query("SELECT * FROM outbox INDEXED BY outbox_subject WHERE queue = ? AND subject IN (\(marks)) ORDER BY +id",
                                  [.text(queue)] + subjects.map(SQLiteValue.text)).map { try Self.entry($0, now: now) }
    }

    /// The write `id` of `queue`, if it still waits or is set aside.
    public func entry(_ id: Int64, in queue: String, now: Date = Date()) throws -> Entry? {
        try database.query("SELECT * FROM outbox WHERE id = ? AND queue = ?", [.integer(id), .text(queue)]).first.map { try Self.entry($0, now: now) }
    }

    /// The writes of `queue` written before subjects were kept (none once ``setSubject(_:of:)`` named them).
    public func entriesWithoutSubject(in queue: String, now: Date = Date()) throws -> [Entry] {
        try database.query("SELECT * FROM outbox WHERE queue = ? AND subject IS NULL ORDER BY id", [.text(queue)]).map { try Self.entry($0, now: now) }
    }

    /// Names what the write `id` is about (for writes kept before subjects were).
    public func setSubject(_ subject: String, of id: Int64) throws {
        try database.execute("UPDATE outbox SET subject = ? WHERE id = ?", [.text(subject), .integer(id)])
    }

    /// The completed writes whose recorded result (``complete(_:owner:result:now:)``) is `result`: the
    /// creates that made a record, say.
    public func completed(withResult result: String) throws -> [Int64] {
        try database.query("SELECT id FROM outbox_results WHERE result = ?", [.text(result)]).compactMap { try $0.int64("id") }
    }
}
