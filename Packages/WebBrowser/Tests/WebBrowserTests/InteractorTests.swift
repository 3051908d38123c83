import Foundation
import HTTPClient
import WebBrowserTesting
import XCTest
@testable import WebBrowser

final class InteractorTests: XCTestCase {
    private let url = URL(string: "http://pages.test/a")!

    func testParsesThePageAndKeepsTheURLItWasServedFrom() async throws {
        let final = URL(string: "http://pages.test/final")!
        let interactor = WebBrowserInteractor(pages: FakeWebPageLoader([final: "<title>T</title><h1>Hi &amp; bye</h1>"], redirects: [url: final]))
        let page = try await interactor.obtainPage(at: url)
        XCTAssertEqual(page.url, final)
        XCTAssertEqual(page.document.title, "T")
        XCTAssertTrue(page.document.plainText(width: 40).contains("Hi & bye"))
    }

    /// The presenter sees the browser's own error with the failure as a value, never the transport's type.
    func testFailuresBecomeTheBrowsersOwnErrors() async throws {
        let pdf = URL(string: "http://pages.test/terms.pdf")!
        let slow = URL(string: "http://pages.test/slow")!
        let interactor = WebBrowserInteractor(pages: FakeWebPageLoader([:], failures: [pdf: .unexpectedContentType("application/pdf"),
                                                                                         slow: .timeout(seconds: 15)]))
        do throws(WebBrowserError) { _ = try await interactor.obtainPage(at: pdf); XCTFail("no page expected") } catch {
            XCTAssertEqual(error, .notAWebPage(address: pdf.absoluteString, failure: .unexpectedContent(type: "application/pdf")))
        }
        do throws(WebBrowserError) { _ = try await interactor.obtainPage(at: slow); XCTFail("no page expected") } catch {
            XCTAssertEqual(error, .pageUnavailable(.timeout(seconds: 15)))
        }
        do throws(WebBrowserError) { _ = try await interactor.obtainPage(at: url); XCTFail("no page expected") } catch {
            XCTAssertEqual(error, .pageUnavailable(.status(code: 404)))
        }
    }
}
