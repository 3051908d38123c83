/// A store kept in one SQLite database (kept answers, the outbox, favourites, a catalog): its methods
/// are synchronous, and async code calls them through ``perform(_:)``, on the database's own queue.
public protocol SQLiteStore: Sendable {
    /// The database the store reads and writes (its methods are the way in; tests read it directly).
    var database: SQLiteDatabase { get }
}

extension SQLiteStore {
    /// Runs `body` with this store on its database's serial queue and awaits it, so async code never
    /// waits for SQLite (the disk, another process's write) on a thread of the cooperative pool.
    public func perform<T: Sendable>(_ body: @escaping @Sendable (Self) throws -> T) async throws -> T {
        try await database.perform { _ in try body(self) }
    }
}
