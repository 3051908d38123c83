import Check24Overview
import Foundation
import HTTPClient
import Storage
import ImageKit
import NavigationTesting
import Synchronization

/// Named sample products for tests (the first two are the real payload's, values included).
public enum Check24Fixtures {
    public static let yellowTriangle = Check24Product(
        id: 1, name: "Yellow Triangle", type: "Triangle", color: "Yellow",
        imageURL: URL(string: "http://images.test/yellow-triangle.png"), colorCode: "FFECB3", available: true,
        releaseDate: Date(timeIntervalSince1970: 1460629605),
        description: "Lorem ipsum dolor sit amet, consetetur sadipscing elitr, sed diam",
        longDescription: "First paragraph.\n\nSecond paragraph.", rating: 2.17,
        price: Check24Price(value: 225.91, currency: "EUR"))
    public static let blueCircle = Check24Product(
        id: 2, name: "Blue Circle", type: "Circle", color: "Blue",
        imageURL: URL(string: "http://images.test/blue-circle.png"), colorCode: "BBDEFB", available: false,
        releaseDate: Date(timeIntervalSince1970: 1459629605), description: "Lorem ipsum dolor sit amet, consetetur sadipscing elitr",
        longDescription: "Lorem ipsum dolor sit amet", rating: 1.0, price: Check24Price(value: 281.51, currency: "EUR"))
    public static let redSquare = Check24Product(
        id: 3, name: "Red Square", type: "Square", color: "Red", imageURL: nil, colorCode: "FFCDD2", available: true,
        releaseDate: Date(timeIntervalSince1970: 1462629605), description: "Four right angles.", longDescription: "",
        rating: 3.7, price: Check24Price(value: 19.99, currency: "EUR"))

    public static let header = Check24Header(title: "Check24 Shape Comparison", subtitle: "List of geometric products")

    public static func catalog(_ products: [Check24Product] = [yellowTriangle, blueCircle, redSquare],
                               skipped: [SkippedProduct] = []) -> Check24Catalog {
        Check24Catalog(header: header, products: Check24Products(products), skipped: skipped)
    }
}

/// A scripted catalog service: answers with the queued results in order (the last one repeats).
/// With `heldOpen`, every call waits until the test releases it.
public final class FakeCheck24CatalogService: Check24CatalogService {
    private struct State {
        var results: [Result<Check24Catalog, any Error>]
        var requests = 0
    }
    private let state: Mutex<State>
    private let heldOpen: HeldOpenCalls?
    private let storedAt: Date?

    /// - Parameter storedAt: every answer is a catalog kept from then (the server unreachable).
    public init(_ results: [Result<Check24Catalog, any Error>] = [.success(Check24Fixtures.catalog())], heldOpen: HeldOpenCalls? = nil,
                storedAt: Date? = nil) {
        state = Mutex(State(results: results))
        self.heldOpen = heldOpen
        self.storedAt = storedAt
    }

    public var requests: Int { state.withLock { $0.requests } }

    public func fetchCatalog() async throws -> Fetched<Check24Catalog> {
        let result = state.withLock { state in
            state.requests += 1
            return state.results.count > 1 ? state.results.removeFirst() : state.results[0]
        }
        await heldOpen?.hold()
        return Fetched(try result.get(), storedAt: storedAt)
    }
}

/// A catalog service for tests that must not load the catalog: a call fails the test.
public final class UnimplementedCheck24CatalogService: Check24CatalogService {
    public init() {}

    public func fetchCatalog() async throws -> Fetched<Check24Catalog> {
        throw unimplementedCall("Check24CatalogService.fetchCatalog")
    }
}

/// A favorites service for tests that must not touch favorites: a call fails the test.
public final class UnimplementedFavoritesService: Check24FavoritesService {
    public init() {}

    public func favoriteIDs() async throws -> Set<Int> {
        throw unimplementedCall("Check24FavoritesService.favoriteIDs")
    }

    public func setFavorite(_ isFavorite: Bool, productID: Int) async throws -> Bool {
        throw unimplementedCall("Check24FavoritesService.setFavorite")
    }
}

/// Favorites in memory; `failWrites` makes every save fail (to test that nothing is lost),
/// `failReads` every read (``fakeReadError``).
public final class InMemoryFavoritesService: Check24FavoritesService {
    private let ids: Mutex<Set<Int>>
    private let failing: Mutex<Bool>
    private let failReads: Bool

    public init(_ ids: Set<Int> = [], failWrites: Bool = false, failReads: Bool = false) {
        self.ids = Mutex(ids)
        self.failing = Mutex(failWrites)
        self.failReads = failReads
    }

    public var current: Set<Int> { ids.withLock { $0 } }
    public func setFailWrites(_ fail: Bool) { failing.withLock { $0 = fail } }

    public func favoriteIDs() async throws -> Set<Int> {
        if failReads { throw fakeReadError }
        return ids.withLock { $0 }
    }

    public func setFavorite(_ isFavorite: Bool, productID: Int) async throws -> Bool {
        if failing.withLock({ $0 }) { throw fakeSaveError }
        ids.withLock { ids in
            if isFavorite { ids.insert(productID) } else { ids.remove(productID) }
        }
        return isFavorite
    }
}

/// What ``InMemoryFavoritesService`` throws while writes fail: the store's error when another
/// process holds the write lock, as the live SQLite store throws it.
public let fakeSaveError = StorageError.busy(path: "favorites.sqlite")
/// What ``InMemoryFavoritesService`` throws on reads when `failReads` is set: a damaged store.
public let fakeReadError = StorageError.corrupt(path: "favorites.sqlite")
