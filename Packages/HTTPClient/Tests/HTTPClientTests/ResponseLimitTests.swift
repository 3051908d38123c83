import Foundation
import HTTPClient
import HTTPClientTexts
import HTTPClientLive
import HTTPClientTesting
import XCTest

/// A server decides how much it sends and for how long; the transport decides how much it keeps.
final class ResponseLimitTests: XCTestCase {
    func testABodyWithoutEndStopsAtTheRequestsByteLimitWhileStreaming() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/products-test.json", body: Data("[".utf8), fault: .endlessBody)])
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = await caught {
            try await CurlTransport(timeout: 10).send(.get(server.baseURL.appendingPathComponent("products-test.json"),
                                                                 byteLimit: 1024 * 1024))
        }
        XCTAssertEqual(error, .tooLarge(limit: 1024 * 1024))
        XCTAssertEqual(error?.userMessage, "The server's answer is larger than 1 MB, so it was not loaded.")
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(8), "the cap ends the request, not the deadline")
    }

    func testAnAnnouncedLengthBeyondTheLimitIsRefusedBeforeTheBody() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/big", body: Data(repeating: 0x20, count: 300_000))])
        defer { server.stop() }
        let error = await caught {
            try await CurlTransport(timeout: 5).send(.get(server.baseURL.appendingPathComponent("big"), byteLimit: 100_000))
        }
        XCTAssertEqual(error, .tooLarge(limit: 100_000))
        // Within the limit the same answer arrives whole.
        let response = try await CurlTransport(timeout: 5).send(.get(server.baseURL.appendingPathComponent("big"), byteLimit: 300_000))
        XCTAssertEqual(response.body.count, 300_000)
    }

    /// Bodies come compressed when the server offers it (libcurl's `Accept-Encoding`), and the cap counts
    /// the decoded bytes: 64 MB of zeros sent as 64 KB of gzip (a gzip bomb) stop at the cap, and a
    /// small compressed answer arrives decoded.
    func testACompressedBodyIsCappedOnItsDecodedSize() async throws {
        let scripted = try ScriptedServer(handler: """
                def do_GET(self):
                    offered = self.headers.get("Accept-Encoding", "")
                    body = bomb if self.path == "/bomb" else small
                    self.send_response(200 if "gzip" in offered else 406)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Encoding", "gzip")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
            """, prelude: #"""
            import gzip
            bomb = gzip.compress(b"\0" * (64 << 20), 9)
            small = gzip.compress(b'{"name": "decoded"}')
            """#)
        defer { scripted.stop() }
        let base = URL(string: "http://127.0.0.1:\(scripted.port)")!
        let transport = CurlTransport(timeout: 10, session: CurlSession())
        let small = try await transport.send(.get(base.appendingPathComponent("small"), byteLimit: 1 << 20))
        XCTAssertEqual(small.statusCode, 200, "gzip was offered")
        XCTAssertEqual(String(decoding: small.body, as: UTF8.self), #"{"name": "decoded"}"#)
        let error = await caught { try await transport.send(.get(base.appendingPathComponent("bomb"), byteLimit: 1 << 20)) }
        XCTAssertEqual(error, .tooLarge(limit: 1 << 20), "64 KB on the wire, 64 MB decoded: refused at the cap")
    }

    func testTheWholeRequestHasOneDeadlineEvenWhileBytesKeepArriving() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/drip", fault: .drip)])
        defer { server.stop() }
        let started = ContinuousClock.now
        let error = await caught { try await CurlTransport(timeout: 1.5).send(.get(server.baseURL.appendingPathComponent("drip"))) }
        XCTAssertEqual(error, .timeout(seconds: 1.5))
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(4))
    }

    func testAnAnswerOfAnotherMediaTypeIsRefusedBeforeItsBody() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/file.bin", body: Data("PK".utf8), headers: ["Content-Type": "application/zip"], fault: .endlessBody),
            .init(path: "/page", body: Data("<p>hi</p>".utf8), headers: ["Content-Type": "text/html; charset=utf-8"]),
            .init(path: "/missing", status: 404, body: Data("<p>gone</p>".utf8), headers: ["Content-Type": "text/html"]),
        ])
        defer { server.stop() }
        let transport = CurlTransport(timeout: 5)
        let accepted = ["text/html", "text/plain"]
        let error = await caught {
            try await transport.send(.get(server.baseURL.appendingPathComponent("file.bin"), byteLimit: HTTPRequest.ByteLimit.webPage,
                                          acceptedContentTypes: accepted))
        }
        XCTAssertEqual(error, .unexpectedContentType("application/zip"))
        XCTAssertEqual(error?.userMessage, "The server answered with “application/zip”, which cannot be shown here.")
        let page = try await transport.send(.get(server.baseURL.appendingPathComponent("page"), acceptedContentTypes: accepted))
        XCTAssertEqual(String(decoding: page.body, as: UTF8.self), "<p>hi</p>")
        let missing = try await transport.send(.get(server.baseURL.appendingPathComponent("missing"), acceptedContentTypes: ["image/*"]))
        XCTAssertEqual(missing.statusCode, 404, "an error answer is passed on whatever its type")
    }

    func testAcceptedContentTypesMatchMediaTypesAndWildcards() {
        let request = HTTPRequest.get(URL(string: "http://h/")!, acceptedContentTypes: ["text/html", "image/*"])
        XCTAssertTrue(request.accepts(contentType: "TEXT/HTML; charset=ISO-8859-1"))
        XCTAssertTrue(request.accepts(contentType: "image/png"))
        XCTAssertTrue(request.accepts(contentType: nil))
        XCTAssertFalse(request.accepts(contentType: "application/octet-stream"))
        XCTAssertFalse(request.accepts(contentType: "text/htmlx"))
        XCTAssertTrue(HTTPRequest.get(URL(string: "http://h/")!).accepts(contentType: "application/zip"))
    }

    func testAResetConnectionSaysSoRatherThanThatTheServerIsDown() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/reset", fault: .reset)])
        defer { server.stop() }
        let error = await caught { try await CurlTransport(timeout: 5).send(.get(server.baseURL.appendingPathComponent("reset"))) }
        XCTAssertEqual(error, .connectionLost("127.0.0.1:\(server.port)"))
        XCTAssertEqual(error?.userMessage,
                       "The connection to 127.0.0.1:\(server.port) was closed before the answer was complete — try again.")
    }

    func testTheBundledTransportKeepsTheSameLimits() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try Data(repeating: 0x20, count: 2000).write(to: directory.appendingPathComponent("big.html"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: directory.appendingPathComponent("pic.png"))
        let base = URL(string: "http://demo.example")!
        let transport = BundledTransport(baseURL: base, directory: directory)
        let tooLarge = await caught { try await transport.send(.get(base.appendingPathComponent("big.html"), byteLimit: 1000)) }
        XCTAssertEqual(tooLarge, .tooLarge(limit: 1000))
        let wrongType = await caught {
            try await transport.send(.get(base.appendingPathComponent("pic.png"), acceptedContentTypes: ["text/html"]))
        }
        XCTAssertEqual(wrongType, .unexpectedContentType("image/png"))
    }

    func testCredentialsInAURLAreNeverShown() {
        let url = URL(string: "http://user:s3cret@127.0.0.1:8080/legal?x=1")!
        XCTAssertEqual(URLDisplay.redacted(url), "http://127.0.0.1:8080/legal?x=1")
        XCTAssertEqual(URLDisplay.redacted(URL(string: "http://127.0.0.1/a")!), "http://127.0.0.1/a")
        XCTAssertFalse(HTTPError.invalidURL(URLDisplay.redacted(url)).userMessage.contains("s3cret"))
    }
}
