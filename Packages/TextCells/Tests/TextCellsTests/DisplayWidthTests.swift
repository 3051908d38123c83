import XCTest
@testable import TextCells

/// The three width models, by the cases their documentation names (the tables are checked scalar by
/// scalar in ``WidthTablesTests``, and against real terminals in the workspace's RealTerminalWidthTests).
final class DisplayWidthTests: XCTestCase {
    private let clusters = WidthModel.clusters
    private let scalars = WidthModel(.scalars, unicode: .v15_0)
    private let libc = WidthModel.libc

    private func widths(_ text: String) -> [Int] {
        [clusters, scalars, libc].map { $0.width(of: text) }
    }

    func testASCIIIsOneColumnAndControlsAreZeroInEveryModel() {
        for model in [clusters, scalars, libc, WidthModel(.scalars)] {
            XCTAssertEqual(model.width(of: "a" as Character), 1)
            XCTAssertEqual(model.width(of: "Hello, world!"), 13)
            XCTAssertEqual(model.width(of: "\u{1B}" as Character), 0)
            XCTAssertEqual(model.width(of: "\r\n" as Character), 0)
            XCTAssertEqual(model.width(of: "\u{7F}" as Character), 0)
            XCTAssertEqual(model.width(of: "\u{85}" as Character), 0)
        }
        XCTAssertEqual(DisplayWidth.of("Hello"), 5)
        XCTAssertEqual(DisplayWidth.of("│" as Character), 1)
    }

    func testEastAsianWideAndFullwidthAreTwoColumnsInEveryModel() {
        for text in ["漢", "Ａ", "한", "カ", "\u{20000}"] {
            XCTAssertEqual(widths(text), [2, 2, 2], text)
        }
        XCTAssertEqual(widths("ｶ"), [1, 1, 1]) // halfwidth katakana
        XCTAssertEqual(widths("漢字"), [4, 4, 4])
        for text in ["ü", "€", "Ж", "…", "�"] {
            XCTAssertEqual(widths(text), [1, 1, 1], text)
        }
    }

    func testZWJSequencesAreOneGlyphInClustersAndTheirPartsElsewhere() {
        XCTAssertEqual(widths("👩‍💻"), [2, 4, 4])
        XCTAssertEqual(widths("👨‍👩‍👧‍👦"), [2, 8, 8])
        XCTAssertEqual(widths("😀"), [2, 2, 2])
        XCTAssertEqual(widths("👍🏽"), [2, 2, 4]) // kitty draws the skin tone into the hand; glibc counts it
    }

    func testVariationSelectorsChooseTheEmojiOrTheText() {
        XCTAssertEqual(widths("❤"), [1, 1, 1]) // text presentation by default
        XCTAssertEqual(widths("❤️"), [2, 2, 1]) // VS16: the emoji, but glibc counts only the heart
        XCTAssertEqual(widths("⌚︎"), [1, 1, 2]) // VS15: the text
        XCTAssertEqual(widths("1️⃣"), [2, 2, 1]) // keycap
    }

    func testRegionalIndicatorsAloneAndInPairs() {
        XCTAssertEqual(widths("🇩🇪"), [2, 2, 2])
        XCTAssertEqual(widths("🇩🇪🇫🇷"), [4, 4, 4])
        XCTAssertEqual(widths("\u{1F1E9}"), [2, 2, 1])
    }

    func testHangulJamoSequences() {
        // One syllable's cluster in a grapheme-cluster terminal; its letters side by side in kitty.
        XCTAssertEqual(widths("\u{1100}\u{1161}"), [2, 3, 2])
        XCTAssertEqual(widths("\u{1100}\u{1161}\u{11A8}"), [2, 4, 2])
        XCTAssertEqual(widths("\u{3164}"), [2, 0, 2]) // a Hangul filler: kitty draws it narrow, our tables say nothing
    }

    func testCombiningMarksAddNothing() {
        XCTAssertEqual(widths("e\u{301}"), [1, 1, 1])
        XCTAssertEqual(widths("e\u{301}te\u{301}"), [3, 3, 3])
        XCTAssertEqual(widths("\u{301}"), [0, 0, 0]) // a lone combining mark
        XCTAssertEqual(widths("\u{200B}"), [0, 0, 0])
        XCTAssertEqual(widths("\u{FEFF}"), [0, 0, 0])
        // A spacing mark: kitty adds nothing for it, glibc a column.
        XCTAssertEqual(widths("\u{915}\u{93E}"), [1, 1, 2])
    }

    func testTheTablesVersionDecidesTheUnicode16WideCharacters() {
        // U+2630 TRIGRAM FOR HEAVEN became East Asian Wide in Unicode 16.
        XCTAssertEqual(WidthModel(.scalars, unicode: .v17_0).width(of: "☰"), 2)
        XCTAssertEqual(WidthModel(.scalars, unicode: .v15_0).width(of: "☰"), 1)
        XCTAssertEqual(WidthModel(.clusters, unicode: .v15_0).width(of: "☰"), 1)
        XCTAssertEqual(clusters.width(of: "☰"), 2)
        // A Unicode 17 emoji is unknown to Unicode 15's tables: one column, as the older terminal draws it.
        XCTAssertEqual(WidthModel(.scalars, unicode: .v17_0).width(of: "\u{1F6D8}"), 2)
        XCTAssertEqual(scalars.width(of: "\u{1F6D8}"), 1)
    }

    func testCellsFollowTheModel() {
        func cells(_ text: String, _ model: WidthModel) -> [String] {
            var found: [String] = []
            for cell in model.cells(in: text) {
                found.append("\(cell.text.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: "+")):\(cell.width)")
            }
            return found
        }
        XCTAssertEqual(cells("a👩‍💻b", clusters), ["61:1", "1f469+200d+1f4bb:2", "62:1"])
        XCTAssertEqual(cells("a👩‍💻b", scalars), ["61:1", "1f469+200d:2", "1f4bb:2", "62:1"])
        XCTAssertEqual(cells("👍🏽", libc), ["1f44d:2", "1f3fd:2"])
        XCTAssertEqual(cells("👍🏽", scalars), ["1f44d+1f3fd:2"])
        XCTAssertEqual(cells("❤️x", scalars), ["2764+fe0f:2", "78:1"])
        XCTAssertEqual(cells("e\u{301}", libc), ["65+301:1"])
        XCTAssertEqual(cells("\u{1100}\u{1161}", scalars), ["1100:2", "1161:1"])
        // The cells' widths are the text's width, in every model.
        for text in ["a👩‍💻b", "👨‍👩‍👧‍👦", "⌚︎❤️", "\u{1100}\u{1161}\u{11A8}", "🇩🇪\u{1F1E9}"] {
            for model in [clusters, scalars, libc] {
                XCTAssertEqual(model.cells(in: text).map(\.width).reduce(0, +), model.width(of: text), "\(text) in \(model)")
            }
        }
    }

    func testTheCurrentModelIsTheHostsWhileItRuns() {
        XCTAssertEqual(WidthModel.current, .clusters)
        XCTAssertEqual(DisplayWidth.of("👩‍💻"), 2)
        WidthModel.$current.withValue(.libc) {
            XCTAssertEqual(DisplayWidth.of("👩‍💻"), 4)
            XCTAssertEqual(DisplayWidth.of("👩‍💻" as Character), 4)
        }
        XCTAssertEqual(DisplayWidth.of("👩‍💻"), 2)
    }

    func testUncertainClusters() {
        XCTAssertTrue(DisplayWidth.isUncertain("👩‍💻"))
        XCTAssertTrue(DisplayWidth.isUncertain("😀"))
        XCTAssertFalse(DisplayWidth.isUncertain("漢"))
        XCTAssertFalse(DisplayWidth.isUncertain("a"))
    }

    func testDescriptions() {
        XCTAssertEqual(WidthModel.clusters.description, "clusters (Unicode 17.0)")
        XCTAssertEqual(scalars.description, "scalars (Unicode 15.0)")
        XCTAssertEqual(WidthModel(.libc, unicode: .v15_0).description, "libc")
    }
}
