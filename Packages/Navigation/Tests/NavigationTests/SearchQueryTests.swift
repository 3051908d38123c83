import Navigation
import XCTest

/// The one matching rule of every `/` filter: folded, every word somewhere in the text.
final class SearchQueryTests: XCTestCase {
    private let titles = ["Ångström Café", "Bagel Barn", "Boulangerie Éclair", "Zócalo", "ＡＢＣ Mart", "Shirt, light blue"]
    private var folded: [String] { titles.map(SearchQuery.fold) }

    func testFoldingIgnoresCaseDiacriticsAndWidth() {
        XCTAssertEqual(SearchQuery.fold("Ångström Café"), "angstrom cafe")
        XCTAssertEqual(SearchQuery.fold("ＡＢＣ"), "abc")
        XCTAssertEqual(SearchQuery.fold("Plain ASCII 42"), "plain ascii 42", "ASCII takes the fast path, with the same result")
        XCTAssertEqual(SearchQuery.fold("ÄRGER"), "arger")
    }

    func testEveryWordOfTheQueryMustOccurInAnyOrder() {
        XCTAssertEqual(SearchQuery("ba").matches(in: folded), [1], "Bagel Barn; Boulangerie has no “ba”")
        XCTAssertEqual(SearchQuery("ECLAIR").matches(in: folded), [2], "case and accents ignored both ways")
        XCTAssertEqual(SearchQuery("blue shirt").matches(in: folded), [5], "words in any order")
        XCTAssertEqual(SearchQuery("blue  pants").matches(in: folded), [], "one word missing is no match")
        XCTAssertEqual(SearchQuery("zocalo").matches(in: folded), [3])
        XCTAssertEqual(SearchQuery("abc").matches(in: folded), [4], "fullwidth letters found by ASCII")
        XCTAssertEqual(SearchQuery("   ").matches(in: folded), Array(titles.indices), "blanks filter nothing")
        XCTAssertTrue(SearchQuery(" ").isEmpty)
    }

    func testAQueryThatAddsToThePreviousOneNarrowsIt() {
        XCTAssertTrue(SearchQuery("bag").narrows(SearchQuery("ba")))
        XCTAssertTrue(SearchQuery("ba c").narrows(SearchQuery("ba")))
        XCTAssertTrue(SearchQuery("ba").narrows(SearchQuery("")), "everything narrows no query")
        XCTAssertFalse(SearchQuery("ba").narrows(SearchQuery("bag")), "a letter erased widens")
        XCTAssertFalse(SearchQuery("bx").narrows(SearchQuery("ba")), "a letter changed is a new query")
    }

    func testNarrowingScansOnlyThePreviousMatchesWithTheSameResult() {
        let previous = SearchQuery("b").matches(in: folded)
        let narrowed = SearchQuery("ba").matches(in: folded, among: previous)
        XCTAssertEqual(narrowed, SearchQuery("ba").matches(in: folded))
        // Among candidates the others are never looked at: a candidate list that leaves a match out keeps it out.
        XCTAssertEqual(SearchQuery("ba").matches(in: folded, among: [0, 2]), [])
    }
}

final class SearchMatchesTests: XCTestCase {
    func testRefiningNarrowsTheKeptMatchesAndStartsOverWhenTheQueryWidens() {
        let texts = ["bagel barn", "boulangerie", "bar none", "cafe"]
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
    }
}
