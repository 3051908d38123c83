import FeatureKit
import Check24Overview
import Foundation
import HTTPClient
import ImageKit
import Navigation
import SystemActions
import TerminalKit
import TerminalUI
import WebBrowser

// Runs the CHECK24 overview alone on its bundled demo data (favorites in a temporary folder):
//   swift run --package-path Packages/Check24Overview Check24OverviewDemo [--plain]
guard let directory = Check24OverviewModule.demoDataDirectory else { FeatureDemo.fail("Check24OverviewDemo: the bundled demo data is missing") }
let client = HTTPClient(transport: Check24OverviewModule.faultInjecting(Check24OverviewModule.demoTransport(directory: directory), failEvery: 3))
let service = HTTPCheck24Service(client: client, baseURL: Check24OverviewModule.originalBaseURL)
let favorites: SQLiteFavoritesService
do {
    favorites = try SQLiteFavoritesService(directory: FileManager.default.temporaryDirectory.appendingPathComponent("check24-demo"))
} catch {
    FeatureDemo.fail("Check24OverviewDemo: favorites could not be opened: \(error)")
}
let dependencies = Check24OverviewModule.Dependencies(
    catalog: service, favorites: favorites,
    images: ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: nil),
    pages: HTTPWebPageLoader(client: client), legalPageURL: Check24OverviewModule.originalLegalPageURL,
    opener: XDGOpener(environment: ProcessInfo.processInfo.environment))
await FeatureDemo.run(Check24OverviewModule.descriptor, dependencies: dependencies)
