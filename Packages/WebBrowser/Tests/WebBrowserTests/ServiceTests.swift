import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest
@testable import WebBrowser

/// The live page loader against a real HTTP server on 127.0.0.1.
final class ServiceTests: XCTestCase {
    private func loader() -> HTTPWebPageLoader {
        HTTPWebPageLoader(client: HTTPClient(transport: CurlTransport(timeout: 5)))
    }

    func testFetchesAPageAsHTMLAndFollowsRedirects() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/legal?deviceoutput=app", body: Data("<h1>Hinweise – ä</h1>".utf8), headers: ["Content-Type": "text/html; charset=utf-8"]),
            .init(path: "/old", status: 301, headers: ["Location": "/legal?deviceoutput=app"]),
        ])
        defer { server.stop() }
        let url = server.baseURL.appendingPathComponent("legal").absoluteString + "?deviceoutput=app"
        let page = try await loader().fetchPage(at: URL(string: url)!)
        XCTAssertEqual(page.html, "<h1>Hinweise – ä</h1>")
        XCTAssertEqual(server.requests().first?.header("Accept"), "text/html")
        let moved = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("old"))
        XCTAssertEqual(moved.url.absoluteString, url, "links resolve against where the page finally came from")
    }

    func testAnEndlessPageStopsAtItsCapAndABinaryLinkIsNoWebPage() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/page", body: Data("<p>".utf8), headers: ["Content-Type": "text/html"], fault: .endlessBody),
            .init(path: "/setup.exe", body: Data("MZ".utf8), headers: ["Content-Type": "application/octet-stream"], fault: .endlessBody),
            .init(path: "/notes.txt", body: Data("plain".utf8), headers: ["Content-Type": "text/plain"]),
        ])
        defer { server.stop() }
        do {
            _ = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("page"))
            XCTFail("an endless page must fail")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .tooLarge(limit: HTTPRequest.ByteLimit.webPage))
        }
        do {
            _ = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("setup.exe"))
            XCTFail("a binary is no web page")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .unexpectedContentType("application/octet-stream"))
        }
        let text = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("notes.txt"))
        XCTAssertEqual(text.html, "plain", "plain text is shown too")
    }

    func testAnErrorStatusIsATypedError() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/missing", status: 404, body: Data("gone".utf8))])
        defer { server.stop() }
        do {
            _ = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("missing"))
            XCTFail("expected a 404")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .status(code: 404, body: "gone"))
        }
    }

    /// A page that declares Latin-1 reads as Latin-1; one that is not valid UTF-8 still shows.
    func testCharsetsAndTheUTF8Fallback() async throws {
        let latin1 = Data([0x3C, 0x70, 0x3E, 0x47, 0x72, 0xFC, 0xDF, 0x65]) // <p>Grüße in ISO 8859-1
        let server = try LocalHTTPServer(routes: [
            .init(path: "/latin1", body: latin1, headers: ["Content-Type": "text/html; charset=\"ISO-8859-1\""]),
            .init(path: "/undeclared", body: latin1, headers: ["Content-Type": "text/html"]),
        ])
        defer { server.stop() }
        let declared = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("latin1"))
        XCTAssertEqual(declared.html, "<p>Grüße")
        let undeclared = try await loader().fetchPage(at: server.baseURL.appendingPathComponent("undeclared"))
        XCTAssertEqual(undeclared.html, "<p>Gr\u{FFFD}\u{FFFD}e", "a bad byte is one replacement character, not a failure")
        XCTAssertEqual(HTTPWebPageLoader.text(of: Data([0x80]), contentType: "text/html;charset=windows-1252"), "€")
        XCTAssertEqual(HTTPWebPageLoader.charset(of: "text/html; Charset = UTF-8 "), "utf-8")
        XCTAssertNil(HTTPWebPageLoader.charset(of: "text/html"))
    }

    /// A page that names its charset only in `<meta>`, or is UTF-16, reads as the browser would:
    /// "Größe", not "Gr��e" or "␀h␀t␀m␀l".
    func testTheCharsetOfAMetaElementAndUTF16Pages() async throws {
        let meta = Data("<html><head><meta charset=\"ISO-8859-1\"><title>x</title></head><p>Gr".utf8) + Data([0xF6, 0xDF]) + Data("e".utf8)
        let httpEquiv = Data("<meta http-equiv='Content-Type' content='text/html; charset=windows-1252'><p>".utf8) + Data([0x80])
        let utf16 = "<html><p>Größe</p></html>"
        let server = try LocalHTTPServer(routes: [
            .init(path: "/meta", body: meta, headers: ["Content-Type": "text/html"]),
            .init(path: "/equiv", body: httpEquiv, headers: ["Content-Type": "text/html"]),
            .init(path: "/utf16le-bom", body: Data([0xFF, 0xFE]) + utf16.data(using: .utf16LittleEndian)!, headers: ["Content-Type": "text/html"]),
            .init(path: "/utf16be", body: utf16.data(using: .utf16BigEndian)!, headers: ["Content-Type": "text/html"]),
            .init(path: "/utf16-declared", body: utf16.data(using: .utf16LittleEndian)!, headers: ["Content-Type": "text/html; charset=utf-16le"]),
        ])
        defer { server.stop() }
        let page = { (path: String) in try await self.loader().fetchPage(at: server.baseURL.appendingPathComponent(path)).html }
        let metaPage = try await page("meta"), equivPage = try await page("equiv")
        XCTAssertTrue(metaPage.hasSuffix("<p>Größe"), metaPage)
        XCTAssertTrue(equivPage.hasSuffix("<p>€"), equivPage)
        for path in ["utf16le-bom", "utf16be", "utf16-declared"] {
            let html = try await page(path)
            XCTAssertEqual(html, utf16, path)
        }
        XCTAssertEqual(HTTPWebPageLoader.metaCharset(in: Data("<META CHARSET=utf-8>".utf8)), "utf-8")
        XCTAssertNil(HTTPWebPageLoader.metaCharset(in: Data("<meta name=charsetless content=x>".utf8)))
    }
}
