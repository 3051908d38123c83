import Foundation
import TestSupport
import XCTest

/// An Xvfb display for one test, on which real terminals (kitty, xterm) run the app or a probe.
///
/// Needs Xvfb, kitty, xterm and ImageMagick's `import`: `.ci/run` installs them and sets
/// `APPS_CLI_REQUIRE_REAL_TERMINALS=1`, under which a missing one fails instead of skipping.
struct VirtualDisplay {
    let number: Int
    let server: Process
    let work: URL

    static func start() throws -> VirtualDisplay {
        for tool in ["Xvfb", "kitty", "xterm", "import"] where which(tool) == nil {
            let message = "\(tool) is not installed (sudo apt-get install -y xvfb kitty xterm imagemagick)"
            if ProcessInfo.processInfo.environment["APPS_CLI_REQUIRE_REAL_TERMINALS"] == "1" {
                XCTFail(message)
                throw XCTSkip(message)
            }
            throw XCTSkip(message)
        }
        let number = 90 + Int.random(in: 0..<400)
        let server = Process()
        server.executableURL = URL(fileURLWithPath: which("Xvfb")!)
        server.arguments = [":\(number)", "-screen", "0", "1000x700x24", "-nolisten", "tcp"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        let socket = "/tmp/.X11-unix/X\(number)"
        guard pollUntil("Xvfb listens on :\(number)", { FileManager.default.fileExists(atPath: socket) }) else {
            server.terminate()
            throw XCTSkip("Xvfb did not start on :\(number)")
        }
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-xvfb-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        return VirtualDisplay(number: number, server: server, work: work)
    }

    func stop() {
        server.terminate()
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: work)
    }

    static func which(_ tool: String) -> String? {
        for directory in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let path = "\(directory)/\(tool)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    func which(_ tool: String) -> String? { Self.which(tool) }
}
