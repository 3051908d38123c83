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
            XCTAssertEqual(result.stderr, "apps-cli: \(configFile.path):3: unknown key 'colour'; the keys are base-url, timeout, images, mouse, theme, accessible, width.\n")
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

    // MARK: Remapped keys

    private let remapping = "[keys]\nquit = x, ctrl-c\nfilter = /, ctrl-f\n\n[contacts.keys]\nfavorite = s\n"

    /// `--plain --keys` walks go through the remapping as a terminal's keys do.
    func testARemappedQuitAndFilterWorkInPlainRuns() throws {
        try Data(remapping.utf8).write(to: configFile)
        let filtered = try run(["numbers", "--plain", "--size", "80x24", "--keys", "ctrl-f 1 0 0 enter"])
        XCTAssertEqual(filtered.status, 0, filtered.stderr)
        XCTAssertTrue(filtered.stdout.contains("Numbers (4 of 52)"), "ctrl-f filters:\n\(filtered.stdout)")
        XCTAssertTrue(filtered.stdout.contains("x/ctrl-c quit"), "the key bar says the quit in effect:\n\(filtered.stdout)")
        let slash = try run(["numbers", "--plain", "--keys", "/ 1 0 0 enter"])
        XCTAssertTrue(slash.stdout.contains("Numbers (4 of 52)"), "/ is still a filter key:\n\(slash.stdout)")
        // q is no longer quit: the walk goes on to the filter; x quits before it.
        let q = try run(["numbers", "--plain", "--keys", "q /"])
        XCTAssertTrue(q.stdout.contains("type to filter"), q.stdout)
        let x = try run(["numbers", "--plain", "--keys", "x /"])
        XCTAssertEqual(x.status, 0, x.stderr)
        XCTAssertFalse(x.stdout.contains("type to filter"), "x quit first:\n\(x.stdout)")
        // Without the file, q quits as it always did.
        try FileManager.default.removeItem(at: configFile)
        XCTAssertFalse(try run(["numbers", "--plain", "--keys", "q /"]).stdout.contains("type to filter"))
    }

    /// The `?` overlay, `--help` and `--print-config` show the keys in effect.
    func testTheOverlayHelpAndPrintConfigShowTheRemappedKeys() throws {
        try Data(remapping.utf8).write(to: configFile)
        let overlay = try run(["contacts", "--plain", "--size", "100x40", "--data-dir", home.appendingPathComponent("data").path, "--keys", "enter ?"])
        XCTAssertTrue(overlay.stdout.contains("x ctrl-c"), overlay.stdout)
        XCTAssertTrue(overlay.stdout.contains("│ s                  favourite on or off"), "favorite is s on a contact's page:\n\(overlay.stdout)")
        XCTAssertTrue(overlay.stdout.contains("s favourite  e edit"), "and in its key bar:\n\(overlay.stdout)")
        let help = try run(["contacts", "--help"])
        XCTAssertEqual(help.status, 0, help.stderr)
        XCTAssertTrue(help.stdout.contains("  / ctrl-f "), help.stdout)
        XCTAssertTrue(help.stdout.contains("  x ctrl-c "), help.stdout)
        XCTAssertTrue(help.stdout.contains("  s                  favourite on or off"), help.stdout)
        XCTAssertFalse(help.stdout.contains("  f                  favourite"), help.stdout)
        let numbersHelp = try run(["numbers", "--help"])
        XCTAssertTrue(numbersHelp.stdout.contains("  x ctrl-c "), "[keys] is every feature's:\n\(numbersHelp.stdout)")
        let printed = try run(["contacts", "--print-config"])
        XCTAssertTrue(printed.stdout.contains("keys.favorite"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("\(configFile.path):6 [contacts.keys]"), printed.stdout)
        XCTAssertTrue(printed.stdout.contains("ctrl-f"), printed.stdout)
    }

    /// A key that two bindings of one screen would share: exit 78, with the file and line.
    func testAConflictingKeyExits78AndNamesItsLine() throws {
        try Data("[keys]\nfilter = ctrl-f\n\n[contacts.keys]\nfavorite = c\n".utf8).write(to: configFile)
        for arguments in [["contacts", "--plain"], ["contacts", "--help"], ["numbers", "--plain"], ["--print-config"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 78, "\(arguments)")
            XCTAssertEqual(result.stdout, "", "\(arguments)")
            XCTAssertEqual(result.stderr, "apps-cli: \(configFile.path):5: [contacts.keys] gives c to favorite, but c already means call on the Contact "
                           + "screen of contacts; choose another key.\n", "\(arguments)")
        }
    }
}
