import CSQLite
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A SQLite database file (or an in-memory database), safe to share between tasks and threads.
///
/// One connection, serialized by a `Mutex`: every call holds the lock from prepare to finalize,
/// so a call's statements, its error message and `changes` belong together. The connection is
/// opened with `SQLITE_OPEN_NOMUTEX` because SQLite's own per-call mutex would only repeat our lock
/// (and could not keep `sqlite3_errmsg` with the failing call). Calls are synchronous;
/// a write waits at most the busy timeout for another process.
///
/// Async code never makes them itself: it awaits ``perform(_:)``, which runs them on the database's
/// own serial queue, so a call that waits (for the disk, or for another process's write, up to the
/// busy timeout) holds a queue thread of its own, never a thread of the cooperative pool (two of
/// them on a 2-core machine).
///
/// Opening sets `journal_mode=WAL` (readers in other processes don't block the writer),
/// `foreign_keys=ON` and the busy timeout. The file closes on ``close()`` or when the last
/// reference goes away.
public final class SQLiteDatabase: Sendable {
    /// The file's path, or ":memory:".
    public let path: String

    /// The open connection; nil after ``close()``.
    private let connection: Mutex<OpaquePointer?>

    /// Where ``perform(_:)`` runs its calls, one at a time, off the cooperative pool.
    private let queue: DispatchQueue

    /// The thread that holds `connection` (0: none), so a call from inside a transaction body
    /// throws instead of deadlocking. Only a thread can store its own id, so reading our own id
    /// here means we hold the lock; relaxed ordering suffices for that comparison.
    private let owner = Atomic<UInt>(0)

    /// The busy timeout calls wait (``setBusyTimeout(_:)``), to set back after a transaction's own.
    private let busyMilliseconds: Atomic<Int32>

    /// Opens the SQLite file at `path`, creating it and its parent directories when missing.
    ///
    /// - Parameter busyTimeout: how long a write waits for another connection's write lock before
    ///   failing with ``StorageError/busy(path:)``.
    /// - Throws: ``StorageError/cannotOpen(path:message:)`` when the file cannot be opened or
    ///   created, ``StorageError/corrupt(path:)`` when the file is not a SQLite database.
    ///
    /// The file is the owner's only (`0600`, and so are the journal files SQLite makes beside it, which
    /// take its mode), and the folders made for it too (`0700`), as ssh and gpg keep theirs: a store
    /// holds what a person typed and what their servers sent. A file that was readable by others is
    /// made the owner's only when it is opened.
    /// - Parameter pageSize: the page size of a file this call creates (SQLite's default, 4096, when
    ///   nil); an existing file keeps its own. A store of large values (whole answers) writes them in
    ///   fewer, larger pages.
    public convenience init(path: String, busyTimeout: Duration = .seconds(5), pageSize: Int? = nil) throws {
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty {
            do {
                try PrivateFiles.createFolder(atPath: parent)
            } catch {
                throw StorageError.cannotOpen(path: path, message: "cannot create the folder \(parent)")
            }
        }
        PrivateFiles.prepareFile(atPath: path)
        try self.init(location: path, busyTimeout: busyTimeout, pageSize: pageSize)
    }

    /// Opens (creating when missing) `fileName` inside `directory`, creating the directory too.
    public static func open(directory: URL, fileName: String, busyTimeout: Duration = .seconds(5), pageSize: Int? = nil) throws -> SQLiteDatabase {
        try SQLiteDatabase(path: directory.appendingPathComponent(fileName).path, busyTimeout: busyTimeout, pageSize: pageSize)
    }

    /// A fresh private in-memory database (for tests and throwaway data); gone when closed.
    public static func inMemory() throws -> SQLiteDatabase {
        try SQLiteDatabase(location: ":memory:", busyTimeout: .zero)
    }

    private init(location: String, busyTimeout: Duration, pageSize: Int? = nil) throws {
        path = location
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let code = sqlite3_open_v2(location, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(code))
            let systemErrno = handle.map { sqlite3_system_errno($0) } ?? 0
            sqlite3_close_v2(handle) // SQLite allocates a handle even when opening fails
            if Connection.isDiskFull(code, systemErrno: systemErrno) { throw StorageError.diskFull(path: location) }
            throw StorageError.cannotOpen(path: location, message: message)
        }
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, Self.milliseconds(busyTimeout))
        busyMilliseconds = Atomic(Self.milliseconds(busyTimeout))
        do {
            // Reading the schema reads the file header: SQLite opens lazily, so a file that is not
            // a database fails here (as .corrupt) rather than at some later statement.
            _ = try Connection(handle: handle, path: location).run(
                // The page size holds only before the file's first write (the switch to WAL).
                (pageSize.map { "PRAGMA page_size = \($0); " } ?? "") + "SELECT count(*) FROM sqlite_master; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON",
                [], collect: false
            )
        } catch {
            sqlite3_close_v2(handle)
            // .corrupt and .busy say more than "cannot open"; any other failure here is one.
            if case StorageError.sqlite(_, let message, _) = error {
                throw StorageError.cannotOpen(path: location, message: message)
            }
            throw error
        }
        connection = Mutex(handle)
        queue = DispatchQueue(label: "sqlite " + ((location as NSString).lastPathComponent))
    }

    /// Runs `body` with this database on its own serial queue and awaits it: the calls of async code
    /// (a cancelled task's too: a call once started ends, and a transaction is never left half-way).
    public func perform<T: Sendable>(_ body: @escaping @Sendable (SQLiteDatabase) throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try body(self) }) }
        }
    }

    deinit {
        connection.withLock { handle in
            if let handle { sqlite3_close_v2(handle) }
        }
    }

    /// Closes the file (checkpointing the WAL, unless ``keepWriteAheadLogOnClose(checkpointAfterPages:)``). Later calls throw ``StorageError/misuse(_:)``;
    /// closing twice does nothing.
    public func close() {
        connection.withLock { handle in
            if let open = handle { sqlite3_close_v2(open) }
            handle = nil
        }
    }

    /// Sets how long a call waits for another connection's lock from now on (``init(path:busyTimeout:pageSize:)``'s
    /// `busyTimeout`); `.zero` never waits: a locked file fails the call at once with ``StorageError/busy(path:)``.
    public func setBusyTimeout(_ busyTimeout: Duration) throws {
        _ = try withConnection { connection in
            busyMilliseconds.store(Self.milliseconds(busyTimeout), ordering: .relaxed)
            return sqlite3_busy_timeout(connection.handle, Self.milliseconds(busyTimeout))
        }
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        Int32(clamping: duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
    }

    /// Closing (or the process ending) leaves the write-ahead log for the next open instead of copying
    /// it into the file first: a launch that writes an answer and ends does not wait for that copy
    /// and its two syncs. The log stays bounded by `pages` (SQLite's automatic checkpoint at a commit
    /// that grows it past them) and is cut back to 4 MB after each checkpoint.
    public func keepWriteAheadLogOnClose(checkpointAfterPages pages: Int) throws {
        try withConnection { connection in
            guard apps_sqlite3_keep_wal_on_close(connection.handle) == SQLITE_OK else {
                throw StorageError.misuse("SQLite refused to keep the write-ahead log on close")
            }
            _ = try connection.run("PRAGMA wal_autocheckpoint = \(pages); PRAGMA journal_size_limit = 4194304", [], collect: false)
        }
    }

    /// Runs `sql` (one or more statements separated by `;`) with `bindings` for its `?`
    /// parameters, in order, ignoring any rows. Outside ``transaction(_:)`` each statement is its
    /// own transaction.
    ///
    /// - Throws: ``StorageError``; ``StorageError/constraint(message:)`` when a constraint fails.
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        try withConnection { _ = try $0.run(sql, bindings, collect: false) }
    }

    /// Runs `sql` with `bindings` and returns its rows (of every statement in `sql`, in order;
    /// normally `sql` is one SELECT).
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        try withConnection { try $0.run(sql, bindings, collect: true) }
    }

    /// Runs `sql` with `bindings` as ``query(_:_:)`` does, handing each row to `body` as it is
    /// stepped instead of collecting rows: for reading many rows into values of the caller's own,
    /// by position. The lock is held while `body` runs; the cursor is valid only inside it.
    ///
    /// - Throws: ``StorageError``, or what `body` throws (which ends the statement).
    public func forEachRow(_ sql: String, _ bindings: [SQLiteValue] = [], _ body: (SQLiteCursor) throws -> Void) throws {
        try withConnection { connection in
            let scope = HandleScope()
            defer { scope.isOpen = false }
            try connection.run(sql, bindings) { statement, _ in
                scope.row += 1
                try body(SQLiteCursor(statement: statement, scope: scope))
            }
        }
    }

    /// The rowid of this connection's most recent successful INSERT. When several tasks share the
    /// database another task's INSERT may come between; read ``SQLiteTransaction/lastInsertRowID``
    /// inside a transaction to be sure.
    public var lastInsertRowID: Int64 {
        get throws { try withConnection { $0.lastInsertRowID } }
    }

    /// Rows changed by this connection's most recent INSERT, UPDATE or DELETE (same caveat as
    /// ``lastInsertRowID``).
    public var changes: Int {
        get throws { try withConnection { $0.changes } }
    }

    /// Runs `body` in one write transaction: `BEGIN IMMEDIATE`, then `COMMIT`, or `ROLLBACK` when
    /// `body` (or the commit) throws, so a failed save never leaves half a write.
    ///
    /// IMMEDIATE takes the write lock up front, so waiting for another process happens at the
    /// start (within the busy timeout) and never half-way. The lock is held for the whole body:
    /// keep it short and make every statement through the handle it receives. Nest with
    /// ``SQLiteTransaction/transaction(_:)``. The result is `Sendable` because it leaves the lock
    /// (the compiler cannot otherwise prove it shares nothing with the connection).
    ///
    /// - Parameter waiting: how long this transaction alone waits for another process's lock, instead
    ///   of the busy timeout (a store that never waits, waiting once before the process ends).
    public func transaction<T: Sendable>(waiting: Duration? = nil, _ body: (SQLiteTransaction) throws -> T) throws -> T {
        try withConnection { connection in
            if let waiting {
                sqlite3_busy_timeout(connection.handle, Self.milliseconds(waiting))
            }
            // Set back before the connection's lock is let go: no other call sees this one's wait.
            defer { if waiting != nil { sqlite3_busy_timeout(connection.handle, busyMilliseconds.load(ordering: .relaxed)) } }
            _ = try connection.run("BEGIN IMMEDIATE", [], collect: false)
            let handle = SQLiteTransaction(connection: connection, depth: 0, scope: HandleScope())
            defer { handle.scope.isOpen = false }
            do {
                let result = try body(handle)
                _ = try connection.run("COMMIT", [], collect: false)
                return result
            } catch {
                if !connection.isAutocommit { _ = try? connection.run("ROLLBACK", [], collect: false) }
                throw error
            }
        }
    }

    /// Brings the schema up to date: runs, in order, each migration whose version is above
    /// `PRAGMA user_version`, each in its own transaction that also sets `user_version` to its
    /// version. A failing migration rolls back and leaves `user_version` at the last one that
    /// succeeded. A file already up to date (every launch but the first) is only read: the launch
    /// never waits for another process's write.
    ///
    /// - Parameter migrations: strictly ascending versions, all above 0.
    /// - Returns: `user_version` afterwards (above the last migration's version when a newer
    ///   program already migrated the file; nothing runs then).
    @discardableResult
    public func migrate(_ migrations: [Migration]) throws -> Int {
        let versions = migrations.map(\.version)
        guard versions.allSatisfy({ $0 > 0 }), zip(versions, versions.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw StorageError.misuse("Migration versions must be above 0 and strictly ascending; got \(versions).")
        }
        let current = try userVersion()
        for migration in migrations where migration.version > current {
            try transaction { transaction in
                // Read inside the write lock, so two processes never run the same migration.
                guard try Self.userVersion(transaction) < migration.version else { return }
                try migration.apply(transaction)
                try transaction.execute("PRAGMA user_version = \(migration.version)")
            }
        }
        return try userVersion()
    }

    /// `PRAGMA user_version`: the schema version ``migrate(_:)`` last reached (0 for a new file).
    public func userVersion() throws -> Int {
        try withConnection { try Self.userVersion($0) }
    }

    private static func userVersion(_ transaction: SQLiteTransaction) throws -> Int {
        try userVersion(transaction.connection)
    }

    private static func userVersion(_ connection: Connection) throws -> Int {
        try connection.run("PRAGMA user_version", [], collect: true).first?.int("user_version") ?? 0
    }

    /// Runs `body` with the connection while holding the lock.
    private func withConnection<T: Sendable>(_ body: (Connection) throws -> T) throws -> T {
        let thread = Self.currentThread()
        guard owner.load(ordering: .relaxed) != thread else {
            throw StorageError.misuse(
                "The database at \(path) was called from inside its own transaction; use the transaction handle the body receives."
            )
        }
        return try connection.withLock { handle in
            guard let handle else { throw StorageError.misuse("The database at \(path) is closed.") }
            owner.store(thread, ordering: .relaxed)
            defer { owner.store(0, ordering: .relaxed) }
            return try body(Connection(handle: handle, path: path))
        }
    }

    private static func currentThread() -> UInt {
        #if canImport(Darwin)
        UInt(bitPattern: pthread_self())
        #else
        UInt(pthread_self())
        #endif
    }
}
