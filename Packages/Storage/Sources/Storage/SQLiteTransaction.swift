/// The handle a ``SQLiteDatabase/transaction(_:)`` body uses for its statements.
///
/// It is not `Sendable`, so it cannot cross to another thread: every statement made through it
/// runs on the connection the transaction holds. A handle kept past its body is closed: using it
/// throws ``StorageError/misuse(_:)`` instead of writing outside the transaction. (Calling the
/// ``SQLiteDatabase`` itself inside the body throws ``StorageError/misuse(_:)`` instead of
/// deadlocking.)
///
/// A noncopyable handle would make escaping a compile error, but Swift 6.3's optimizer crashes
/// specializing generic functions over one (release builds fail), so the check is at run time.
public struct SQLiteTransaction {
    let connection: Connection
    /// 0 for the outermost transaction, n for the n-th nested savepoint.
    let depth: Int
    let scope: HandleScope

    private func checkOpen() throws {
        guard scope.isOpen else {
            throw StorageError.misuse("A transaction handle was used after its transaction ended; make every statement inside the body.")
        }
    }

    /// Runs `sql` (one or more statements) with `bindings` for its `?` parameters, ignoring rows.
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        try checkOpen()
        _ = try connection.run(sql, bindings, collect: false)
    }

    /// Runs `sql` with `bindings` and returns its rows.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        try checkOpen()
        return try connection.run(sql, bindings, collect: true)
    }

    /// The rowid of the most recent successful INSERT in this transaction's connection.
    public var lastInsertRowID: Int64 { connection.lastInsertRowID }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { connection.changes }

    /// A nested transaction (a SAVEPOINT): when `body` throws, only its own writes are undone and
    /// the error propagates to the enclosing body, which may catch it and go on.
    public func transaction<T>(_ body: (SQLiteTransaction) throws -> T) throws -> T {
        try checkOpen()
        let name = "storage_savepoint_\(depth + 1)"
        _ = try connection.run("SAVEPOINT \(name)", [], collect: false)
        let nested = SQLiteTransaction(connection: connection, depth: depth + 1, scope: HandleScope())
        defer { nested.scope.isOpen = false }
        do {
            let result = try body(nested)
            _ = try connection.run("RELEASE \(name)", [], collect: false)
            return result
        } catch {
            if !connection.isAutocommit {
                _ = try? connection.run("ROLLBACK TO \(name); RELEASE \(name)", [], collect: false)
            }
            throw error
        }
    }
}

/// Whether a handle given to a body (a transaction, a cursor) may still be used: closed when the
/// body returns or throws. Not `Sendable`: it lives and dies with its handle, on the thread that
/// holds the connection.
final class HandleScope {
    var isOpen = true
    /// For cursors: the row being read (counted over every statement of the call); a cursor of
    /// an earlier row points at a statement that has moved on, or is finalized.
    var row = 0
}
