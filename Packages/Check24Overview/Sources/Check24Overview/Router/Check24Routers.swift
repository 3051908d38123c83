import Foundation
import Navigation

@MainActor
protocol Check24OverviewRouting: AnyObject {
    func openDetail(for product: Check24Product, isFavorite: Bool, output: any Check24DetailModuleOutput)
    func openLegalPage()
}

@MainActor
protocol Check24DetailRouting: AnyObject {
    func openLegalPage()
    func closeDetail()
    /// Puts `text` on the terminal's clipboard; false where there is none.
    func openClipboard(with text: String) -> Bool
}

/// From the overview: a product's details, or the legal page in the in-app browser (WebBrowser).
@MainActor
final class Check24OverviewRouter: Check24OverviewRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: Check24OverviewModule.Dependencies

    init(host: any ScreenHost, dependencies: Check24OverviewModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openDetail(for product: Check24Product, isFavorite: Bool, output: any Check24DetailModuleOutput) {
        guard let host else { return }
        host.push(Check24OverviewModule.makeDetail(product: product, isFavorite: isFavorite, output: output,
                                                   dependencies: dependencies, host: host))
    }

    func openLegalPage() {
        guard let host else { return }
        host.push(Check24OverviewModule.makeLegalPage(dependencies: dependencies, host: host))
    }
}

/// From the details: the legal page, or back to the overview.
@MainActor
final class Check24DetailRouter: Check24DetailRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: Check24OverviewModule.Dependencies

    init(host: any ScreenHost, dependencies: Check24OverviewModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openLegalPage() {
        guard let host else { return }
        host.push(Check24OverviewModule.makeLegalPage(dependencies: dependencies, host: host))
    }

    func closeDetail() {
        host?.pop()
    }

    func openClipboard(with text: String) -> Bool {
        host?.copyToClipboard(text) ?? false
    }
}
