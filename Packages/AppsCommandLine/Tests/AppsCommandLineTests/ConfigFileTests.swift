import Foundation
import Navigation
import TerminalKit
import TerminalUI
import TextCells
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
            ("timeout = 20\ncolour = red", "/c:2: unknown key 'colour'; the keys are base-url, timeout, images, mouse, theme, accessible, width."),
            ("[numbrs]", "/c:1: unknown section [numbrs]; the sections are the features (check24, contacts, numbers), [keys] and [<feature>.keys]."),
            ("[contacts", "/c:1: a section is written [feature], not '[contacts'."),
            ("\n\njust words", "/c:3: expected 'key = value' or '[feature]', not 'just words'."),
            ("timeout = soon", "/c:1: timeout needs a decimal number of seconds from 0.1 to 3600, such as 15 or 2.5, not 'soon'."),
            ("mouse = maybe", "/c:1: mouse takes on or off, not 'maybe'."),
            ("images = 3d", "/c:1: images takes one of auto, kitty, iterm, sixel, sextant, quadrant, half, ascii, text, none, not '3d'."),
            ("width = wide", "/c:1: width takes one of auto, clusters, scalars, libc, not 'wide'."),
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

    /// `width` chooses the width model's kind for every feature or one; auto (the default) leaves it to
    /// the terminal's answers, and --print-config says so.
    func testWidthIsAutoUnlessTheConfigNamesAModel() throws {
        let config = try ConfigFile.parse("width = libc\n[numbers]\nwidth = clusters\n[check24]\nwidth = AUTO\n", path: "/c", features: features)
        for (feature, expected) in [("contacts", WidthModel.Kind.libc), ("numbers", .clusters), ("check24", nil)] as [(String, WidthModel.Kind?)] {
            var options = LaunchOptions()
            EffectiveConfig.apply(config, to: &options, feature: feature)
            XCTAssertEqual(options.width, expected, feature)
        }
        var options = LaunchOptions()
        EffectiveConfig.apply(config, to: &options, feature: "numbers")
        let lines = EffectiveConfig.lines(options: options, config: config, configPath: "/c", feature: "numbers", environment: [:], dataDirectory: "/d")
        XCTAssertTrue(lines.split(separator: "\n").contains { $0.hasPrefix("width") && $0.contains("clusters") && $0.hasSuffix("/c:3 [numbers]") }, lines)
        let automatic = EffectiveConfig.lines(options: LaunchOptions(), config: nil, configPath: "/c", feature: nil, environment: [:], dataDirectory: "/d")
        XCTAssertTrue(automatic.split(separator: "\n").contains {
            $0.hasPrefix("width ") && $0.contains(" auto ") && $0.hasSuffix("default: chosen at start-up from the terminal's answers (APPS_CLI_LOG says which and why)")
        }, automatic)
    }

    // MARK: Remapped keys

    /// Two screens as a feature declares them: a list (filter `/`, open enter, move j/k…; its error
    /// view's retry, its filter typed) and a detail (favorite `f`, copy `y`, call `c`).
    private let screens: [String: [KeyHelpSection]] = [
        "contacts": [.filteredList("Contacts", keys: [ListInput.moveBinding(), ListInput.openBinding("open"), SearchInput.filterBinding()].help,
                                   failedKeys: [NavigationTexts.english.retryKey]),
                     KeyHelpSection("Contact", [KeyBinding([.character("f")], KeyHelp("f", "favourite"), name: "favorite"),
                                                KeyBinding([.character("y")], KeyHelp("y", "copy"), name: "copy"),
                                                KeyBinding([.character("c")], KeyHelp("c", "call"), name: "call")].help)],
        "numbers": [KeyHelpSection("List", [ListInput.moveBinding(), SearchInput.filterBinding()].help)],
    ]

    func testKeysSectionsRemapEveryFeatureAndAFeaturesOwnWins() throws {
        let text = """
            [keys]
            quit = q, ctrl-c
            filter = /, ctrl-f
            [contacts.keys]
            filter = ctrl-s
            favorite = s   # as in save
            [numbers]
            timeout = 3
            """
        let config = try ConfigFile.parse(text, path: "/c", features: features, keys: screens)
        XCTAssertEqual(config.keyMap(for: "numbers"), KeyMap(["quit": [.character("q"), .ctrl("c")], "filter": [.character("/"), .ctrl("f")]]))
        XCTAssertEqual(config.keyMap(for: "contacts").keys["filter"], [.ctrl("s")], "[contacts.keys] wins over [keys]")
        XCTAssertEqual(config.keyMap(for: "contacts").keys["favorite"], [.character("s")])
        XCTAssertEqual(config.keySetting("favorite", feature: "contacts")?.setting.line, 6)
        XCTAssertEqual(config.keySetting("quit", feature: "contacts")?.section, "keys")
        XCTAssertEqual(config.setting("timeout", feature: "numbers")?.setting.value, "3", "a feature's section after a keys section")
        var options = LaunchOptions()
        EffectiveConfig.apply(config, to: &options, feature: "contacts")
        XCTAssertEqual(options.keyMap, config.keyMap(for: "contacts"))
        let printed = EffectiveConfig.lines(options: options, config: config, configPath: "/c", feature: "contacts", environment: [:], dataDirectory: "/d")
        XCTAssertTrue(printed.contains("keys.favorite  s"), printed)
        XCTAssertTrue(printed.contains("/c:6 [contacts.keys]"), printed)
        XCTAssertTrue(printed.contains("keys.quit      q, ctrl-c"), printed)
    }

    func testAKeyTwoBindingsOfOneScreenWouldShareIsAMistakeOnItsLine() {
        let cases: [(String, String)] = [
            ("[contacts.keys]\n\nfavorite = c",
             "/c:3: [contacts.keys] gives c to favorite, but c already means call on the Contact screen of contacts; choose another key."),
            ("[keys]\nfilter = j",
             "/c:2: [keys] gives j to filter, but j already means down on the Contacts screen of contacts; choose another key."),
            ("[keys]\nquit = /",
             "/c:2: [keys] gives / to quit, but / already means filter on the Contacts screen of contacts; choose another key."),
            ("[keys]\nflip = x", "/c:2: no screen has a binding named 'flip'; the names are back, bottom, call, copy, down, favorite, filter, keys, open, page-down, page-up, quit, retry, suspend, top, up."),
            ("[numbers.keys]\ncall = x", "/c:2: no screen of numbers has a binding named 'call'; the names are back, bottom, down, filter, keys, page-down, page-up, quit, suspend, top, up."),
            ("[keys]\nfilter = ctrl-ff", "/c:2: 'ctrl-ff' needs one letter a–z after ctrl-; keys are \(KeySpec.bindableKeysDescription)."),
            ("[keys]\nfilter = wheelup", "/c:2: 'wheelup' is the mouse, not a key; keys are \(KeySpec.bindableKeysDescription)."),
            ("[keys]\nfilter = /,", "/c:2: filter needs its keys apart with commas (filter = q, ctrl-c), not '/,'; the comma key is written comma."),
            ("[keys]\nfilter = ctrl-c", "/c:2: ctrl-c always quits; filter cannot have it."),
            ("[keys]\nfilter =", "/c:2: filter needs a key after = (filter = q, ctrl-c)."),
            ("[keys]\nfilter = #", "/c:2: filter needs a key after = (filter = q, ctrl-c); # and ; after white space begin a comment, "
                + "so those keys are written hash and semicolon."),
            ("[keys]\nfilter = /, ;", "/c:2: filter needs its keys apart with commas (filter = q, ctrl-c), not '/,'; # and ; after white space "
                + "begin a comment, so those keys are written hash and semicolon."),
            ("[keys]\nfilter = ,", "/c:2: filter needs its keys apart with commas (filter = q, ctrl-c), not ','; the comma key is written comma."),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try ConfigFile.parse(text, path: "/c", features: features, keys: screens), text.debugDescription) { error in
                XCTAssertEqual((error as? ConfigError)?.message, message, text)
            }
        }
        XCTAssertThrowsError(try ConfigFile.parse("[keys]\nsave = s", path: "/c", features: features, keys: form)) {
            XCTAssertEqual(($0 as? ConfigError)?.message,
                           "/c:2: save is a key of a screen you type in, where 's' is text; give it a ctrl- key or another named key.")
        }
        // Swapping two keys is no conflict: each takes the other's.
        XCTAssertNoThrow(try ConfigFile.parse("[contacts.keys]\nfavorite = y\ncopy = f", path: "/c", features: features, keys: screens))
        // A key the screen gave up when its binding moved is free again.
        XCTAssertNoThrow(try ConfigFile.parse("[keys]\nfilter = ctrl-f\nquit = /", path: "/c", features: features, keys: screens))
    }

    /// A key that is no visible key a person types is refused, and said escaped: a bidi override,
    /// a zero-width space, a lone combining mark never reach `--help`, `--print-config` or a key bar.
    func testAKeyThatIsNotAVisibleCharacterIsRefusedAndSaidEscaped() {
        let cases: [(String, String)] = [
            ("\u{202E}", "'\\u{202e}' is an invisible format character (a bidi control or a zero-width one)"),
            ("\u{200B}", "'\\u{200b}' is an invisible format character (a bidi control or a zero-width one)"),
            ("\u{301}", "'\\u{301}' is a combining mark without a character to sit on"),
            ("/, \u{20DD}", "'\\u{20dd}' is a combining mark without a character to sit on"),
            ("\u{E000}", "'\\u{e000}' is a private-use character, which no keyboard types"),
            ("\u{A0}", "'\\u{a0}' is white space (the space bar is space)"),
        ]
        for (value, reason) in cases {
            let text = "[keys]\nfilter = \(value)"
            XCTAssertThrowsError(try ConfigFile.parse(text, path: "/c", features: features, keys: screens), text.debugDescription) { error in
                let message = (error as? ConfigError)?.message ?? ""
                XCTAssertEqual(message, "/c:2: \(reason); keys are \(KeySpec.bindableKeysDescription).", text.debugDescription)
                XCTAssertFalse(message.unicodeScalars.contains { !$0.isASCII && $0.properties.generalCategory != .otherPunctuation
                    && $0.properties.generalCategory != .dashPunctuation && $0.properties.generalCategory != .mathSymbol }, message.debugDescription)
            }
        }
    }

    /// `#`, `;` and `,` are bound by name (or `#` and `;` in quotes), and `--print-config` writes every
    /// remapped key as a config file takes it, so its lines can be pasted back.
    func testHashSemicolonAndCommaCanBeBoundAndPrintConfigWritesKeysAsTheFileTakesThem() throws {
        let text = """
            [keys]
            filter = hash, ctrl-f   # by name
            quit = semicolon, comma
            [contacts.keys]
            favorite = "#"
            up = up, ctrl-p
            down = ↓, shift-tab
            """
        let config = try ConfigFile.parse(text, path: "/c", features: features, keys: screens)
        XCTAssertEqual(config.keyMap(for: "numbers").keys, ["filter": [.character("#"), .ctrl("f")], "quit": [.character(";"), .character(",")]])
        XCTAssertEqual(config.keyMap(for: "contacts").keys["favorite"], [.character("#")], "in quotes")
        XCTAssertEqual(try ConfigFile.parse("[keys]\nfilter=#\nquit = q,; # a comment", path: "/c", features: features, keys: screens).keyMap(for: nil),
                       KeyMap(["filter": [.character("#")], "quit": [.character("q"), .character(";")]]), "with no white space before it")
        XCTAssertEqual(config.keyMap(for: "contacts").keys["down"], [.down, .backtab], "help's arrow is the arrow key")
        var options = LaunchOptions()
        EffectiveConfig.apply(config, to: &options, feature: "contacts")
        let printed = EffectiveConfig.lines(options: options, config: config, configPath: "/c", feature: "contacts", environment: [:], dataDirectory: "/d")
        for line in ["keys.filter    hash, ctrl-f", "keys.quit      semicolon, comma", "keys.favorite  hash", "keys.up        up, ctrl-p",
                     "keys.down      down, shift-tab"] {
            XCTAssertTrue(printed.contains(line), "\(line)\n\(printed)")
        }
        // Pasted back, the printed values are the same keys.
        let pasted = printed.split(separator: "\n").filter { $0.hasPrefix("keys.") }.map { row -> String in
            let columns = row.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }
            return "\(columns[0].dropFirst("keys.".count)) = \(columns[1])"
        }
        let again = try ConfigFile.parse("[contacts.keys]\n" + pasted.joined(separator: "\n"), path: "/c", features: features, keys: screens)
        XCTAssertEqual(again.keyMap(for: "contacts"), config.keyMap(for: "contacts"))
    }

    /// A form as a feature declares it: its keys hold a binding that takes typing, so it takes typing.
    private let form: [String: [KeyHelpSection]] = [
        "contacts": [KeyHelpSection("Form", ([KeyBinding([.ctrl("s")], KeyHelp("ctrl-s", "save"), name: "save")] + TextInput.typingBindings()).help)],
    ]

    /// The error view's retry is a binding a config file remaps (`retry`), and a key is checked in every
    /// state of a screen: loaded, showing an error, its filter typed.
    func testRetryIsRemappableAndEveryStateOfAScreenIsChecked() throws {
        var reloading = screens
        reloading["contacts"]![0] = .filteredList("Contacts", keys: reloading["contacts"]![0].keys + [ListInput.reloadBinding().help],
                                                  failedKeys: [NavigationTexts.english.retryKey])
        let config = try ConfigFile.parse("[keys]\nretry = ctrl-r, enter\nreload = ctrl-r", path: "/c", features: features, keys: reloading)
        XCTAssertEqual(config.keyMap(for: "contacts").keys["retry"], [.ctrl("r"), .enter], "no conflict: reload is not on the error view")
        let cases: [(String, String)] = [
            ("[keys]\nretry = q", "/c:2: [keys] gives q to retry, but q already means quit on the Contacts screen of contacts showing an error; choose another key."),
            ("[keys]\nquit = r", "/c:2: [keys] gives r to quit, but r already means retry on the Contacts screen of contacts showing an error; "
                + "choose another key."),
            ("[keys]\nback = ctrl-w", "/c:2: [keys] gives ctrl-w to back, but ctrl-w already means “start, end, delete, erase a word, clear the field” on "
                + "the Contacts screen of contacts while its filter is typed; choose another key."),
            ("[contacts.keys]\nopen = ←", "/c:2: [contacts.keys] gives ← to open, but ← already means “edits the filter” on the Contacts screen of contacts "
                + "while its filter is typed; choose another key."),
        ]
        for (text, message) in cases {
            XCTAssertThrowsError(try ConfigFile.parse(text, path: "/c", features: features, keys: screens), text.debugDescription) { error in
                XCTAssertEqual((error as? ConfigError)?.message, message, text)
            }
        }
        // Printable keys are text while the filter is typed: no conflict there, and filter (whose own / is
        // text there too) does nothing while typing.
        XCTAssertNoThrow(try ConfigFile.parse("[keys]\nfilter = ctrl-w\nquit = x", path: "/c", features: features, keys: screens))
    }

    /// A screen declares that it takes typing by the keys it shows (a binding that takes typing), not
    /// by a list of names: save on a form takes no printable key, a name also bound where typing is not
    /// text does.
    func testABindingFoundOnlyWhereTypingIsTextTakesNoPrintableKey() throws {
        XCTAssertEqual(KeyRemapping.typingOnlyNames(for: "contacts", keys: form), ["save"])
        XCTAssertNoThrow(try ConfigFile.parse("[keys]\nsave = ctrl-o", path: "/c", features: features, keys: form))
        XCTAssertThrowsError(try ConfigFile.parse("[keys]\nsave = ctrl-w", path: "/c", features: features, keys: form), "ctrl-w erases a word in the field") {
            XCTAssertEqual(($0 as? ConfigError)?.message, "/c:2: [keys] gives ctrl-w to save, but ctrl-w already means “start, end, delete, erase a word, "
                           + "clear the field” on the Form screen of contacts; choose another key.")
        }
        let typedAndNot: [String: [KeyHelpSection]] = [
            "contacts": form["contacts"]! + [KeyHelpSection("Other", [KeyBinding([.ctrl("s")], KeyHelp("ctrl-s", "save"), name: "save")].help)],
        ]
        XCTAssertEqual(KeyRemapping.typingOnlyNames(for: "contacts", keys: typedAndNot), [])
        XCTAssertEqual(try ConfigFile.parse("[keys]\nsave = s", path: "/c", features: features, keys: typedAndNot).keyMap(for: "contacts").keys["save"],
                       [.character("s")])
        XCTAssertEqual(KeyRemapping.typingOnlyNames(for: "contacts", keys: screens), [], "a filter typed over a list's keys leaves them the list's")
    }

    func testThePathFollowsXDG() {
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x"], home: "/home/a"), "/x/apps-cli/config")
        XCTAssertEqual(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative"], home: "/home/a"), "/home/a/.config/apps-cli/config",
                       "a relative XDG_CONFIG_HOME is ignored, as the spec says")
        XCTAssertNil(ConfigFile.path(environment: [:], home: nil))
    }
}
