import Navigation

@MainActor
protocol ProductListRouting: AnyObject {
    func openDetail(for product: ProductSummary)
}

@MainActor
protocol ProductDetailRouting: AnyObject {
    func closeDetail()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// Opens a product's detail by building the detail module and pushing it.
@MainActor
final class ProductListRouter: ProductListRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: ProductGridModule.Dependencies

    init(host: any ScreenHost, dependencies: ProductGridModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openDetail(for product: ProductSummary) {
        guard let host else { return }
        host.push(ProductGridModule.makeDetail(product: product, dependencies: dependencies, host: host))
    }
}

/// Leaves the detail (back to the grid).
@MainActor
final class ProductDetailRouter: ProductDetailRouting {
    private weak var host: (any ScreenHost)?

    init(host: any ScreenHost) {
        self.host = host
    }

    func closeDetail() {
        host?.pop()
    }

    func openClipboard(with text: String) -> Bool {
        host?.copyToClipboard(text) ?? false
    }
}
