/// One step of a schema's history, applied once by ``SQLiteDatabase/migrate(_:)``.
public struct Migration: Sendable {
    /// The `user_version` the database has after this migration; ascending across migrations.
    public let version: Int
    let apply: @Sendable (SQLiteTransaction) throws -> Void

    /// A migration of SQL statements (separated by `;`); no BEGIN/COMMIT, it runs in a transaction.
    public init(version: Int, sql: String) {
        self.version = version
        apply = { try $0.execute(sql) }
    }

    /// A migration in code, for steps SQL alone cannot do (such as rewriting values).
    public init(version: Int, _ apply: @escaping @Sendable (SQLiteTransaction) throws -> Void) {
        self.version = version
        self.apply = apply
    }
}
