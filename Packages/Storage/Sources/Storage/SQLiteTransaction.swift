/// The handle a ``SQLiteDatabase/transaction(_:)`` body uses for its statements.
///
/// It is noncopyable and passed `borrowing`, so it cannot escape the body, and it is not
/// `Sendable`, so it cannot cross to another thread: every statement made through it runs on the
/// connection the transaction holds. (Calling the ``SQLiteDatabase`` itself inside the body throws
/// ``StorageError/misuse(_:)`` instead of deadlocking.)
public struct SQLiteTransaction: ~Copyable {
    let connection: Connection
    /// 0 for the outermost transaction, n for the n-th nested savepoint.
    let depth: Int

    /// Runs `sql` (one or more statements) with `bindings` for its `?` parameters, ignoring rows.
    public func execute(_ sql: String, _ bindings: [SQLiteValue] = []) throws {
        _ = try connection.run(sql, bindings, collect: false)
    }

    /// Runs `sql` with `bindings` and returns its rows.
    public func query(_ sql: String, _ bindings: [SQLiteValue] = []) throws -> [SQLiteRow] {
        try connection.run(sql, bindings, collect: true)
    }

    /// The rowid of the most recent successful INSERT in this transaction's connection.
    public var lastInsertRowID: Int64 { connection.lastInsertRowID }

    /// Rows changed by the most recent INSERT, UPDATE or DELETE.
    public var changes: Int { connection.changes }

    /// A nested transaction (a SAVEPOINT): when `body` throws, only its own writes are undone and
    /// the error propagates to the enclosing body, which may catch it and go on.
    public func transaction<T>(_ body: (borrowing SQLiteTransaction) throws -> T) throws -> T {
        let name = "storage_savepoint_\(depth + 1)"
        _ = try connection.run("SAVEPOINT \(name)", [], collect: false)
        let nested = SQLiteTransaction(connection: connection, depth: depth + 1)
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
