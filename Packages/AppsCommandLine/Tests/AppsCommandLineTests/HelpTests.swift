import AppsCommandLine
import FeatureKit
import Navigation
import XCTest

/// `--help`: the overview lists every feature and option; a feature's help has its own options only,
/// in the language of its screens.
final class HelpTests: XCTestCase {
    private let features = [
        CommandLineFeature(name: "check24", summary: "products", localizedSummary: "Produkte", keys: [KeyHelpSection("Liste", [KeyHelp("r", "neu laden")])],
                           texts: .german, options: [FeatureOption("--fail-every", "N", value: .count(words: "a count", examples: ["3"]),
                                                                   english: "fails every Nth", german: "jede N-te schlägt fehl")]),
        CommandLineFeature(name: "numbers", summary: "numbers", keys: [], texts: .english),
    ]

    func testTheOverviewListsEveryFeatureAndEveryOption() {
        let text = HelpText.overview(version: "9.9.9", features: features, width: 100)
        XCTAssertTrue(text.hasPrefix("apps-cli 9.9.9 — "), text)
        for word in ["check24", "numbers", "--base-url URL", "--fail-every N"] { XCTAssertTrue(text.contains(word), word) }
    }

    func testAFeaturesHelpHasItsOwnOptionsInItsLanguage() {
        let german = HelpText.help(for: features[0], among: features, width: 100)
        XCTAssertTrue(german.contains("apps-cli check24 — Produkte"), german)
        XCTAssertTrue(german.contains("jede N-te schlägt fehl"), german)
        XCTAssertTrue(german.contains("Tasten:"), german)
        let english = HelpText.help(for: features[1], among: features, width: 100)
        XCTAssertFalse(english.contains("--fail-every"), "another feature's option")
        XCTAssertTrue(english.contains("Usage: apps-cli numbers [options]"), english)
    }
}
