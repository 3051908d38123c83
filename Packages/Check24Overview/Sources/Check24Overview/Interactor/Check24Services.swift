import Foundation
import ImageKit

/// Where the product list comes from (HTTP in the app, fakes in tests).
public protocol Check24CatalogService: Sendable {
    func fetchCatalog() async throws -> Check24Catalog
}

/// Where favorites are kept across runs (SQLite in the app).
public protocol Check24FavoritesService: Sendable {
    func favoriteIDs() async throws -> Set<Int>
    /// Stores the new state and returns it.
    func setFavorite(_ isFavorite: Bool, productID: Int) async throws -> Bool
}
