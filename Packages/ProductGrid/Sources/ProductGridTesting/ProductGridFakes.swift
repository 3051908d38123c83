import Foundation
import HTTPClient
import ImageKit
import ProductGrid
import NavigationTesting
import Synchronization

/// Named sample products for tests.
public enum ProductFixtures {
    public static let apples = ProductSummary(id: "1", name: "Apples", priceInCents: 120,
                                              imageURL: URL(string: "http://images.test/1.jpg"))
    public static let pork = ProductSummary(id: "6_id_is_a_string", name: "Pork", priceInCents: 343,
                                            imageURL: URL(string: "http://images.test/6.jpg"))
    public static let noImage = ProductSummary(id: "3", name: "Mystery box", priceInCents: 5, imageURL: nil)

    /// `count` products named "Product 1"… with prices 100, 200, … cents.
    public static func catalog(count: Int) -> ProductCatalog {
        ProductCatalog(products: (1...max(1, count)).prefix(count).map { number in
            ProductSummary(id: "\(number)", name: "Product \(number)", priceInCents: number * 100,
                           imageURL: URL(string: "http://images.test/\(number).jpg"))
        })
    }

    public static func detail(of product: ProductSummary, description: String = "A fine product.") -> ProductDetail {
        ProductDetail(summary: product, description: description)
    }
}

/// A scripted ``ProductService``: answers with the queued results in order (the last one repeats)
/// and records what was asked. With `heldOpen`, every call waits until the test releases it.
public final class FakeProductService: ProductService {
    private struct State {
        var catalogResults: [Result<ProductCatalog, any Error>]
        var detailResults: [Result<ProductDetail, any Error>]
        var catalogRequests = 0
        var offlineCalls: Int
        var detailRequests: [String] = []
    }
    private let state: Mutex<State>
    private let heldOpen: HeldOpenCalls?
    private let catalogStoredAt: Date?
    private let kept: Fetched<ProductCatalog>?

    /// - Parameters:
    ///   - catalogStoredAt: answers as a kept copy current at that moment (the server unreachable),
    ///     for the first `offlineCalls` catalog requests; later ones are fresh.
    ///   - kept: the catalog kept from an earlier run, given at once (``keptCatalog()``).
    public init(catalog: [Result<ProductCatalog, any Error>] = [.success(ProductFixtures.catalog(count: 4))],
                details: [Result<ProductDetail, any Error>] = [.success(ProductFixtures.detail(of: ProductFixtures.apples))],
                heldOpen: HeldOpenCalls? = nil, catalogStoredAt: Date? = nil, offlineCalls: Int = .max,
                kept: Fetched<ProductCatalog>? = nil) {
        state = Mutex(State(catalogResults: catalog, detailResults: details, offlineCalls: offlineCalls))
        self.heldOpen = heldOpen
        self.catalogStoredAt = catalogStoredAt
        self.kept = kept
    }

    public func keptCatalog() async -> Fetched<ProductCatalog>? { kept }

    public var catalogRequests: Int { state.withLock { $0.catalogRequests } }
    public var detailRequests: [String] { state.withLock { $0.detailRequests } }

    public func fetchCatalog() async throws -> Fetched<ProductCatalog> {
        let (result, offline) = state.withLock { state in
            state.catalogRequests += 1
            return (state.catalogResults.count > 1 ? state.catalogResults.removeFirst() : state.catalogResults[0],
                    state.catalogRequests <= state.offlineCalls)
        }
        await heldOpen?.hold()
        return Fetched(try result.get(), storedAt: offline ? catalogStoredAt : nil)
    }

    public func fetchDetail(productID: String) async throws -> ProductDetail {
        let result = state.withLock { state in
            state.detailRequests.append(productID)
            return state.detailResults.count > 1 ? state.detailResults.removeFirst() : state.detailResults[0]
        }
        await heldOpen?.hold()
        return try result.get()
    }
}

/// A ``ProductService`` for tests that must not load anything: any call fails the test.
public final class UnimplementedProductService: ProductService {
    public init() {}

    public func fetchCatalog() async throws -> Fetched<ProductCatalog> {
        throw unimplementedCall("ProductService.fetchCatalog")
    }

    public func fetchDetail(productID: String) async throws -> ProductDetail {
        throw unimplementedCall("ProductService.fetchDetail(\(productID))")
    }
}

