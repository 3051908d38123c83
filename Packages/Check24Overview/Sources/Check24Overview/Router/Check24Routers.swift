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
}

@MainActor
protocol WebPageRouting: AnyObject {
    func openWebPage(at url: URL)
    func closeWebPage()
}

/// From the overview: a product's details, or the legal page in the in-app web view.
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
        host.push(Check24OverviewModule.makeWebPage(url: dependencies.legalPageURL, dependencies: dependencies, host: host))
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
        host.push(Check24OverviewModule.makeWebPage(url: dependencies.legalPageURL, dependencies: dependencies, host: host))
    }

    func closeDetail() {
        host?.pop()
    }
}

/// From a web page: a followed link opens as the next page (esc comes back, like a browser's back).
@MainActor
final class WebPageRouter: WebPageRouting {
    private weak var host: (any ScreenHost)?
    private let dependencies: Check24OverviewModule.Dependencies

    init(host: any ScreenHost, dependencies: Check24OverviewModule.Dependencies) {
        self.host = host
        self.dependencies = dependencies
    }

    func openWebPage(at url: URL) {
        guard let host else { return }
        host.push(Check24OverviewModule.makeWebPage(url: url, dependencies: dependencies, host: host))
    }

    func closeWebPage() {
        host?.pop()
    }
}
