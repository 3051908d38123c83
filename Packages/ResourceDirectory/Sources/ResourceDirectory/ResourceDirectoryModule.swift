import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation
import SystemActions
import WebBrowser

/// The QuickSeries resource directory: categories, each category's resources (sortable A–Z / Z–A,
/// filterable by title), and a resource's details whose rows call, message, write an email (in the
/// app's compose screen), show the address on a map and open websites (in the shared in-app browser).
public enum ResourceDirectoryModule {
    /// What the feature needs from the outside world; the composition root passes live ones, tests fakes.
    public struct Dependencies: Sendable {
        public var service: any ResourceDirectoryService
        public var images: any ImageLoading
        /// Where websites come from in the in-app browser (`HTTPWebPageLoader` in the app).
        public var pages: any WebPageLoading
        /// Hands calls, messages, emails, maps and outside websites to the desktop (`XDGOpener` in the app).
        public var opener: any URLOpener

        public init(service: any ResourceDirectoryService, images: any ImageLoading, pages: any WebPageLoading,
                    opener: any URLOpener) {
            self.service = service
            self.images = images
            self.pages = pages
            self.opener = opener
        }
    }

    /// The original data: the mobile-test repository's raw files; `--base-url` replaces it.
    public static let originalBaseURL = URL(string: "https://raw.githubusercontent.com/quickseries/mobile-test/master")!

    /// The keys of every screen of the feature, as the `?` overlay of each screen shows them.
    /// The feature as the command line lists and builds it.
    public static let descriptor = FeatureDescriptor<Dependencies>(
        name: "resource-directory",
        summary: "QuickSeries resource directory: categories, sortable and filterable resources, details with actions",
        keys: keyHelp, make: { dependencies, host in make(dependencies: dependencies, host: host) })

    public static let keyHelp: [KeyHelpSection] = [
        .filteredList("Categories", keys: ResourceDirectoryTexts.categoryKeys,
                      failedKeys: ResourceDirectoryTexts.failedKeys(canRetry: true, canGoBack: false)),
        .filteredList("Resources", keys: ResourceDirectoryTexts.resourceKeys,
                      failedKeys: ResourceDirectoryTexts.failedKeys(canRetry: true, canGoBack: true)),
        KeyHelpSection("Details", ResourceDirectoryTexts.detailKeys),
        KeyHelpSection("New email", ResourceDirectoryTexts.composeKeys),
        KeyHelpSection("Website", WebBrowserModule.keys()),
    ]

    /// The bundled demo (the project's own categories, 28 resources and their photos, in the real
    /// schema; made by `Scripts/dev/make-resource-directory-demo`).
    public static var demoDataDirectory: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// Serves the demo under ``originalBaseURL``: `data/<file>` and `photos/<name>.png`, as files of the
    /// same paths (the raw repository's layout needs no routes), and the resources' websites (hosts
    /// ending in `.example`) from `sites/<host>.html`.
    public static func demoTransport(directory: URL) -> BundledTransport {
        let sites = BundledRoute { request in
            guard let host = request.url.host?.lowercased(), host.hasSuffix(".example"), request.url.path.isEmpty || request.url.path == "/",
                  host.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." }) else { return nil }
            return "sites/\(host).html"
        }
        return BundledTransport(baseURL: originalBaseURL, directory: directory, routes: [sites])
    }

    /// Builds the categories screen (the feature's entry).
    @MainActor
    public static func make(dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = ResourceCategoriesInteractor(service: dependencies.service)
        let router = CategoriesRouter(host: host, dependencies: dependencies)
        let presenter = CategoriesPresenter(interactor: interactor, router: router, work: host.work)
        return ModuleScreen<CategoriesView>(presenting: presenter, as: presenter)
    }

    @MainActor
    static func makeResourceList(category: ResourceCategory, dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = ResourceListInteractor(service: dependencies.service, images: dependencies.images)
        let router = ResourceListRouter(host: host, dependencies: dependencies)
        let presenter = ResourceListPresenter(category: category, interactor: interactor, router: router, work: host.work)
        return ModuleScreen<ResourceListView>(presenting: presenter, as: presenter)
    }

    @MainActor
    static func makeDetail(entry: ResourceEntry, dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = ResourceDetailInteractor(images: dependencies.images, opener: dependencies.opener)
        let router = ResourceDetailRouter(host: host, dependencies: dependencies)
        let presenter = ResourceDetailPresenter(entry: entry, interactor: interactor, router: router, work: host.work)
        return ModuleScreen<ResourceDetailView>(presenting: presenter, as: presenter)
    }

    @MainActor
    static func makeCompose(draft: EmailDraft, output: any ComposeEmailModuleOutput, dependencies: Dependencies,
                            host: any ScreenHost) -> any Screen {
        let interactor = ComposeEmailInteractor(opener: dependencies.opener)
        let router = ComposeEmailRouter(host: host)
        let presenter = ComposeEmailPresenter(draft: draft, interactor: interactor, router: router, work: host.work)
        presenter.output = output
        return ModuleScreen<ComposeEmailView>(presenting: presenter, as: presenter)
    }
}
