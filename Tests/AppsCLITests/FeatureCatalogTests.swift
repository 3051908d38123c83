import Foundation
import HTTPClient
import TerminalKit
import TerminalUI
import TextCells
import XCTest
@testable import AppsCLIKit
import AppsCommandLine

/// The composition root's side of the command line: the catalog of features, their data folders, and
/// `--help` made from the catalog.
final class FeatureCatalogTests: XCTestCase {
    func testABadImagesSettingInTheEnvironmentIsAUsageError() async {
        let status = await AppsCLI.run(arguments: ["numbers", "--plain"], environment: ["APPS_CLI_IMAGES": "sixels"])
        XCTAssertEqual(status, 64)
    }

    func testFeatureCatalogListsTheFiveFirstEachOnceAndEveryOneCanStart() {
        let names = FeatureCatalog.all.map(\.name)
        XCTAssertEqual(Array(names.prefix(5)), ["check24", "product-grid", "resource-directory", "numbers", "contacts"],
                       "the five original apps first; a generated feature is added after them")
        XCTAssertEqual(Set(names).count, names.count, "one command per feature")
        for feature in FeatureCatalog.all {
            XCTAssertFalse(feature.keys.isEmpty, "\(feature.name) lists its keys for --help")
        }
    }

    /// Every feature declares the states of its screens with their keys: a list's error view (whose
    /// `retry` a config file remaps) and its filter being typed, a form that takes typing. A key is
    /// checked against each state, and a binding of a typing screen alone takes no printable key.
    func testRemappingIsCheckedInEveryStateOfTheRealScreens() throws {
        let keys = Dictionary(uniqueKeysWithValues: FeatureCatalog.commandLine.map { ($0.name, $0.keys) })
        let features = FeatureCatalog.all.map(\.name)
        func mistake(_ text: String) -> String? {
            do { _ = try ConfigFile.parse(text, path: "/c", features: features, keys: keys); return nil } catch { return error.message }
        }
        XCTAssertNoThrow(try ConfigFile.parse("[keys]\nretry = ctrl-r\nsave = ctrl-o\nsend = ctrl-o", path: "/c", features: features, keys: keys))
        for feature in ["check24", "product-grid", "resource-directory", "numbers", "contacts"] {
            XCTAssertEqual(mistake("[\(feature).keys]\nretry = q").map { $0.contains("already means quit") && $0.contains("showing an error") }, true,
                           "\(feature): q quits on every error view")
        }
        XCTAssertEqual(mistake("[numbers.keys]\ndown = ctrl-w"),
                       "/c:2: [numbers.keys] gives ctrl-w to down, but ctrl-w already means “start, end, delete, erase a word, clear the field” on "
                       + "the List screen of numbers while its filter is typed; choose another key.")
        XCTAssertEqual(mistake("[keys]\nsave = s"),
                       "/c:2: save is a key of a screen you type in, where 's' is text; give it a ctrl- key or another named key.")
        XCTAssertEqual(mistake("[keys]\nsend = s"),
                       "/c:2: send is a key of a screen you type in, where 's' is text; give it a ctrl- key or another named key.")
    }

    func testDataAndCacheDirectoriesFollowXDGUnlessDataDirIsGiven() throws {
        var launch = LaunchEnvironment(options: LaunchOptions(), environment: ["XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c", "HOME": "/h"])
        XCTAssertEqual(try launch.dataDirectory.path, "/d/apps-cli")
        XCTAssertEqual(try launch.cacheDirectory.path, "/c/apps-cli")
        launch.environment = ["HOME": "/h"]
        XCTAssertEqual(try launch.dataDirectory.path, "/h/.local/share/apps-cli")
        XCTAssertEqual(try launch.cacheDirectory.path, "/h/.cache/apps-cli")
        launch.options.dataDirectory = URL(fileURLWithPath: "/x")
        XCTAssertEqual(try launch.dataDirectory.path, "/x")
        XCTAssertEqual(try launch.cacheDirectory.path, "/x/cache")
    }

    /// Relative XDG paths are ignored (XDG spec); without HOME the passwd entry's home, never the
    /// shared temporary directory; with neither, no guess at all.
    func testRelativeXDGIsIgnoredAndAMissingHomeUsesThePasswdEntryOrAsks() throws {
        var launch = LaunchEnvironment(options: LaunchOptions(), environment: ["XDG_DATA_HOME": "rel/d", "XDG_CACHE_HOME": "c", "HOME": "/h"])
        XCTAssertEqual(try launch.dataDirectory.path, "/h/.local/share/apps-cli")
        XCTAssertEqual(try launch.cacheDirectory.path, "/h/.cache/apps-cli")
        launch.environment = [:]
        launch.passwdHome = { "/home/pw" }
        XCTAssertEqual(try launch.dataDirectory.path, "/home/pw/.local/share/apps-cli")
        launch.environment = ["HOME": ""]
        XCTAssertEqual(try launch.cacheDirectory.path, "/home/pw/.cache/apps-cli")
        launch.passwdHome = { nil }
        XCTAssertThrowsError(try launch.dataDirectory) { error in
            XCTAssertEqual((error as? LaunchError)?.status, 73)
            XCTAssertTrue((error as? LaunchError)?.message.contains("--data-dir") == true)
        }
        XCTAssertNotNil(LaunchEnvironment.userPasswdHome(), "this machine's user has a passwd entry")
    }
}

final class FeatureHelpTests: XCTestCase {
    /// Runs of spaces and line breaks as one space: what a reader sees of wrapped help.
    private func flattened(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    /// `--help` prints the very lists the screens' `?` overlays show, section by section.
    func testFeatureHelpListsEveryScreensKeys() throws {
        for feature in FeatureCatalog.all {
            let help = flattened(AppsCLI.help(for: feature, width: 80))
            XCTAssertFalse(feature.keys.isEmpty, feature.name)
            for section in feature.keys {
                XCTAssertTrue(help.contains(section.title + ":"), "\(feature.name): \(section.title)")
                for key in section.keys {
                    XCTAssertTrue(help.contains(flattened(key.keys)) && help.contains(flattened(key.action)), "\(feature.name): \(key)")
                }
            }
        }
    }

    /// Help fits the width it is laid out for (80 off a terminal), wrapped at words: no line is longer,
    /// so a terminal never breaks one mid-word ("produ/ct").
    func testHelpFitsItsWidthAndWrapsAtWords() {
        for width in [80, 60] {
            let texts = [("overview", AppsCLI.overview(width: width))] + FeatureCatalog.all.map { ($0.name, AppsCLI.help(for: $0, width: width)) }
            for (name, text) in texts {
                for line in text.split(separator: "\n") {
                    XCTAssertLessThanOrEqual(DisplayWidth.of(String(line)), width, "\(name) at \(width): \(line)")
                }
            }
        }
        XCTAssertTrue(flattened(AppsCLI.overview(width: 80)).contains("products in a grid of image tiles, with a detail per product"))
    }

    /// Only check24 takes --fail-every, so only its help offers it; check24's help speaks German throughout.
    func testEachFeatureOffersOnlyItsOwnOptionsInItsOwnLanguage() {
        for feature in FeatureCatalog.all {
            let help = AppsCLI.help(for: feature, width: 80)
            XCTAssertEqual(help.contains("--fail-every"), feature.name == "check24", feature.name)
            XCTAssertEqual(help.contains("--import FILE") && help.contains("--export FILE"), feature.name == "contacts", feature.name)
        }
        let german = AppsCLI.help(for: FeatureCatalog.all.first { $0.name == "check24" }!, width: 80)
        for english in ["Usage", "Options:", "talk to", "where favorites", "network timeout", "Keys:"] {
            XCTAssertFalse(german.contains(english), "check24's help mixes in English: \(english)")
        }
        XCTAssertTrue(german.contains("Optionen:") && german.contains("Tasten:"), german)
    }
}
