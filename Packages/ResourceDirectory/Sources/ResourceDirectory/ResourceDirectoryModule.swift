import Foundation
import HTTPClient

/// The QuickSeries resource directory: categories, each category's resources (sortable A–Z / Z–A,
/// filterable), and a resource's details with actions. This first part holds the data layer: the
/// entities, the live service, the use cases and the bundled demo; the screens build on it.
public enum ResourceDirectoryModule {
    /// What the feature needs from the outside world; the composition root passes live ones, tests fakes.
    public struct Dependencies: Sendable {
        public var service: any ResourceDirectoryService

        public init(service: any ResourceDirectoryService) {
            self.service = service
        }
    }

    /// The original data: the mobile-test repository's raw files; `--base-url` replaces it.
    public static let originalBaseURL = URL(string: "https://raw.githubusercontent.com/quickseries/mobile-test/master")!

    /// The bundled demo (the project's own categories, 28 resources and their photos, in the real
    /// schema; made by `Scripts/dev/make-resource-directory-demo`).
    public static var demoDataDirectory: URL? {
        Bundle.module.url(forResource: "Demo", withExtension: nil)
    }

    /// Serves the demo under ``originalBaseURL``: `data/<file>` and `photos/<name>.png`, as files of the
    /// same paths (the raw repository's layout needs no routes).
    public static func demoTransport(directory: URL) -> BundledTransport {
        BundledTransport(baseURL: originalBaseURL, directory: directory)
    }
}
