@testable import TextSearch
import TestSupport
import XCTest

/// The one matching rule of every `/` filter: folded, every word of the query starting a word of the text.
final class SearchQueryTests: XCTestCase {
    private let titles = ["Ångström Café", "Bagel Barn", "Boulangerie Éclair", "Zócalo", "ＡＢＣ Mart", "Shirt, light blue"]
    private var folded: SearchTexts { SearchTexts(folding: titles) }

    func testFoldingIgnoresCaseDiacriticsAndWidth() {
        XCTAssertEqual(SearchQuery.fold("Ångström Café"), "angstrom cafe")
        XCTAssertEqual(SearchQuery.fold("ＡＢＣ"), "abc")
        XCTAssertEqual(SearchQuery.fold("Plain ASCII 42"), "plain ascii 42", "ASCII takes the fast path, with the same result")
        XCTAssertEqual(SearchQuery.fold("ÄRGER"), "arger")
        XCTAssertEqual(SearchQuery.fold("Łukasz Øre Straße Æsir"), "lukasz ore strasse aesir", "letters that do not decompose")
        XCTAssertEqual(SearchQuery.fold("Zoë Ø 東京"), "zoe o 東京", "through Foundation, the same letters")
    }

    /// Texts of ASCII and Latin letters fold letter by letter; the result is the whole-text fold's
    /// (Foundation, then the letters that do not decompose) for every seeded random text, including
    /// names with combining marks, other scripts and width forms that take the whole-text path.
    func testLetterByLetterFoldingIsTheWholeTextFold() {
        var generator = SeededGenerator(seed: 0x5EED_F01D)
        func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
        let latin = (0xC0...0x24F).map { Unicode.Scalar($0)! }
        let others: [Unicode.Scalar] = ["\u{301}", "\u{308}", "Д", "太", "Ａ", "ς", "Σ", "\u{A0}", "ª", "İ"]
        for _ in 0..<3_000 {
            var name = String.UnicodeScalarView()
            for _ in 0..<(1 + next(12)) {
                switch next(20) {
                case 0: name.append(others[next(others.count)])
                case 1...9: name.append(latin[next(latin.count)])
                default: name.append(Unicode.Scalar(UInt8(0x20 + next(0x5F))))
                }
            }
            let text = String(name)
            XCTAssertEqual(SearchQuery.fold(text), SearchQuery.foldWithFoundation(text), text.debugDescription)
        }
        for scalar in latin {
            XCTAssertEqual(SearchQuery.fold("Ab" + String(scalar) + "z"), SearchQuery.foldWithFoundation("Ab" + String(scalar) + "z"))
        }
    }

    func testWordsAreRunsOfLettersDigitsAndMarksOneScalarAtATime() {
        XCTAssertEqual(SearchQuery.words(ofFolded: "o'brien-smith  r2d2"), ["o", "brien", "smith", "r2d2"])
        XCTAssertEqual(SearchQuery.words(ofFolded: "王 小明,ивана·петрова"), ["王", "小明", "ивана", "петрова"])
        // A mark after punctuation is a word of its own, as SQLite's tokenizer reads it (not the punctuation with it).
        XCTAssertEqual(SearchQuery.words(ofFolded: "a-\u{301}b"), ["a", "\u{301}b"])
        XCTAssertEqual(SearchQuery.words(ofFolded: "क्षत्रिय"), ["क्षत्रिय"], "Devanagari's marks stay in the word")
        // The key of ASCII text (split byte by byte) says what the words say.
        for text in ["o'brien-smith  lukasz", " anna  zed ", "r2-d2", "", "--", "jean.luc o`neil_x", "asa orn", "王 小明"] {
            let words = SearchQuery.words(ofFolded: text).map { " " + $0 }.joined()
            XCTAssertEqual(SearchQuery.key(ofFolded: text), Array(words.utf8), text)
        }
    }

    func testAQueryIsItsWordsWithoutRepeatsOrWordsThatStartOthers() {
        XCTAssertEqual(SearchQuery("jo John  JOHN j").words, ["john"])
        XCTAssertEqual(SearchQuery(Array(repeating: "ab", count: 100).joined(separator: " ")).words, ["ab"])
        XCTAssertEqual(SearchQuery("zed anna").words, ["anna", "zed"])
    }

    func testEveryWordOfTheQueryMustStartAWordOfTheTextInAnyOrder() {
        XCTAssertEqual(folded.positions(matching: SearchQuery("ba")), [1], "Bagel Barn; Boulangerie has no “ba”")
        XCTAssertEqual(folded.positions(matching: SearchQuery("ECLAIR")), [2], "case and accents ignored both ways")
        XCTAssertEqual(folded.positions(matching: SearchQuery("blue shirt")), [5], "words in any order")
        XCTAssertEqual(folded.positions(matching: SearchQuery("blue  pants")), [], "one word missing is no match")
        XCTAssertEqual(folded.positions(matching: SearchQuery("zocalo")), [3])
        XCTAssertEqual(folded.positions(matching: SearchQuery("abc")), [4], "fullwidth letters found by ASCII")
        XCTAssertEqual(folded.positions(matching: SearchQuery("   ")), Array(titles.indices), "blanks filter nothing")
        XCTAssertEqual(folded.positions(matching: SearchQuery("irt")), [], "inside a word is no match")
        XCTAssertEqual(folded.positions(matching: SearchQuery("sh,")), [5], "punctuation in the query splits it as in the text")
        XCTAssertEqual(folded.positions(matching: SearchQuery("ang caf")), [0])
        XCTAssertTrue(SearchQuery(" ").isEmpty)
    }

    func testTextsArePackedInOrderAndReadBackWhole() {
        XCTAssertEqual((0..<folded.count).map { folded[$0] },
                       [" angstrom cafe", " bagel barn", " boulangerie eclair", " zocalo", " abc mart", " shirt light blue"])
        let empty = SearchTexts(folded: ["", "x", ""])
        XCTAssertEqual(empty.positions(matching: SearchQuery("x")), [1], "an empty text matches no word")
        XCTAssertTrue(SearchQuery("light").matches(folded: "shirt, light blue"))
        XCTAssertFalse(SearchQuery("lights").matches(folded: "shirt, light blue"), "a word longer than what is there")
    }

    func testAQueryThatAddsToThePreviousOneNarrowsIt() {
        XCTAssertTrue(SearchQuery("bag").narrows(SearchQuery("ba")))
        XCTAssertTrue(SearchQuery("ba c").narrows(SearchQuery("ba")))
        XCTAssertTrue(SearchQuery("ba").narrows(SearchQuery("")), "everything narrows no query")
        XCTAssertFalse(SearchQuery("ba").narrows(SearchQuery("bag")), "a letter erased widens")
        XCTAssertFalse(SearchQuery("bx").narrows(SearchQuery("ba")), "a letter changed is a new query")
        XCTAssertFalse(SearchQuery("xba").narrows(SearchQuery("ba")), "a letter typed before the word: it no longer starts a word")
    }

    func testNarrowingScansOnlyThePreviousMatchesWithTheSameResult() {
        let previous = folded.positions(matching: SearchQuery("b"))
        let narrowed = folded.positions(matching: SearchQuery("ba"), among: previous)
        XCTAssertEqual(narrowed, folded.positions(matching: SearchQuery("ba")))
        // Among candidates the others are never looked at: a candidate list that leaves a match out keeps it out.
        XCTAssertEqual(folded.positions(matching: SearchQuery("ba"), among: [0, 2]), [])
    }
}

final class SearchMatchesTests: XCTestCase {
    func testRefiningNarrowsTheKeptMatchesAndStartsOverWhenTheQueryWidens() {
        let texts = SearchTexts(folded: ["bagel barn", "boulangerie", "bar none", "cafe"])
        let b = SearchMatches(SearchQuery("b"), in: texts)
        XCTAssertEqual(b.positions, [0, 1, 2])
        let ba = b.refined(to: SearchQuery("ba"), in: texts)
        XCTAssertEqual(ba.positions, [0, 2])
        XCTAssertEqual(ba.refined(to: SearchQuery("bar"), in: texts).positions, [0, 2])
        XCTAssertEqual(ba.refined(to: SearchQuery("b"), in: texts).positions, [0, 1, 2], "a letter erased scans the base again")
        XCTAssertEqual(ba.refined(to: SearchQuery(""), in: texts, among: [1, 3]).positions, [1, 3], "no query: the base")
        // Narrowing looks at the kept matches only: the same result as a full scan, from fewer texts.
        let stale = SearchMatches(SearchQuery("b"), in: texts, among: [1])
        XCTAssertEqual(stale.refined(to: SearchQuery("ba"), in: texts).positions, [], "only position 1 was a candidate")
        // Matches of a list loaded before are not refined in another one (their positions are not its).
        let shorter = SearchTexts(folded: ["bar"])
        XCTAssertEqual(ba.refined(to: SearchQuery("bar"), in: shorter).positions, [0])
        XCTAssertEqual(ba.refined(to: SearchQuery("ba"), in: shorter).positions, [0], "the same query, other texts: searched again")
    }
}
