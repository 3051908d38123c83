import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation
import Numbers
import TerminalKit
import TerminalUI

// Runs the feature alone on its bundled demo: swift run --package-path Packages/Numbers NumbersDemo [--plain]
guard let directory = NumbersModule.demoDataDirectory else { FeatureDemo.fail("NumbersDemo: the bundled demo data is missing from this build.") }
let client = HTTPClient(transport: NumbersModule.demoTransport(directory: directory))
let dependencies = NumbersModule.Dependencies(
    service: HTTPNumbersService(client: client, baseURL: NumbersModule.originalBaseURL),
    images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil))
await FeatureDemo.run(NumbersModule.descriptor, dependencies: dependencies, plainSize: Size(columns: 120, rows: 30))
