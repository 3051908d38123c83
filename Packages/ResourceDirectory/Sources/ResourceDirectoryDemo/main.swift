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
    FileHandle.standardError.write(Data("ResourceDirectoryDemo: the bundled demo data is missing from this build.\n".utf8))
    exit(74)
}
let client = HTTPClient(transport: ResourceDirectoryModule.demoTransport(directory: directory))
let dependencies = ResourceDirectoryModule.Dependencies(
    service: HTTPResourceDirectoryService(client: client, baseURL: ResourceDirectoryModule.originalBaseURL),
    images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil),
    pages: HTTPWebPageLoader(client: client),
    opener: XDGOpener(environment: ProcessInfo.processInfo.environment))
if CommandLine.arguments.contains("--plain") || isatty(STDOUT_FILENO) == 0 {
    let host = HeadlessHost(size: Size(columns: 120, rows: 30))
    let frame = await host.run(root: ResourceDirectoryModule.make(dependencies: dependencies, host: host.controller), keys: [])
    print(PlainTextEncoder.encode(frame))
} else {
    let host = TerminalHost(session: TerminalSession(), colorMode: ColorMode.detect(environment: ProcessInfo.processInfo.environment))
    exit((try? await host.run(root: ResourceDirectoryModule.make(dependencies: dependencies, host: host.controller))) ?? 74)
}
