import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation

/// The Tapptic numbers feature: a master list of numbers (name and picture) and a detail per number
/// (its reading and a larger picture) fetched by name. Master and detail sit side by side on a wide
/// terminal (the landscape tablet) and navigate like a phone on a narrow one; resizing keeps the selection.
public enum NumbersModule {
    /// What the feature needs from the outside world; the composition root passes live ones, tests fakes.
    public struct Dependencies: Sendable {
        public var service: any NumbersService
        public var images: any ImageLoading

        public init(service: any NumbersService, images: any ImageLoading) {
            self.service = service
            self.images = images
        }
    }

    /// The original service's base URL; `--base-url` replaces it.
    public static let originalBaseURL = URL(string: "http://dev.tapptic.com/test")!

    /// The keys of every screen of the feature, as the `?` overlay of each screen shows them.
    /// The feature as the command line lists and builds it.
    public static let descriptor = FeatureDescriptor<Dependencies>(
        name: "numbers", summary: "Tapptic numbers: a list of numbers and each one's reading, side by side when wide",
        keys: keyHelp, make: { dependencies, host in make(dependencies: dependencies, host: host) })

    public static let keyHelp: [KeyHelpSection] = [
        .filteredList("List", keys: NumbersListView.keys, failedKeys: [NavigationTexts.english.retryKey]),
        KeyHelpSection("Number", NumberDetailView.keys, otherStates: [.error(NumberDetailView.failedKeys)]),
        KeyHelpSection("Wide terminal (100 columns or more)", SplitScreen.regularWidthKeys),
    ]

    /// The bundled demo (the project's own 52 numbers, details and kanji pictures, in the real schema;
    /// made by `Scripts/dev/make-numbers-demo`).
    public static var demoDataDirectory: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// Serves the demo under ``originalBaseURL``: `json.php` (the list), `json.php?name=N` (a detail)
    /// and `image.php?text=T` (a picture, named by the code points of `T`).
    public static func demoTransport(directory: URL) -> BundledTransport {
        let pictures = BundledRoute { request in
            guard request.pathSegments == ["image.php"], let text = request.query["text"], !text.isEmpty, text.count <= 16 else { return nil }
            return "images/" + text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "-") + ".png"
        }
        return BundledTransport(baseURL: originalBaseURL, directory: directory, routes: [
            .template("/json.php", file: "json.json"),
            .template("/json.php?name={name}", file: "details/{name}.json"),
            pictures,
        ])
    }

    /// Builds the feature's screen: the split of the list and the selected number.
    @MainActor
    public static func make(dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = NumbersListInteractor(service: dependencies.service, images: dependencies.images)
        let router = NumbersListRouter(host: host, dependencies: dependencies)
        let presenter = NumbersListPresenter(interactor: interactor, router: router, work: host.work)
        let view = ModuleScreen<NumbersListView>(presenting: presenter, as: presenter)
        let split = SplitScreen(master: view, masterPercent: 40, placeholder: NumbersTexts.placeholder)
        router.navigator = split
        return split
    }

    /// Builds the detail screen of one number.
    @MainActor
    static func makeDetail(item: NumberItem, dependencies: Dependencies, host: any ScreenHost) -> any Screen {
        let interactor = NumberDetailInteractor(service: dependencies.service, images: dependencies.images)
        let presenter = NumberDetailPresenter(item: item, interactor: interactor, work: host.work, router: NumberDetailRouter(host: host))
        return ModuleScreen<NumberDetailView>(presenting: presenter, as: presenter)
    }
}
