import Foundation
import HTTPClient
import ImageKit

/// Where the product list comes from (HTTP in the app, fakes in tests).
public protocol Check24CatalogService: Sendable {
    /// The catalog, and when it was current if the server could not answer and a kept one stands in.
    func fetchCatalog() async throws -> Fetched<Check24Catalog>
    /// Keeps a catalog the server just sent for the next launches (after it is on screen).
    func keepCatalog(_ catalog: Check24Catalog) async
}

extension Check24CatalogService {
    /// Nothing kept (the bundled demo, fakes).
    public func keepCatalog(_ catalog: Check24Catalog) async {}
}

/// Where favorites are kept across runs (SQLite in the app).
public protocol Check24FavoritesService: Sendable {
    func favoriteIDs() async throws -> Set<Int>
    /// Stores the new state and returns it.
    func setFavorite(_ isFavorite: Bool, productID: Int) async throws -> Bool
}
