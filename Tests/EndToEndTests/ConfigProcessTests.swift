import Foundation
import XCTest

/// The config file as the built binary reads it: its settings apply, the command line wins, a
/// mistake is one line naming the file and line with exit 78, and `--print-config` says where each
/// value comes from.
final class ConfigProcessTests: XCTestCase {
    private var home: URL!

    override func setUpWithError() throws {
        home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home.appendingPathComponent("config/apps-cli"), withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: home)
    }

    private var configFile: URL { home.appendingPathComponent("config/apps-cli/config") }

    private func run(_ arguments: [String]) throws -> AppsCLIProcess.Result {
        try AppsCLIProcess.run(arguments, environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path, "APPS_CLI_IMAGES": ""])
    }

    func testTheConfigFileAppliesAndTheCommandLineWins() throws {
        // A port nobody listens on, for numbers only.
        try Data("timeout = 1\n\n[numbers]\nbase-url = http://127.0.0.1:9\n".utf8).write(to: configFile)
        let numbers = try run(["numbers", "--plain"])
        XCTAssertEqual(numbers.status, 0, numbers.stderr)
        XCTAssertTrue(numbers.stdout.contains("127.0.0.1:9"), "the config's server: \(numbers.stdout)")
        let demo = try run(["product-grid", "--plain"])
        XCTAssertFalse(demo.stdout.contains("127.0.0.1:9"), "another feature's section does not apply")
        let printed = try run(["numbers", "--print-config", "--timeout", "3"])
        XCTAssertEqual(printed.status, 0)
        XCTAssertTrue(printed.stdout.contains("base-url  http://127.0.0.1:9"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("\(configFile.path):4 [numbers]"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("timeout   3"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("command line (--timeout)"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("mouse     on"), printed.stdout)
    }

    func testAMistakeIsOneLineWithTheFileAndLineAndExit78() throws {
        try Data("timeout = 20\n[contacts]\ncolour = red\n".utf8).write(to: configFile)
        for arguments in [["contacts", "--plain"], ["--print-config"], ["numbers", "--print-config"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 78, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "apps-cli: \(configFile.path):3: unknown key 'colour'; the keys are base-url, timeout, images, mouse.\n")
        }
    }

    func testWithoutAConfigFileEverythingIsADefault() throws {
        let result = try run(["--print-config"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("not there"), result.stdout)
        XCTAssertTrue(result.stdout.contains("timeout   15"), result.stdout)
    }
}
