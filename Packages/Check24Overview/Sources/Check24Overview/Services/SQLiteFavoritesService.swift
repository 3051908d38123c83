import Foundation
import Storage

/// Favorites in a SQLite file (`favorites.sqlite` in the data directory, namespace `check24`).
///
/// SQLite rather than an atomic JSON file: contacts keeps its data in the same kind of file, a
/// toggle is one transaction (a crash mid-write cannot lose the other favorites), and two
/// instances of the app running at once see each other's changes instead of overwriting them.
public struct SQLiteFavoritesService: Check24FavoritesService {
    public static let namespace = "check24"
    private let store: FavoritesStore

    public init(store: FavoritesStore) {
        self.store = store
    }

    /// Opens (or creates) the favorites file in `directory`.
    public init(directory: URL) throws {
        let database = try SQLiteDatabase.open(directory: directory, fileName: "favorites.sqlite")
        // Every launch opens it; each toggle's commit synced the log, so closing need not copy it.
        try database.keepWriteAheadLogOnClose(checkpointAfterPages: 1000)
        self.init(store: try FavoritesStore(database: database, namespace: Self.namespace))
    }

    /// On the store's own queue (as every call below), never on a thread of the cooperative pool.
    public func favoriteIDs() async throws -> Set<Int> {
        try await store.perform { store in Set(try store.all().compactMap { Int($0) }) }
    }

    public func setFavorite(_ isFavorite: Bool, productID: Int) async throws -> Bool {
        try await store.perform { try $0.set(String(productID), favorite: isFavorite) }
        return isFavorite
    }
}
