import Foundation

// The outbox itself: its entries, its file and schema, and an entry as a row of the file holds it.

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

    /// The write a row of `outbox` holds, its claim judged at `now` (a lapsed claim, or a dead owner's, holds nothing).
    static func entry(_ row: SQLiteRow, now: Date) throws -> Entry {
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
