import Foundation
import HTTPClient
import Synchronization

/// The last good answers to GET requests, by URL, with their validators (`ETag`, `Last-Modified`):
/// what a feature shows at once, revalidates, and falls back to when the server cannot be reached.
///
/// Its rows are HTTPClient's `StoredAnswer`, the type ``RevalidatingTransport`` keeps and stands in
/// with: one type for an answer kept, so nothing maps field by field between the network and the file.
/// Storage may build on HTTPClient (both are of the I/O layer, and HTTPClient's library is plain Swift
/// with no libcurl and no SQLite), while the transport must not link SQLite: so the type lives there,
/// and the store is the transport's archive (``ResponseArchive``).
///
/// Bounded: answers over ``maximumBodyBytes`` are not kept, and beyond ``maximumEntries`` answers or
/// ``maximumTotalBytes`` in all, the least recently used go first.
public final class ResponseStore: SQLiteStore {
    /// The file's name in the data directory.
    public static let fileName = "responses.sqlite"
    public static let maximumEntries = 2_000
    public static let maximumBodyBytes = 16 << 20
    public static let maximumTotalBytes = 128 << 20

    public let database: SQLiteDatabase

    /// What another process's lock kept from being written, by key: the newest answer for each
    /// (``keepSoon(_:for:now:)``), written when the lock goes (``keepWaiting()``).
    private let waiting = Mutex<[String: StoredAnswer]>([:])
    /// Whether a task is trying the waiting answers again, so there is one at a time.
    private let retrying = Mutex(false)

    /// A store in `database`, creating its tables when missing. The answers' bodies live in a table
    /// of their own: marking an answer used or current then rewrites a small row, not its body.
    public init(database: SQLiteDatabase) throws {
        self.database = database
        try database.migrate([
            Migration(version: 1, sql: """
                DROP TABLE IF EXISTS responses;
                CREATE TABLE answers (
                    url TEXT PRIMARY KEY NOT NULL,
                    content_type TEXT,
                    etag TEXT,
                    last_modified TEXT,
                    size INTEGER NOT NULL,
                    stored_at REAL NOT NULL,
                    used_at REAL NOT NULL
                );
                CREATE TABLE answer_bodies (url TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL);
                """),
            // Answers were kept under their URL as requested, a password in it too: those go (and are
            // overwritten on disk), and answers are kept under ``StoreKey`` since.
            Migration(version: 2, sql: """
                PRAGMA secure_delete = ON;
                DELETE FROM answers WHERE url GLOB '*://*:*@*';
                DELETE FROM answer_bodies WHERE url GLOB '*://*:*@*';
                """),
        ])
    }

    /// How long opening the store waits for another process's write: briefly, because it is a cache.
    /// Once open, no call waits at all (``open(directory:)``): a store another process holds locked
    /// costs the kept copy, never the wait of a person or a server's answer.
    public static let busyTimeout: Duration = .milliseconds(100)

    /// The store in `directory` (``fileName``).
    public static func open(directory: URL) throws -> ResponseStore {
        // Whole answers of up to megabytes: 64 KB pages write a 1.6 MB list in 25 pages instead of 400.
        let database = try SQLiteDatabase.open(directory: directory, fileName: fileName, busyTimeout: busyTimeout, pageSize: 65536)
        // A cache: in WAL mode NORMAL never corrupts, and a power loss may only forget the last
        // answers kept. Without it every launch waits for two fsyncs (marking an answer used and current).
        try database.execute("PRAGMA synchronous = NORMAL")
        // A launch that keeps a list and ends does not wait to copy it from the log (64 pages: 4 MB).
        try database.keepWriteAheadLogOnClose(checkpointAfterPages: 64)
        let store = try ResponseStore(database: database)
        // Open and migrated: from here a lock another process holds fails a call at once. A read then
        // finds no kept copy, and an answer to keep waits in memory (keepSoon) instead of in front of the screen.
        try database.setBusyTimeout(.zero)
        return store
    }

    /// The stored answer for `url`, if any; marks it used.
    public func entry(for url: String, now: Date = Date()) throws -> StoredAnswer? {
        guard let row = try database.query("""
            SELECT b.body, a.content_type, a.etag, a.last_modified, a.stored_at FROM answers a JOIN answer_bodies b ON b.url = a.url
            WHERE a.url = ?
            """, [.text(url)]).first else { return nil }
        // Bookkeeping for the bounds: a write that cannot happen now (another process writing) never costs the answer.
        try? database.execute("UPDATE answers SET used_at = ? WHERE url = ?", [.real(now.timeIntervalSince1970), .text(url)])
        return StoredAnswer(body: try row.data("body") ?? Data(), contentType: try row.string("content_type"), etag: try row.string("etag"),
                     lastModified: try row.string("last_modified"),
                     storedAt: Date(timeIntervalSince1970: try row.double("stored_at") ?? 0))
    }

    /// Keeps `entry` as the answer for `url` (replacing an older one), then trims the store to its bounds.
    /// An answer larger than ``maximumBodyBytes`` is not kept (and an older one for `url` is dropped).
    public func save(_ entry: StoredAnswer, for url: String, now: Date = Date()) throws {
        try database.transaction { transaction in try Self.save(entry, for: url, now: now, in: transaction) }
    }

    private static func save(_ entry: StoredAnswer, for url: String, now: Date, in transaction: SQLiteTransaction) throws {
        guard entry.body.count <= Self.maximumBodyBytes else {
            try transaction.execute("DELETE FROM answers WHERE url = ?; DELETE FROM answer_bodies WHERE url = ?", [.text(url), .text(url)])
            return
        }
        try transaction.execute("""
            INSERT OR REPLACE INTO answers (url, content_type, etag, last_modified, size, stored_at, used_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [.text(url), entry.contentType.map(SQLiteValue.text) ?? .null,
                  entry.etag.map(SQLiteValue.text) ?? .null, entry.lastModified.map(SQLiteValue.text) ?? .null,
                  .integer(Int64(entry.body.count)), .real(entry.storedAt.timeIntervalSince1970), .real(now.timeIntervalSince1970)])
        try transaction.execute("INSERT OR REPLACE INTO answer_bodies (url, body) VALUES (?, ?)", [.text(url), .blob(entry.body)])
        // The least recently used beyond the count, then beyond the bytes.
        try transaction.execute("""
            DELETE FROM answers WHERE url IN (
                SELECT url FROM answers ORDER BY used_at DESC LIMIT -1 OFFSET ?)
            """, [.integer(Int64(Self.maximumEntries))])
        try transaction.execute("""
            DELETE FROM answers WHERE url IN (
                SELECT url FROM (SELECT url, SUM(size) OVER (ORDER BY used_at DESC, url) AS running FROM answers)
                WHERE running > ?)
            """, [.integer(Int64(Self.maximumTotalBytes))])
        try transaction.execute("DELETE FROM answer_bodies WHERE url NOT IN (SELECT url FROM answers)")
    }

    /// Keeps `entry` for `url` now if no other process holds the store locked, else keeps it in memory
    /// and writes it when the lock goes: a task tries again, at growing intervals, while the process
    /// runs, and ``keepWaiting()`` tries once more before it ends. Never waits for the lock.
    ///
    /// - Returns: whether it was written now.
    @discardableResult
    public func keepSoon(_ entry: StoredAnswer, for url: String, now: Date = Date()) -> Bool {
        do {
            try save(entry, for: url, now: now)
            return true
        } catch StorageError.busy {
            waiting.withLock { $0[url] = entry }
            retryWhileWaiting()
            return false
        } catch {
            // Full disk, a damaged file: the copy is lost, as a cache's may be; the answer on screen is not.
            return false
        }
    }

    /// How many answers wait for another process's lock to go.
    public var waitingCount: Int { waiting.withLock { $0.count } }

    /// Writes the answers that wait for a lock, in one transaction, waiting up to `patience` for it
    /// (what a process does before it ends).
    ///
    /// - Returns: how many still could not be written (the lock is still held).
    @discardableResult
    public func keepWaiting(patience: Duration = .zero) -> Int {
        let entries = waiting.withLock { $0 }
        guard !entries.isEmpty else { return 0 }
        do {
            try database.transaction(waiting: patience) { transaction in
                for (url, entry) in entries.sorted(by: { $0.value.storedAt < $1.value.storedAt }) {
                    try Self.save(entry, for: url, now: entry.storedAt, in: transaction)
                }
            }
            // Only what was written goes: an answer that came meanwhile for the same URL waits on.
            waiting.withLock { waiting in
                for (url, entry) in entries where waiting[url] == entry { waiting[url] = nil }
            }
        } catch StorageError.busy {
            return waitingCount
        } catch {
            waiting.withLock { $0.removeAll() }
        }
        return waitingCount
    }

    /// One task at a time tries the waiting answers again on the store's queue: after 50 ms, then
    /// twice as long each time up to 2 s, until none waits.
    private func retryWhileWaiting() {
        guard retrying.withLock({ running in defer { running = true }; return !running }) else { return }
        Task.detached { [self] in
            var delay = Duration.milliseconds(50)
            while true {
                try? await Task.sleep(for: delay)
                let left = (try? await perform { $0.keepWaiting() }) ?? 0
                if left == 0 {
                    // Stop unless an answer came between the try and now.
                    let done = retrying.withLock { running in
                        if waitingCount == 0 { running = false }
                        return !running
                    }
                    if done { return }
                }
                delay = min(delay * 2, .seconds(2))
            }
        }
    }

    /// The server said the answer for `url` is still current (304): it counts as stored at `date`.
    public func markCurrent(_ url: String, at date: Date = Date()) throws {
        try database.execute("UPDATE answers SET stored_at = ?, used_at = ? WHERE url = ?",
                             [.real(date.timeIntervalSince1970), .real(date.timeIntervalSince1970), .text(url)])
    }

    /// How many answers are kept (for tests and diagnostics).
    public func count() throws -> Int {
        try database.query("SELECT COUNT(*) AS n FROM answers").first?.int("n") ?? 0
    }
}
