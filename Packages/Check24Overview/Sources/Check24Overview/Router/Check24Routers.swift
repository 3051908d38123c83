import Foundation
import Navigation

@MainActor
protocol Check24OverviewRouting {
    func openDetail(for product: Check24Product, isFavorite: Bool, output: any Check24DetailModuleOutput)
    func openLegalPage()
}

@MainActor
protocol Check24DetailRouting {
    func openLegalPage()
    func closeDetail()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// From the overview: a product's details, or the legal page in the in-app browser (WebBrowser).
struct Check24OverviewRouter: Check24OverviewRouting, ModuleRouter {
    let routes: ModuleRoutes<Check24OverviewModule.Dependencies>

    func openDetail(for product: Check24Product, isFavorite: Bool, output: any Check24DetailModuleOutput) {
        routes.push { Check24OverviewModule.makeDetail(product: product, isFavorite: isFavorite, output: output, dependencies: $0, host: $1) }
    }

    func openLegalPage() { routes.push(Check24OverviewModule.makeLegalPage) }
}

/// From the details: the legal page, or back to the overview.
struct Check24DetailRouter: Check24DetailRouting, ModuleRouter {
    let routes: ModuleRoutes<Check24OverviewModule.Dependencies>

    func openLegalPage() { routes.push(Check24OverviewModule.makeLegalPage) }

    func closeDetail() { routes.pop() }

    func openClipboard(with text: String) -> Bool { routes.copyToClipboard(text) }
}
