import FeatureKit
import Foundation
import HTTPClient
import ImageKit
import Navigation
import ProductGrid
import TerminalKit
import TerminalUI

// Runs the product grid alone on its bundled demo catalog:
//   swift run --package-path Packages/ProductGrid ProductGridDemo [--plain]
guard let directory = ProductGridModule.demoDataDirectory else { FeatureDemo.fail("ProductGridDemo: the bundled demo data is missing from this build.") }
let client = HTTPClient(transport: BundledTransport(baseURL: ProductGridModule.originalBaseURL, directory: directory))
let dependencies = ProductGridModule.Dependencies(
    products: HTTPProductService(client: client, baseURL: ProductGridModule.originalBaseURL),
    images: ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: nil))
await FeatureDemo.run(ProductGridModule.descriptor, dependencies: dependencies)
