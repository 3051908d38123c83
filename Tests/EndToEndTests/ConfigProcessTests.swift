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
        XCTAssertTrue(printed.stdout.contains("base-url    http://127.0.0.1:9"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("\(configFile.path):4 [numbers]"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("timeout     3"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("command line (--timeout)"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("mouse       on"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("theme       auto"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("accessible  off"), printed.stdout)
    }

    func testAMistakeIsOneLineWithTheFileAndLineAndExit78() throws {
        try Data("timeout = 20\n[contacts]\ncolour = red\n".utf8).write(to: configFile)
        for arguments in [["contacts", "--plain"], ["--print-config"], ["numbers", "--print-config"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 78, "\(arguments)")
            XCTAssertEqual(result.stdout, "")
            XCTAssertEqual(result.stderr, "apps-cli: \(configFile.path):3: unknown key 'colour'; the keys are base-url, timeout, images, mouse, theme, accessible.\n")
        }
    }

    /// A config that is no regular file is never waited on: a named pipe (which would block the open
    /// for a writer), a loop of links and a link to nothing are each a config error that says what
    /// the path is, exit 78, `--print-config` included.
    func testAConfigThatIsNoFileIsAnErrorAtOnce() throws {
        XCTAssertEqual(mkfifo(configFile.path, 0o600), 0)
        for arguments in [["--print-config"], ["numbers", "--plain"]] {
            let result = try AppsCLIProcess.run(arguments, environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path],
                                                timeout: 10)
            XCTAssertEqual(result.status, 78, "\(arguments): \(result.stderr)")
            XCTAssertEqual(result.stderr, "apps-cli: \(configFile.path) is a named pipe (FIFO), not a config file.\n")
        }
        try FileManager.default.removeItem(at: configFile)
        let other = home.appendingPathComponent("config/apps-cli/other")
        try FileManager.default.createSymbolicLink(atPath: configFile.path, withDestinationPath: other.path)
        try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: configFile.path)
        let loop = try run(["--print-config"])
        XCTAssertEqual(loop.status, 78, loop.stdout)
        XCTAssertEqual(loop.stderr, "apps-cli: \(configFile.path) cannot be read (its symbolic links lead in a circle).\n")
        try FileManager.default.removeItem(at: other)
        let dangling = try run(["--print-config"])
        XCTAssertEqual(dangling.status, 78, dangling.stdout)
        XCTAssertEqual(dangling.stderr, "apps-cli: \(configFile.path) cannot be read (it is a symbolic link to nothing).\n")
    }

    /// A name in a message is cut to a readable length, however long the file's mistake.
    func testALongSectionNameIsCutInTheMessage() throws {
        let name = String(repeating: "x", count: 60_000)
        try Data("[\(name)]\n".utf8).write(to: configFile)
        let result = try run(["--print-config"])
        XCTAssertEqual(result.status, 78)
        XCTAssertLessThan(result.stderr.count, 400, result.stderr)
        XCTAssertTrue(result.stderr.contains("unknown section [\(String(repeating: "x", count: 60))…]"), result.stderr)
    }

    func testWithoutAConfigFileEverythingIsADefault() throws {
        let result = try run(["--print-config"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("not there"), result.stdout)
        XCTAssertTrue(result.stdout.contains("timeout     15"), result.stdout)
    }

    /// `theme` and `accessible` from the file, the environment and the command line, each said where
    /// it came from; a theme that is none is refused with its line.
    func testThemeAndAccessibleComeFromTheFileTheEnvironmentOrTheCommandLine() throws {
        try Data("theme = high-contrast\naccessible = on\n".utf8).write(to: configFile)
        let fromFile = try run(["contacts", "--print-config"])
        XCTAssertEqual(fromFile.status, 0, fromFile.stderr)
        XCTAssertTrue(fromFile.stdout.contains("theme       high-contrast  "), fromFile.stdout)
        XCTAssertTrue(fromFile.stdout.contains("\(configFile.path):1"), fromFile.stdout)
        XCTAssertTrue(fromFile.stdout.contains("accessible  on"), fromFile.stdout)
        let options = try AppsCLIProcess.run(["contacts", "--print-config", "--theme", "light"],
                                             environment: ["XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                                                           "APPS_CLI_ACCESSIBLE": "0"])
        XCTAssertTrue(options.stdout.contains("theme       light"), options.stdout)
        XCTAssertTrue(options.stdout.contains("command line (--theme)"), options.stdout)
        XCTAssertTrue(options.stdout.contains("accessible  off"), options.stdout)
        XCTAssertTrue(options.stdout.contains("environment (APPS_CLI_ACCESSIBLE)"), options.stdout)
        let off = try run(["contacts", "--print-config", "--accessible=off"])
        XCTAssertTrue(off.stdout.contains("accessible  off"), "--accessible=off undoes the file's on: \(off.stdout)")
        XCTAssertTrue(off.stdout.contains("command line (--accessible)"), off.stdout)
        XCTAssertEqual(try run(["contacts", "--print-config", "--accessible=maybe"]).status, 64)

        try Data("[numbers]\ntheme = sepia\n".utf8).write(to: configFile)
        let refused = try run(["numbers", "--plain"])
        XCTAssertEqual(refused.status, 78)
        XCTAssertEqual(refused.stderr, "apps-cli: \(configFile.path):2: theme takes one of auto, dark, light, high-contrast, not 'sepia'.\n")
        let usage = try run(["numbers", "--theme", "solarized"])
        XCTAssertEqual(usage.status, 64)
        XCTAssertTrue(usage.stderr.contains("--theme takes one of auto, dark, light, high-contrast, not 'solarized'."), usage.stderr)
    }
}
