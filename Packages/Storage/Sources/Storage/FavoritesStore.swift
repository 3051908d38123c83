import Foundation

/// Favorites (or any other per-item flag) of one feature, kept in a SQLite file.
///
/// Several stores share one file and one table, kept apart by `namespace` (for example
/// "check24" and "contacts"). The table is created with `CREATE TABLE IF NOT EXISTS` rather than
/// by ``SQLiteDatabase/migrate(_:)``, so it does not claim `user_version`, which belongs to
/// whoever owns the rest of the file's schema.
public final class FavoritesStore: SQLiteStore {
    /// The feature whose favorites this store holds.
    public let namespace: String
    public let database: SQLiteDatabase

    /// A store for `namespace` in `database`, creating the `favorites` table when missing.
    public init(database: SQLiteDatabase, namespace: String) throws {
        self.database = database
        self.namespace = namespace
        try database.execute("""
            CREATE TABLE IF NOT EXISTS favorites (
                namespace TEXT NOT NULL,
                id TEXT NOT NULL,
                created_at REAL NOT NULL,
                PRIMARY KEY (namespace, id)
            ) WITHOUT ROWID
            """)
    }

    /// Whether `id` is a favorite.
    public func contains(_ id: String) throws -> Bool {
        try !database.query("SELECT 1 FROM favorites WHERE namespace = ? AND id = ?", [.text(namespace), .text(id)]).isEmpty
    }

    /// Every favorite id of this namespace.
    public func all() throws -> Set<String> {
        let rows = try database.query("SELECT id FROM favorites WHERE namespace = ?", [.text(namespace)])
        return Set(try rows.compactMap { try $0.string("id") })
    }

    /// Makes `id` a favorite or not. Marking an existing favorite again keeps its original date.
    public func set(_ id: String, favorite: Bool) throws {
        if favorite {
            try database.execute(
                "INSERT OR IGNORE INTO favorites (namespace, id, created_at) VALUES (?, ?, ?)",
                [.text(namespace), .text(id), .real(Date().timeIntervalSince1970)]
            )
        } else {
            try database.execute("DELETE FROM favorites WHERE namespace = ? AND id = ?", [.text(namespace), .text(id)])
        }
    }

    /// Flips `id` in one transaction (so concurrent toggles never lose one) and returns whether it
    /// is a favorite now.
    @discardableResult
    public func toggle(_ id: String) throws -> Bool {
        let namespace = namespace
        return try database.transaction { transaction in
            try transaction.execute("DELETE FROM favorites WHERE namespace = ? AND id = ?", [.text(namespace), .text(id)])
            if transaction.changes > 0 { return false }
            try transaction.execute(
                "INSERT INTO favorites (namespace, id, created_at) VALUES (?, ?, ?)",
                [.text(namespace), .text(id), .real(Date().timeIntervalSince1970)]
            )
            return true
        }
    }
}
