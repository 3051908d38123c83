import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation
import SystemActions
import WebBrowser

/// The CHECK24 product overview: a filtered list of products with favorites, each opening its
/// details, and a footer that opens the legal page in the in-app browser (the shared WebBrowser module).
public enum Check24OverviewModule {
    /// What the feature needs from the outside world; the composition root passes live ones, tests fakes.
    public struct Dependencies: Sendable {
        public var catalog: any Check24CatalogService
        public var favorites: any Check24FavoritesService
        public var images: any ImageLoading
        /// Where the legal page and the pages its links lead to come from (`HTTPWebPageLoader` in the app).
        public var pages: any WebPageLoading
        /// The page the footer opens.
        public var legalPageURL: URL
        /// Opens the legal page's mail and phone links through the desktop (`XDGOpener` in the app).
        public var opener: any URLOpener

        public init(catalog: any Check24CatalogService, favorites: any Check24FavoritesService,
                    images: any ImageLoading, pages: any WebPageLoading, legalPageURL: URL, opener: any URLOpener) {
            self.catalog = catalog
            self.favorites = favorites
            self.images = images
            self.pages = pages
            self.legalPageURL = legalPageURL
            self.opener = opener
        }
    }

    /// The original service; `--base-url` replaces it.
    public static let originalBaseURL = URL(string: "http://app.check24.de")!

    /// The keys of every screen of the feature, as the `?` overlay of each screen shows them.
    /// The feature as the command line lists and builds it (its words are German).
    public static let descriptor = FeatureDescriptor<Dependencies>(
        name: "check24", summary: "CHECK24 product overview with filters and favorites, details, legal page",
        localizedSummary: "CHECK24-Produktübersicht mit Filtern und Favoriten, Details und rechtlichen Hinweisen",
        keys: keyHelp, options: [failEveryOption], texts: navigationTexts,
        make: { dependencies, host in make(dependencies: dependencies, host: host) })

    public static let keyHelp: [KeyHelpSection] = [
        .filteredList(Check24Texts.overviewTitle, keys: Check24OverviewView.keys, failedKeys: Check24OverviewView.failedKeys),
        KeyHelpSection(Check24Texts.detailTitle, Check24DetailView.keys),
        KeyHelpSection(Check24Texts.webPageTitle, WebBrowserModule.keys(.german)),
    ]
    /// The host's words on check24's screens (the `?` overlay, `? Tasten  q beenden`): German like the rest.
    public static let navigationTexts = NavigationTexts.german
    /// The original legal page (another host than the API).
    public static let originalLegalPageURL = URL(string: "http://m.check24.de/rechtliche-hinweise?deviceoutput=app")!

    /// The legal page under a live `--base-url`: `{base}/rechtliche-hinweise?deviceoutput=app`.
    public static func legalPageURL(base: URL) throws(HTTPError) -> URL {
        try URLBuilder(base: base).appending(path: "rechtliche-hinweise").appending(query: "deviceoutput", "app").url()
    }

    /// The product list's address under `base`.
    public static func productsURL(base: URL) throws(HTTPError) -> URL {
        try URLBuilder(base: base).appending(path: "products-test.json").url()
    }

    /// The original spec's "every third request fails": `--fail-every`'s value when it is not given.
    public static let defaultFailEvery = 3

    /// `--fail-every N`: every Nth product-list request fails, to show the error view.
    public static let failEveryOption = FeatureOption(
        "--fail-every", "N", value: .count(words: "a whole number ≥ 0 (0 = never)", examples: ["0", "3"]),
        english: "check24 only: every Nth product-list request fails (default 3; 0 = never)",
        german: "jede N-te Anfrage der Produktliste schlägt fehl (Vorgabe 3; 0 = nie)")

    /// Wraps `transport` so that every `failEvery`-th *product-list* request fails (the original spec's
    /// "every third request fails", ``defaultFailEvery``); pictures and web pages never count. `0` never fails.
    public static func faultInjecting(_ transport: any Transport, failEvery: Int) -> any Transport {
        FaultInjectingTransport(wrapping: transport, failEvery: failEvery) { request in
            request.method == .get && request.url.path.hasSuffix("/products-test.json")
        }
    }

    /// The bundled demo (the project's own products, pictures and legal pages, in the real schema).
    public static var demoDataDirectory: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// Serves the demo under the original hosts: the API at ``originalBaseURL`` and the legal pages of
    /// `m.check24.de` (`/rechtliche-hinweise`, `/datenschutz`) from `pages/<name>.html`.
    public static func demoTransport(directory: URL) -> BundledTransport {
        let pages = BundledRoute { request in
            guard request.url.host?.lowercased() == "m.check24.de" else { return nil }
            let segments = request.url.path.split(separator: "/")
            guard segments.count == 1, segments[0].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
            return "pages/\(segments[0]).html"
        }
        return BundledTransport(baseURL: originalBaseURL, directory: directory, routes: [pages])
    }

    /// Builds the overview screen (the feature's entry).
    @MainActor
    public static func make(dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = Check24OverviewInteractor(catalog: dependencies.catalog, favorites: dependencies.favorites,
                                                   images: dependencies.images)
        let router = Check24OverviewRouter(host: host, dependencies: dependencies)
        let presenter = Check24OverviewPresenter(interactor: interactor, router: router, work: host.work)
        return ModuleScreen<Check24OverviewView>(presenting: presenter, as: presenter)
    }

    @MainActor
    static func makeDetail(product: Check24Product, isFavorite: Bool, output: any Check24DetailModuleOutput,
                           dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = Check24DetailInteractor(favorites: dependencies.favorites, images: dependencies.images)
        let router = Check24DetailRouter(host: host, dependencies: dependencies)
        let presenter = Check24DetailPresenter(product: product, isFavorite: isFavorite, interactor: interactor,
                                               router: router, work: host.work)
        presenter.output = output
        return ModuleScreen<Check24DetailView>(presenting: presenter, as: presenter)
    }

    /// The legal page in the shared browser, in German like every check24 screen. Its mail and phone
    /// links go to the desktop through the opener, and the browser says what came of it.
    @MainActor
    static func makeLegalPage(dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        WebBrowserModule.make(dependencies: .init(pages: dependencies.pages, texts: .german, opener: dependencies.opener),
                              url: dependencies.legalPageURL, host: host)
    }
}
