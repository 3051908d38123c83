import Navigation

@MainActor
protocol ProductListRouting {
    func openDetail(for product: ProductSummary)
}

@MainActor
protocol ProductDetailRouting {
    func closeDetail()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// Opens a product's detail by building the detail module and pushing it.
struct ProductListRouter: ProductListRouting, ModuleRouter {
    let routes: ModuleRoutes<ProductGridModule.Dependencies>

    func openDetail(for product: ProductSummary) {
        routes.push { ProductGridModule.makeDetail(product: product, dependencies: $0, host: $1) }
    }
}

/// Leaves the detail (back to the grid).
struct ProductDetailRouter: ProductDetailRouting, ModuleRouter {
    let routes: ModuleRoutes<Void>

    func closeDetail() { routes.pop() }

    func openClipboard(with text: String) -> Bool { routes.copyToClipboard(text) }
}
