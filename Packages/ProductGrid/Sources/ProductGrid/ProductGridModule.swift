import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation

/// The product grid feature: a 2+ column grid of products from `GET /cart/list`, each opening
/// a detail fetched from `GET /cart/{product_id}/detail`.
public enum ProductGridModule {
    /// What the feature needs from the outside world; the composition root passes live ones, tests fakes.
    public struct Dependencies: Sendable {
        public var products: any ProductService
        public var images: any ImageLoading

        public init(products: any ProductService, images: any ImageLoading) {
            self.products = products
            self.images = images
        }
    }

    /// The original service's base URL; `--base-url` replaces it.
    public static let originalBaseURL = URL(string: "https://s3-eu-west-1.amazonaws.com/developer-application-test")!

    /// The keys of every screen of the feature, as the `?` overlay of each screen shows them.
    /// The feature as the command line lists and builds it.
    public static let descriptor = FeatureDescriptor<Dependencies>(
        name: "product-grid", summary: "products in a grid of image tiles, with a detail per product",
        keys: keyHelp, make: { dependencies, host in make(dependencies: dependencies, host: host) })

    public static let keyHelp: [KeyHelpSection] = [
        .filteredList("Grid", keys: ProductListView.keys, failedKeys: ProductListView.failedKeys),
        KeyHelpSection("Detail", ProductDetailView.keys),
    ]

    /// The bundled demo catalog (the project's own products and pictures, in the real schema),
    /// served under ``originalBaseURL`` by a `BundledTransport`.
    public static var demoDataDirectory: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// Builds the grid screen (the feature's entry).
    @MainActor
    public static func make(dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = ProductListInteractor(products: dependencies.products, images: dependencies.images)
        let router = ProductListRouter(host: host, dependencies: dependencies)
        let presenter = ProductListPresenter(interactor: interactor, router: router, work: host.work)
        return ModuleScreen<ProductListView>(presenting: presenter, as: presenter)
    }

    /// Builds the detail screen of one product.
    @MainActor
    static func makeDetail(product: ProductSummary, dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = ProductDetailInteractor(products: dependencies.products, images: dependencies.images)
        let router = ProductDetailRouter(host: host)
        let presenter = ProductDetailPresenter(product: product, interactor: interactor, router: router, work: host.work)
        return ModuleScreen<ProductDetailView>(presenting: presenter, as: presenter)
    }
}
