import Foundation
import HTTPClient
import XCTest

final class URLBuilderTests: XCTestCase {
    private let base = URL(string: "http://example.test/api/")!

    func testSegmentsAreEscapedOneByOne() throws {
        let url = try URLBuilder(base: base).appending(path: "cart", "a/b c?d#e%f;g", "detail").url()
        XCTAssertEqual(url.absoluteString, "http://example.test/api/cart/a%2Fb%20c%3Fd%23e%25f%3Bg/detail")
        XCTAssertEqual(try URLBuilder(base: base).appending(path: "6_id_is_a_string").url().absoluteString,
                       "http://example.test/api/6_id_is_a_string")
        XCTAssertEqual(try URLBuilder(base: base).appending(path: "Müsli").url().absoluteString, "http://example.test/api/M%C3%BCsli")
    }

    func testQueryValuesAreEscapedAndCommasKept() throws {
        let url = try URLBuilder(base: URL(string: "http://dev.tapptic.com/test")!)
            .appending(path: "json.php").appending(query: "name", "10,000").url()
        XCTAssertEqual(url.absoluteString, "http://dev.tapptic.com/test/json.php?name=10,000")
        let hostile = try URLBuilder(base: base).appending(query: "q", "a&b=c+d #e%f").url()
        XCTAssertEqual(hostile.absoluteString, "http://example.test/api?q=a%26b%3Dc%2Bd%20%23e%25f")
        XCTAssertEqual(URLComponents(url: hostile, resolvingAgainstBaseURL: false)?.queryItems?.first?.value, "a&b=c+d #e%f")
    }

    func testABaseQueryIsKeptAndThePortToo() throws {
        let url = try URLBuilder(base: URL(string: "http://127.0.0.1:8080/x?key=1")!).appending(path: "y").appending(query: "n", "2").url()
        XCTAssertEqual(url.absoluteString, "http://127.0.0.1:8080/x/y?key=1&n=2")
    }

    func testSegmentsThatWouldAddressAnotherResourceAreErrors() {
        for segment in ["", ".", ".."] {
            XCTAssertThrowsError(try URLBuilder(base: base).appending(path: "cart", segment, "detail").url(), segment)
        }
        XCTAssertThrowsError(try URLBuilder(base: URL(string: "relative/path")!).appending(path: "a").url())
    }
}
