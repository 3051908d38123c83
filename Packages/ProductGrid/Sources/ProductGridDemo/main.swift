import Foundation
import HTTPClient
import ImageKit
import Navigation
import ProductGrid
import TerminalKit
import TerminalUI

// Runs the product grid alone on its bundled demo catalog:
//   swift run --package-path Packages/ProductGrid ProductGridDemo [--plain]
guard let directory = ProductGridModule.demoDataDirectory else {
    FileHandle.standardError.write(Data("ProductGridDemo: the bundled demo data is missing\n".utf8))
    exit(74)
}
let client = HTTPClient(transport: BundledTransport(baseURL: ProductGridModule.originalBaseURL, directory: directory))
let dependencies = ProductGridModule.Dependencies(
    products: HTTPProductService(client: client, baseURL: ProductGridModule.originalBaseURL),
    images: ImageRepository(fetch: { url in try await client.picture(at: url) }, diskCacheDirectory: nil))

if CommandLine.arguments.contains("--plain") || isatty(STDOUT_FILENO) == 0 {
    let host = HeadlessHost(size: Size(columns: 80, rows: 24))
    let frame = await host.run(root: ProductGridModule.make(dependencies: dependencies, host: host.controller), keys: [])
    print(PlainTextEncoder.encode(frame))
} else {
    let host = TerminalHost(session: TerminalSession(), colorMode: ColorMode.detect(environment: ProcessInfo.processInfo.environment))
    do {
        exit(try await host.run(root: ProductGridModule.make(dependencies: dependencies, host: host.controller)))
    } catch {
        FileHandle.standardError.write(Data("ProductGridDemo: the terminal could not be set up: \(error)\n".utf8))
        exit(74)
    }
}
