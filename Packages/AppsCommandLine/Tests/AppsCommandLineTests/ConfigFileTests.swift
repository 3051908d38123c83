import Foundation
import TerminalKit
import TerminalUI
import XCTest
@testable import AppsCommandLine

/// The config file: its format, its mistakes (each with its line), and the order in which the
/// command line, the environment, a feature's section and the settings before any section apply.
final class ConfigFileTests: XCTestCase {
    private let features = ["check24", "contacts", "numbers"]

    func testSettingsAndSections() throws {
        let text = """
            # every feature
            timeout = 20
              images=half   \r
            ; another comment

            [contacts]
            base-url = "http://127.0.0.1:8080"
            mouse = off   # the terminal's selection
            accessible = 1 ; as APPS_CLI_ACCESSIBLE=1
            [ numbers ]
            timeout = 2.5
            """
        let config = try ConfigFile.parse(text, path: "/c", features: features)
        XCTAssertEqual(config.everywhere, ["timeout": .init(value: "20", line: 2), "images": .init(value: "half", line: 3)])
        XCTAssertEqual(config.sections["contacts"], ["base-url": .init(value: "http://127.0.0.1:8080", line: 7), "mouse": .init(value: "off", line: 8),
                                                     "accessible": .init(value: "1", line: 9)], "a comment after a value goes")
        XCTAssertEqual(config.setting("timeout", feature: "numbers")?.setting.value, "2.5", "a feature's section wins")
        XCTAssertEqual(config.setting("timeout", feature: "numbers")?.setting.line, 11)
        XCTAssertEqual(config.setting("timeout", feature: "contacts")?.setting.value, "20")
        XCTAssertNil(config.setting("base-url", feature: "numbers"))
    }

    func testEveryMistakeNamesItsLine() {
        let cases: [(String, String)] = [
            ("timeout = 20\ncolour = red", "/c:2: unknown key 'colour'; the keys are base-url, timeout, images, mouse, theme, accessible."),
            ("[numbrs]", "/c:1: unknown section [numbrs]; the sections are the features: check24, contacts, numbers."),
            ("[contacts", "/c:1: a section is written [feature], not '[contacts'."),
            ("\n\njust words", "/c:3: expected 'key = value' or '[feature]', not 'just words'."),
            ("timeout = soon", "/c:1: timeout needs a decimal number of seconds from 0.1 to 3600, such as 15 or 2.5, not 'soon'."),
            ("mouse = maybe", "/c:1: mouse takes on or off, not 'maybe'."),
            ("images = 3d", "/c:1: images takes one of auto, kitty, iterm, sixel, sextant, quadrant, half, ascii, text, none, not '3d'."),
            ("base-url = ftp://x", "/c:1: --base-url needs an http(s) URL such as http://127.0.0.1:8080, not 'ftp://x'."),
            ("timeout = 1\u{1b}[31m", "/c:1: timeout needs a decimal number of seconds from 0.1 to 3600, such as 15 or 2.5, not '1\\u{1b}[31m'."),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try ConfigFile.parse(text, path: "/c", features: features), text) { error in
                XCTAssertEqual((error as? ConfigError)?.message, message, text)
            }
        }
    }

    /// Command line > environment > the feature's section > the settings before any section > default.
    func testTheCommandLineAndTheEnvironmentWin() throws {
        let config = try ConfigFile.parse("timeout = 20\nimages = half\nmouse = off\n[contacts]\ntimeout = 7\n", path: "/c", features: features)
        guard case .launch(_, var options) = try CommandLineParser.parse(["contacts", "--mouse", "on"]) else { return XCTFail() }
        options.images = .ascii
        options.fromEnvironment.insert("images")
        EffectiveConfig.apply(config, to: &options, feature: "contacts")
        XCTAssertEqual(options.timeout, 7)
        XCTAssertEqual(options.images, .ascii, "APPS_CLI_IMAGES")
        XCTAssertTrue(options.mouse, "--mouse on")
        XCTAssertEqual(options.fromConfig, ["timeout"])
        var numbers = LaunchOptions()
        EffectiveConfig.apply(config, to: &numbers, feature: "numbers")
        XCTAssertEqual(numbers.timeout, 20)
        XCTAssertEqual(numbers.images, .halfBlocks)
        XCTAssertFalse(numbers.mouse)
    }

    func testThePathFollowsXDG() {
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x"], home: "/home/a"), "/x/apps-cli/config")
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative"], home: "/home/a"), "/home/a/.config/apps-cli/config",
                       "a relative XDG_CONFIG_HOME is ignored, as the spec says")
        XCTAssertNil(ConfigFile.path(environment: [:], home: nil))
    }
}
