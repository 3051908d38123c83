import XCTest
import TextCells

/// The model chosen from the terminals' answers (their cursor reports after the sentinels and their
/// DECRPM for mode 2027, as TerminalKit's TerminalProbeTests record them from each terminal).
final class WidthDetectionTests: XCTestCase {
    func testKittySumsScalarsWithUnicode15Tables() {
        let choice = WidthDetection.choose(graphemeClusterMode: 0, sentinelWidths: [4, 1, 1, 3])
        XCTAssertEqual(choice.model, WidthModel(.scalars, unicode: .v15_0))
        XCTAssertFalse(choice.setsGraphemeClusterMode)
        XCTAssertEqual(choice.reason, "the terminal drew U+1F469 U+200D U+1F4BB 4, U+231A U+FE0E 1, U+2630 1, U+1100 U+1161 3 columns, "
                       + "as scalars (Unicode 15.0) measures 4 of 4")
    }

    func testXtermIsGlibc() {
        XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: 0, sentinelWidths: [4, 2, 1, 2]).model, .libc)
    }

    /// tmux 3.3a draws glibc's widths but a ZWJ sequence as one glyph: no model is it exactly, and a tie
    /// goes to glibc's, which it is for everything but ZWJ sequences.
    func testTmuxIsGlibcOnATie() {
        let choice = WidthDetection.choose(graphemeClusterMode: nil, sentinelWidths: [2, 2, 1, 2])
        XCTAssertEqual(choice.model, .libc)
        XCTAssertTrue(choice.reason.hasSuffix("as libc measures 3 of 4"), choice.reason)
    }

    func testAGraphemeClusterTerminalWithCurrentTables() {
        XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: nil, sentinelWidths: [2, 1, 2, 2]).model, .clusters)
        XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: nil, sentinelWidths: [2, 1, 1, 2]).model, WidthModel(.clusters, unicode: .v15_0))
    }

    func testGraphemeClusterModeDecidesWhateverTheSentinelsSay() {
        let set = WidthDetection.choose(graphemeClusterMode: 1, sentinelWidths: [2, 1, 2, 2])
        XCTAssertEqual(set.model, .clusters)
        XCTAssertFalse(set.setsGraphemeClusterMode, "already on")
        // Reset but settable: turned on, and measured as clusters (the sentinels were drawn before).
        let reset = WidthDetection.choose(graphemeClusterMode: 2, sentinelWidths: [4, 1, 2, 2])
        XCTAssertEqual(reset.model, .clusters)
        XCTAssertTrue(reset.setsGraphemeClusterMode)
        XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: 3, sentinelWidths: [4, 1, 1, 3]).model, WidthModel(.clusters, unicode: .v15_0))
        // 4, permanently reset, and 0, not recognized, leave the sentinels to decide.
        XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: 4, sentinelWidths: [4, 2, 1, 2]).model, .libc)
    }

    func testNoCursorReportsFallBackToGlibc() {
        for widths in [[], [4, 1]] {
            let choice = WidthDetection.choose(graphemeClusterMode: nil, sentinelWidths: widths)
            XCTAssertEqual(choice.model, .libc)
            XCTAssertTrue(choice.reason.contains("no cursor positions"), choice.reason)
        }
    }

    func testTheConfigsWidthKeepsItsKindAndTakesTheTerminalsTables() {
        let choice = WidthDetection.choose(graphemeClusterMode: 0, sentinelWidths: [4, 2, 1, 2], requested: .scalars)
        XCTAssertEqual(choice.model, WidthModel(.scalars, unicode: .v15_0))
        XCTAssertTrue(choice.reason.hasPrefix("the config's width = scalars; the terminal drew"), choice.reason)
        XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: nil, sentinelWidths: [], requested: .clusters).model, .clusters)
        XCTAssertTrue(WidthDetection.choose(graphemeClusterMode: 2, sentinelWidths: [], requested: .clusters).setsGraphemeClusterMode)
        XCTAssertFalse(WidthDetection.choose(graphemeClusterMode: 2, sentinelWidths: [], requested: .libc).setsGraphemeClusterMode)
    }

    func testTheSentinelsTellEveryCandidateApart() {
        let predictions = WidthDetection.candidates.map { model in WidthDetection.sentinels.map { model.width(of: $0) } }
        XCTAssertEqual(Set(predictions).count, WidthDetection.candidates.count, "\(predictions)")
        for (model, prediction) in zip(WidthDetection.candidates, predictions) {
            XCTAssertEqual(WidthDetection.choose(graphemeClusterMode: nil, sentinelWidths: prediction).model, model)
        }
    }
}
