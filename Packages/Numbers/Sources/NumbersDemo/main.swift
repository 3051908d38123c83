import Foundation
import HTTPClient
import ImageKit
import Navigation
import Numbers
import TerminalKit
import TerminalUI

// Runs the feature alone on its bundled demo: swift run --package-path Packages/Numbers NumbersDemo [--plain]
guard let directory = NumbersModule.demoDataDirectory else {
    FileHandle.standardError.write(Data("NumbersDemo: the bundled demo data is missing from this build.\n".utf8))
    exit(74)
}
let client = HTTPClient(transport: NumbersModule.demoTransport(directory: directory))
let dependencies = NumbersModule.Dependencies(
    service: HTTPNumbersService(client: client, baseURL: NumbersModule.originalBaseURL),
    images: ImageRepository(fetch: { try await client.picture(at: $0) }, diskCacheDirectory: nil))
if CommandLine.arguments.contains("--plain") || isatty(STDOUT_FILENO) == 0 {
    let host = HeadlessHost(size: Size(columns: 120, rows: 30))
    let frame = await host.run(root: NumbersModule.make(dependencies: dependencies, host: host.controller), keys: [])
    print(PlainTextEncoder.encode(frame))
} else {
    let host = TerminalHost(session: TerminalSession(), colorMode: ColorMode.detect(environment: ProcessInfo.processInfo.environment))
    exit((try? await host.run(root: NumbersModule.make(dependencies: dependencies, host: host.controller))) ?? 74)
}
