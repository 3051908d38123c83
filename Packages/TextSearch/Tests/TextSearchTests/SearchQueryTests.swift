import TextSearch
import XCTest

/// The one matching rule of every `/` filter: folded, every word somewhere in the text.
final class SearchQueryTests: XCTestCase {
    private let titles = ["Ångström Café", "Bagel Barn", "Boulangerie Éclair", "Zócalo", "ＡＢＣ Mart", "Shirt, light blue"]
    private var folded: SearchTexts { SearchTexts(folding: titles) }

    func testFoldingIgnoresCaseDiacriticsAndWidth() {
        XCTAssertEqual(SearchQuery.fold("Ångström Café"), "angstrom cafe")
        XCTAssertEqual(SearchQuery.fold("ＡＢＣ"), "abc")
        XCTAssertEqual(SearchQuery.fold("Plain ASCII 42"), "plain ascii 42", "ASCII takes the fast path, with the same result")
        XCTAssertEqual(SearchQuery.fold("ÄRGER"), "arger")
    }

    func testEveryWordOfTheQueryMustOccurInAnyOrder() {
        XCTAssertEqual(folded.positions(matching: SearchQuery("ba")), [1], "Bagel Barn; Boulangerie has no “ba”")
        XCTAssertEqual(folded.positions(matching: SearchQuery("ECLAIR")), [2], "case and accents ignored both ways")
        XCTAssertEqual(folded.positions(matching: SearchQuery("blue shirt")), [5], "words in any order")
        XCTAssertEqual(folded.positions(matching: SearchQuery("blue  pants")), [], "one word missing is no match")
        XCTAssertEqual(folded.positions(matching: SearchQuery("zocalo")), [3])
        XCTAssertEqual(folded.positions(matching: SearchQuery("abc")), [4], "fullwidth letters found by ASCII")
        XCTAssertEqual(folded.positions(matching: SearchQuery("   ")), Array(titles.indices), "blanks filter nothing")
        XCTAssertTrue(SearchQuery(" ").isEmpty)
    }

    func testTextsArePackedInOrderAndReadBackWhole() {
        XCTAssertEqual((0..<folded.count).map { folded[$0] }, ["angstrom cafe", "bagel barn", "boulangerie eclair", "zocalo", "abc mart", "shirt, light blue"])
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
