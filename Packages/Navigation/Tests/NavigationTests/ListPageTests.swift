import Navigation
import XCTest

/// A long list read a page at a time: which page to ask for, once, and what is held.
final class ListPageTests: XCTestCase {
    func testAPageCentredOnTheRowsOnScreenIsAskedForOnceAndHeld() {
        var page = ListPage<Int>(size: 10)
        XCTAssertNil(page[0], "nothing held yet")
        XCTAssertEqual(page.request(covering: [40, 41, 42], count: 1000), 36..<46, "centred on the rows on screen")
        XCTAssertNil(page.request(covering: [41], count: 1000), "asked for already: the next key waits for it")
        page.receive(Array(36..<46), at: 36)
        XCTAssertEqual(page[41], 41)
        XCTAssertNil(page[46])
        XCTAssertNil(page.request(covering: [36, 45], count: 1000), "held")
        XCTAssertNil(page.requested)
    }

    func testAPageStaysInsideTheListAndCoversWhatSpansMoreThanOne() {
        var page = ListPage<Int>(size: 10)
        XCTAssertEqual(page.request(covering: [0, 1], count: 1000), 0..<10, "not before the first item")
        page.forgetRequest()
        XCTAssertEqual(page.request(covering: [998, 999], count: 1000), 990..<1000, "nor after the last")
        page.forgetRequest()
        XCTAssertEqual(page.request(covering: [0, 3], count: 4), 0..<4, "a list shorter than a page")
        page.forgetRequest()
        XCTAssertEqual(page.request(covering: [100, 130], count: 1000), 100..<131, "a screen taller than a page: all of it")
        XCTAssertNil(page.request(covering: [Int](), count: 1000), "no rows on screen: nothing to ask")
    }

    func testAFailedPageMayBeAskedAgain() {
        var page = ListPage<Int>(size: 10)
        XCTAssertNotNil(page.request(covering: [5], count: 100))
        XCTAssertNil(page.request(covering: [5], count: 100))
        page.forgetRequest()
        XCTAssertEqual(page.request(covering: [5], count: 100), 0..<10)
    }
}
