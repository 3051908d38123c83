import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes waiting for a server, kept in a SQLite file until they are sent: the durable outbox of
/// a feature whose changes must survive the server being away, a `kill -9` and a second process on
/// the same data directory.
///
/// Entries of one `queue` (a feature and its server) go out in the order they were added, one at a
/// time: ``claimNext(in:owner:now:lease:)`` hands out the oldest entry only while no other entry of
/// the queue is claimed, so two processes never send two writes of one queue at once, nor one write
/// twice. A claim is a lease: one whose owner died (killed, crashed) lapses after its lease and the
/// entry is handed out again, marked ``Entry/mayHaveBeenSent`` when it was marked sending before
/// (``markSending(_:owner:now:)``), so the caller looks on the server before sending it again. A
/// claim of a process on this machine that is no longer running (``processOwner()``) lapses at once.
///
/// A write is best added before it is sent, then claimed at once (``claim(_:in:owner:now:lease:)``):
/// a process killed while sending it leaves it in the outbox, marked as possibly sent.
///
/// A write the server refused for good is set aside (``setAside(_:owner:problem:)``): it stays, for
/// the person who made it to correct or discard, and no longer holds up the writes after it.
///
/// Every change is one `BEGIN IMMEDIATE` transaction: a process killed at any point leaves each
/// entry waiting, claimed or gone — never half-written.
public final class Outbox: SQLiteStore {
    public static let fileName = "outbox.sqlite"
    /// How long a claim holds by default without being completed or released (a request's timeout is shorter).
    public static let leaseDuration: TimeInterval = 120
    /// How long the results of completed writes are kept (``result(of:)``).
    public static let resultsKept: TimeInterval = 30 * 24 * 3600

    /// A write waiting to be sent.
    public struct Entry: Sendable, Equatable {
        public var id: Int64
        public var queue: String
        /// What kind of write it is ("create", "update", "delete" …), for the caller.
        public var kind: String
        /// The write itself, in the caller's encoding.
        public var payload: Data
        public var enqueuedAt: Date
        /// Sends tried and given back (``release(_:owner:problem:mayHaveGoneOut:)``).
        public var attempts: Int
        /// The last reason it was given back, if any.
        public var lastProblem: String?
        /// It went out before without an answer: the server may have it already.
        public var mayHaveBeenSent: Bool
        /// When it last went out (``markSending(_:owner:now:)``), if it ever did.
        public var sendingSince: Date?
        /// Set aside: the server refused it (``lastProblem`` says why); it is never handed out again.
        public var isRefused: Bool
        /// Claimed by an owner whose lease still holds at the time of reading.
        public var isClaimed: Bool
    }

    public let database: SQLiteDatabase

    /// An outbox in `database`, creating its tables when missing (it claims no schema version).
    public init(database: SQLiteDatabase) throws {
        self.database = database
        // Every launch but the first only reads the schema; the first makes it in one transaction
        // (one sync of the file, not one per statement).
        guard try !Self.hasSchema(database.query("SELECT name FROM sqlite_master"), database.query("PRAGMA table_info(outbox)")) else { return }
        try database.transaction { transaction in
            try transaction.execute("""
                CREATE TABLE IF NOT EXISTS outbox (
                    id INTEGER PRIMARY KEY AUTOINCREMENT,
                    queue TEXT NOT NULL,
                    kind TEXT NOT NULL,
                    payload BLOB NOT NULL,
                    enqueued_at REAL NOT NULL,
                    attempts INTEGER NOT NULL DEFAULT 0,
                    last_problem TEXT,
                    claimed_by TEXT,
                    claimed_until REAL,
                    sending INTEGER NOT NULL DEFAULT 0,
                    sent_before INTEGER NOT NULL DEFAULT 0
                );
                CREATE INDEX IF NOT EXISTS outbox_queue ON outbox (queue, id);
                CREATE TABLE IF NOT EXISTS outbox_results (
                    id INTEGER PRIMARY KEY,
                    result TEXT NOT NULL,
                    completed_at REAL NOT NULL
                );
                """)
            // Columns added after the first version of the table: an existing file gains them (read
            // inside the write lock, so two processes opening one old outbox never both add one).
            let columns = Set(try transaction.query("PRAGMA table_info(outbox)").compactMap { try $0.string("name") })
            for (column, definition) in Self.laterColumns where !columns.contains(column) {
                try transaction.execute("ALTER TABLE outbox ADD COLUMN \(column) \(definition)")
            }
            try transaction.execute("""
                CREATE INDEX IF NOT EXISTS outbox_subject ON outbox (queue, subject, id);
                CREATE INDEX IF NOT EXISTS outbox_results_result ON outbox_results (result);
                CREATE TABLE IF NOT EXISTS outbox_pauses (queue TEXT PRIMARY KEY NOT NULL, until REAL NOT NULL);
                """)
        }
    }

    /// The columns added to `outbox` after its first version, with their definitions.
    private static let laterColumns = [("refused", "INTEGER NOT NULL DEFAULT 0"), ("sending_since", "REAL"), ("subject", "TEXT")]

    /// Whether the schema is whole: every table, index and later column (read from `sqlite_master`
    /// and `outbox`'s table info).
    private static func hasSchema(_ objects: [SQLiteRow], _ columns: [SQLiteRow]) throws -> Bool {
        let names = Set(try objects.compactMap { try $0.string("name") })
        let columnNames = Set(try columns.compactMap { try $0.string("name") })
        return names.isSuperset(of: ["outbox", "outbox_queue", "outbox_results", "outbox_subject", "outbox_results_result", "outbox_pauses"])
            && columnNames.isSuperset(of: laterColumns.map(\.0))
    }

    /// The outbox in `directory` (``fileName``).
    public static func open(directory: URL) throws -> Outbox {
        let database = try SQLiteDatabase.open(directory: directory, fileName: fileName)
        // Every launch opens the outbox; closing it need not copy the log (each commit synced it).
        try database.keepWriteAheadLogOnClose(checkpointAfterPages: 1000)
        return try Outbox(database: database)
    }

    // MARK: Owners

    /// The owner name of this process: this boot of the machine, its process-id namespace (containers
    /// on one kernel share the boot, not the process ids), the process id and when the process
    /// started, so that a claim of a process that died is recognised as such (a process id is reused,
    /// its start time within one boot is not).
    public static func processOwner() -> String {
        let pid = getpid()
        return "\(processSpace ?? "?")/\(pid)/\(processStart(pid) ?? "?")"
    }

    /// Whether `owner` is a ``processOwner()`` name of a process of this boot and this process-id
    /// namespace that is no longer running (or a zombie). Unknown (another machine or container, a name
    /// of another form, `/proc` unreadable and the process there): not dead — its lease decides.
    static func isDeadProcess(_ owner: String) -> Bool {
        let parts = owner.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, let space = processSpace, String(parts[0]) == space, let pid = Int32(parts[1]), pid > 0 else { return false }
        if parts[2] != "?", let started = processStart(pid) { return started != String(parts[2]) }
        // No start time to compare: only a process id nobody has is surely dead.
        return kill(pid, 0) != 0 && errno == ESRCH
    }

    /// This boot of the machine (`/proc/sys/kernel/random/boot_id`) and this process-id namespace
    /// (`/proc/self/ns/pid`), "boot:pid:[4026531836]"; nil when either cannot be read.
    private static let processSpace: String? = {
        guard let boot = (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?
                .trimmingCharacters(in: .whitespacesAndNewlines), !boot.isEmpty,
              let space = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/ns/pid"), !space.isEmpty
        else { return nil }
        return boot + ":" + space.replacingOccurrences(of: "/", with: "_")
    }()

    /// Field 22 of `/proc/<pid>/stat`: the process's start, in clock ticks since boot; nil when it is
    /// not running (a zombie included) or cannot be read.
    private static func processStart(_ pid: Int32) -> String? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces and parentheses), fields 3 onwards: the state, …
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, fields[0] != "Z", fields[0] != "X" else { return nil }
        return String(fields[19])
    }

    // MARK: Adding and reading

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

    // MARK: Queues

    /// Every queue that holds writes, with how many wait and how many are set aside: what waits for
    /// other servers than the one a screen shows.
    public func queues() throws -> [(queue: String, waiting: Int, refused: Int)] {
        var found: [String: (waiting: Int, refused: Int)] = [:]
        try database.forEachRow("SELECT queue, refused, count(*) FROM outbox GROUP BY queue, refused") { row in
            let queue = try row.string(at: 0) ?? ""
            let count = try row.int(at: 2) ?? 0
            if try row.int(at: 1) == 1 { found[queue, default: (0, 0)].refused += count } else { found[queue, default: (0, 0)].waiting += count }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value.waiting, $0.value.refused) }
    }

    /// Moves every write of `source` into `target`, each keeping its place (writes go out in the order
    /// they were added, whichever queue name they were added under), with a pause of `source`: for a
    /// queue name that changed spelling (a server's address written another way).
    public func moveQueue(_ source: String, to target: String) throws {
        try database.transaction { transaction in
            try transaction.execute("UPDATE outbox SET queue = ? WHERE queue = ?", [.text(target), .text(source)])
            try transaction.execute("""
                INSERT INTO outbox_pauses (queue, until) SELECT ?, until FROM outbox_pauses WHERE queue = ?
                ON CONFLICT (queue) DO UPDATE SET until = max(until, excluded.until)
                """, [.text(target), .text(source)])
            try transaction.execute("DELETE FROM outbox_pauses WHERE queue = ?", [.text(source)])
        }
    }

    /// The server of `queue` asked not to be sent anything before `until` (`Retry-After`): kept across
    /// runs, the later of two asks wins.
    public func pause(_ queue: String, until: Date) throws {
        try database.execute("""
            INSERT INTO outbox_pauses (queue, until) VALUES (?, ?) ON CONFLICT (queue) DO UPDATE SET until = max(until, excluded.until)
            """, [.text(queue), .real(until.timeIntervalSince1970)])
    }

    /// Until when `queue` is paused (``pause(_:until:)``); nil when it is not, or no longer.
    public func pausedUntil(_ queue: String, now: Date = Date()) throws -> Date? {
        guard let until = try database.query("SELECT until FROM outbox_pauses WHERE queue = ?", [.text(queue)]).first?.double("until"),
              until > now.timeIntervalSince1970 else { return nil }
        return Date(timeIntervalSince1970: until)
    }

    /// Every write of `queue` still waiting (claimed or not) or set aside, oldest first: what a screen
    /// marks "waiting to sync" or "not saved".
    public func pending(in queue: String, now: Date = Date()) throws -> [Entry] {
        try database.query("SELECT * FROM outbox WHERE queue = ? ORDER BY id", [.text(queue)]).map { try Self.entry($0, now: now) }
    }

    /// How many writes of `queue` wait and how many are set aside, counted in SQL (no payload is read:
    /// a screen asks at every load).
    public func counts(in queue: String) throws -> (waiting: Int, refused: Int) {
        var counts = (waiting: 0, refused: 0)
        try database.forEachRow("SELECT refused, count(*) FROM outbox WHERE queue = ? GROUP BY refused", [.text(queue)]) { row in
            if try row.int(at: 0) == 1 { counts.refused = try row.int(at: 1) ?? 0 } else { counts.waiting = try row.int(at: 1) ?? 0 }
        }
        return counts
    }

    /// What ``complete(_:owner:result:)`` recorded for the write `id` (a created record's id), if it
    /// completed within ``resultsKept``.
    public func result(of id: Int64) throws -> String? {
        try database.query("SELECT result FROM outbox_results WHERE id = ?", [.integer(id)]).first?.string("result")
    }

    // MARK: Sending

    /// The oldest write of `queue`, claimed for `owner` until `lease` runs out; nil when the queue is
    /// empty or its oldest write is claimed by another owner whose lease holds (one write of a queue
    /// at a time, in order). A lapsed claim is taken over.
    public func claimNext(in queue: String, owner: String, now: Date = Date(), lease: TimeInterval = Outbox.leaseDuration) throws -> Entry? {
        try database.transaction { transaction in
            try Self.claimOldest(in: queue, only: nil, owner: owner, now: now, lease: lease, transaction)
        }
    }

    /// Claims the write `id` if it is the next of `queue` to go out (nothing waits before it, no one
    /// else holds it): a write just added is sent at once this way, or left waiting behind the others.
    public func claim(_ id: Int64, in queue: String, owner: String, now: Date = Date(), lease: TimeInterval = Outbox.leaseDuration) throws -> Entry? {
        try database.transaction { transaction in
            try Self.claimOldest(in: queue, only: id, owner: owner, now: now, lease: lease, transaction)
        }
    }

    private static func claimOldest(in queue: String, only wanted: Int64?, owner: String, now: Date, lease: TimeInterval,
                                    _ transaction: SQLiteTransaction) throws -> Entry? {
        guard let row = try transaction.query("SELECT * FROM outbox WHERE queue = ? AND refused = 0 ORDER BY id LIMIT 1", [.text(queue)]).first
        else { return nil }
        let id = try row.int64("id") ?? 0
        if let wanted, wanted != id { return nil }
        let claimedBy = try row.string("claimed_by")
        let until = try row.double("claimed_until") ?? 0
        if let claimedBy, claimedBy != owner, until > now.timeIntervalSince1970, !isDeadProcess(claimedBy) { return nil }
        // A claim (anyone's, a reused owner name's too) that had started sending: the server may have the write already.
        try transaction.execute("""
            UPDATE outbox SET claimed_by = ?, claimed_until = ?, sent_before = sent_before OR sending, sending = 0 WHERE id = ?
            """, [.text(owner), .real(now.timeIntervalSince1970 + lease), .integer(id)])
        return try transaction.query("SELECT * FROM outbox WHERE id = ?", [.integer(id)]).first.map { try entry($0, now: now) }
    }

    /// Says the claimed write is about to go out: if this owner dies before completing it, the next
    /// claim learns it may have been sent. The lease starts again (`lease`, as long as the request may
    /// take). False when the claim is no longer this owner's (it lapsed): then the write must not go out.
    @discardableResult
    public func markSending(_ id: Int64, owner: String, now: Date = Date(), lease: TimeInterval = Outbox.leaseDuration) throws -> Bool {
        try database.transaction { transaction in
            try transaction.execute("""
                UPDATE outbox SET sending = 1, sending_since = ?, claimed_until = ? WHERE id = ? AND claimed_by = ? AND claimed_until > ?
                """, [.real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970 + lease), .integer(id), .text(owner),
                      .real(now.timeIntervalSince1970)])
            return transaction.changes > 0
        }
    }

    /// The server has the write (or refused it for good): it leaves the outbox, and `result` (a created
    /// record's id) is kept for ``result(of:)``. False when `owner` no longer holds the claim (it lapsed
    /// and another owner took the write over).
    @discardableResult
    public func complete(_ id: Int64, owner: String, result: String? = nil, now: Date = Date()) throws -> Bool {
        try database.transaction { transaction in
            try transaction.execute("DELETE FROM outbox WHERE id = ? AND claimed_by = ?", [.integer(id), .text(owner)])
            guard transaction.changes > 0 else { return false }
            if let result {
                try transaction.execute("INSERT OR REPLACE INTO outbox_results (id, result, completed_at) VALUES (?, ?, ?)",
                                        [.integer(id), .text(result), .real(now.timeIntervalSince1970)])
            }
            try transaction.execute("DELETE FROM outbox_results WHERE completed_at < ?", [.real(now.timeIntervalSince1970 - Self.resultsKept)])
            return true
        }
    }

    /// The write could not be sent now: it waits again at its place, `problem` kept. `mayHaveGoneOut`:
    /// false when it surely did not reach the server (no connection could be made), so it is not looked
    /// up there before it goes again.
    public func release(_ id: Int64, owner: String, problem: String?, mayHaveGoneOut: Bool = true) throws {
        try database.execute("""
            UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, attempts = attempts + 1, last_problem = ?,
              sent_before = sent_before OR (sending AND ?), sending = 0
            WHERE id = ? AND claimed_by = ?
            """, [problem.map(SQLiteValue.text) ?? .null, .integer(mayHaveGoneOut ? 1 : 0), .integer(id), .text(owner)])
    }

    /// The server refused the claimed write for good (`problem` says why, in the caller's encoding): it
    /// stays, set aside, until ``remove(_:now:)`` — the writes after it go on. False when `owner` no
    /// longer holds the claim.
    @discardableResult
    public func setAside(_ id: Int64, owner: String, problem: String) throws -> Bool {
        try database.transaction { transaction in
            try transaction.execute("""
                UPDATE outbox SET refused = 1, last_problem = ?, claimed_by = NULL, claimed_until = NULL, sending = 0
                WHERE id = ? AND claimed_by = ?
                """, [.text(problem), .integer(id), .text(owner)])
            return transaction.changes > 0
        }
    }

    // MARK: Its maker's changes

    /// Takes out a write set aside, or a waiting one that surely never reached the server (its maker
    /// discarded or replaced it). False when it is gone already, claimed by a live owner (it may be going
    /// out now), or may have reached the server (only sending it settles that).
    @discardableResult
    public func remove(_ id: Int64, now: Date = Date()) throws -> Bool {
        try database.transaction { transaction in
            guard try Self.isUntouched(id, orRefused: true, now: now, transaction) else { return false }
            try transaction.execute("DELETE FROM outbox WHERE id = ?", [.integer(id)])
            return true
        }
    }

    /// Replaces the payload of a waiting write that surely never reached the server (a change to a
    /// record that is itself waiting to be created). False when it is gone, set aside, claimed by a live
    /// owner, or may have reached the server.
    @discardableResult
    public func replace(_ id: Int64, payload: Data, now: Date = Date()) throws -> Bool {
        try database.transaction { transaction in
            guard try Self.isUntouched(id, orRefused: false, now: now, transaction) else { return false }
            try transaction.execute("UPDATE outbox SET payload = ? WHERE id = ?", [.blob(payload), .integer(id)])
            return true
        }
    }

    /// Whether the write `id` is there, held by no live owner and never went out (or, with `orRefused`, is set aside).
    private static func isUntouched(_ id: Int64, orRefused: Bool, now: Date, _ transaction: SQLiteTransaction) throws -> Bool {
        guard let row = try transaction.query("SELECT * FROM outbox WHERE id = ?", [.integer(id)]).first else { return false }
        if try row.int("refused") == 1 { return orRefused }
        if let claimedBy = try row.string("claimed_by"), try row.double("claimed_until") ?? 0 > now.timeIntervalSince1970,
           !isDeadProcess(claimedBy) { return false }
        return try row.int("sending") == 0 && row.int("sent_before") == 0
    }

    private static func entry(_ row: SQLiteRow, now: Date) throws -> Entry {
        let claimedBy = try row.string("claimed_by"), until = try row.double("claimed_until") ?? 0
        let sentBefore = (try row.int("sent_before") ?? 0) != 0, sending = (try row.int("sending") ?? 0) != 0
        let isClaimed = claimedBy.map { until > now.timeIntervalSince1970 && !isDeadProcess($0) } ?? false
        return Entry(id: try row.int64("id") ?? 0, queue: try row.string("queue") ?? "", kind: try row.string("kind") ?? "",
                     payload: try row.data("payload") ?? Data(), enqueuedAt: Date(timeIntervalSince1970: try row.double("enqueued_at") ?? 0),
                     attempts: try row.int("attempts") ?? 0, lastProblem: try row.string("last_problem"),
                     // A dead owner's send that was under way counts already.
                     mayHaveBeenSent: sentBefore || (sending && !isClaimed),
                     sendingSince: try row.double("sending_since").map(Date.init(timeIntervalSince1970:)),
                     isRefused: (try row.int("refused") ?? 0) != 0,
                     isClaimed: isClaimed)
    }
}
