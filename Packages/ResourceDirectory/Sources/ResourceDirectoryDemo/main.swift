import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation
import ResourceDirectory
import SystemActions
import TerminalKit
import TerminalUI
import WebBrowser

// Runs the feature alone on its bundled demo: swift run --package-path Packages/ResourceDirectory ResourceDirectoryDemo [--plain]
guard let directory = ResourceDirectoryModule.demoDataDirectory else {
    FeatureDemo.fail("ResourceDirectoryDemo: the bundled demo data is missing from this build.")
}
let client = HTTPClient(transport: ResourceDirectoryModule.demoTransport(directory: directory))
let dependencies = ResourceDirectoryModule.Dependencies(
    service: HTTPResourceDirectoryService(client: client, baseURL: ResourceDirectoryModule.originalBaseURL),
    images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil),
    pages: HTTPWebPageLoader(client: client),
    opener: XDGOpener(environment: ProcessInfo.processInfo.environment))
await FeatureDemo.run(ResourceDirectoryModule.descriptor, dependencies: dependencies, plainSize: Size(columns: 120, rows: 30))
