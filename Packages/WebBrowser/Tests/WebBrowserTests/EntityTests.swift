import Foundation
import XCTest
@testable import WebBrowser

final class EntityTests: XCTestCase {
    private let a = URL(string: "http://pages.test/a")!
    private let b = URL(string: "http://pages.test/b")!
    private let c = URL(string: "http://pages.test/c")!

    func testBackAndForwardMoveThroughTheVisitedPages() {
        var history = BrowsingHistory(start: a)
        XCTAssertFalse(history.canGoBack)
        XCTAssertFalse(history.canGoForward)
        XCTAssertFalse(history.goBack(), "nothing before the first page")
        history.visit(b)
        history.visit(c)
        XCTAssertEqual(history.current.url, c)
        XCTAssertTrue(history.goBack())
        XCTAssertTrue(history.goBack())
        XCTAssertEqual(history.current.url, a)
        XCTAssertFalse(history.goBack())
        XCTAssertTrue(history.canGoForward)
        XCTAssertTrue(history.goForward())
        XCTAssertEqual(history.current.url, b)
        XCTAssertTrue(history.goForward())
        XCTAssertFalse(history.goForward(), "nothing after the last page")
        XCTAssertEqual(history.current.url, c)
    }

    func testFollowingALinkAfterGoingBackForgetsThePagesAhead() {
        var history = BrowsingHistory(start: a)
        history.visit(b)
        _ = history.goBack()
        history.visit(c)
        XCTAssertEqual(history.entries.map(\.url), [a, c])
        XCTAssertFalse(history.canGoForward)
    }

    func testEachPageKeepsWhereTheReaderWas() {
        var history = BrowsingHistory(start: a)
        history.current.scrollOffset = 12
        history.current.selectedLink = 3
        history.visit(b)
        XCTAssertEqual(history.current, .init(url: b, scrollOffset: 0, selectedLink: nil), "a new page starts at the top")
        _ = history.goBack()
        XCTAssertEqual(history.current, .init(url: a, scrollOffset: 12, selectedLink: 3))
    }

    func testALongSessionKeepsOnlyTheNewestPages() {
        var history = BrowsingHistory(start: a)
        for index in 1...(BrowsingHistory.capacity + 10) { history.visit(URL(string: "http://pages.test/\(index)")!) }
        XCTAssertEqual(history.entries.count, BrowsingHistory.capacity)
        XCTAssertEqual(history.current.url.absoluteString, "http://pages.test/\(BrowsingHistory.capacity + 10)")
        while history.goBack() {}
        XCTAssertEqual(history.current.url.absoluteString, "http://pages.test/11", "the oldest were dropped")
    }

    func testLinksResolveAgainstThePageAndOnlyWebPagesStayInside() {
        let base = URL(string: "https://m.check24.de/rechtliche-hinweise?deviceoutput=app")!
        XCTAssertEqual(WebLinkTarget(href: "/datenschutz?x=1", base: base), .page(URL(string: "https://m.check24.de/datenschutz?x=1")!))
        XCTAssertEqual(WebLinkTarget(href: "  impressum\n", base: base), .page(URL(string: "https://m.check24.de/impressum")!))
        XCTAssertEqual(WebLinkTarget(href: "HTTP://e.org/", base: base), .page(URL(string: "HTTP://e.org/")!))
        for external in ["mailto:a@b.c", "tel:+4989123", "sms:+4989123", "geo:48.1,11.5", "ftp://files.test/x"] {
            XCTAssertEqual(WebLinkTarget(href: external, base: base), .external(URL(string: external)!), external)
        }
        XCTAssertEqual(WebLinkTarget(href: "http://[::1", base: base), .invalid)
    }
}
