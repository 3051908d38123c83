import Foundation
import HTTPClient
import XCTest

final class BundledTransportTests: XCTestCase {
    private var directory: URL!
    private let base = URL(string: "https://example.com/api")!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bundled-\(UUID().uuidString)")
        try write("cart/list", #"{"products":[]}"#)
        try write("images/1.jpg", "JPEGDATA")
        try write("json.php", #"[{"name":"1"}]"#)
        try write("json-name-3.json", #"{"name":"3","text":"San"}"#)
        try write("page.html", "<p>hi</p>")
        // A file next to the directory that traversal would reach.
        try Data("secret".utf8).write(to: directory.deletingLastPathComponent().appendingPathComponent("\(directory.lastPathComponent)-secret.txt"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory.deletingLastPathComponent().appendingPathComponent("\(directory.lastPathComponent)-secret.txt"))
        try FileManager.default.removeItem(at: directory)
    }

    private func write(_ path: String, _ text: String) throws {
        let url = directory.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The synchronous answer (what `send` returns); `send` itself is exercised in the first test.
    private func get(_ address: String, routes: [BundledRoute] = [], method: HTTPRequest.Method = .get) throws -> HTTPResponse {
        let transport = BundledTransport(baseURL: base, directory: directory, routes: routes)
        return transport.response(to: HTTPRequest(method: method, url: try XCTUnwrap(URL(string: address))))
    }

    func testServesFilesBelowTheBaseURLWithAContentType() async throws {
        let transport = BundledTransport(baseURL: base, directory: directory)
        let list = try await transport.send(.get(try XCTUnwrap(URL(string: "https://example.com/api/cart/list"))))
        XCTAssertEqual(list.statusCode, 200)
        XCTAssertEqual(list.body, Data(#"{"products":[]}"#.utf8))
        XCTAssertEqual(list.header("content-type"), "application/json")

        let image = try get("https://example.com/api/images/1.jpg")
        XCTAssertEqual(image.body, Data("JPEGDATA".utf8))
        XCTAssertEqual(image.header("Content-Type"), "image/jpeg")
        XCTAssertEqual(try get("https://example.com/api/page.html").header("Content-Type"), "text/html; charset=utf-8")
    }

    func testAbsoluteURLsOfTheSameOriginAreServedWhateverTheScheme() throws {
        XCTAssertEqual(try get("http://EXAMPLE.com/api/images/1.jpg").statusCode, 200)
        XCTAssertEqual(try get("https://other.example.com/api/images/1.jpg").statusCode, 404)
        XCTAssertEqual(try get("https://example.com/images/1.jpg").statusCode, 404, "outside the base path")
        XCTAssertEqual(try get("https://example.com:8443/api/images/1.jpg").statusCode, 404, "another port")
    }

    func testUnknownPathsAndDirectoriesAre404() throws {
        XCTAssertEqual(try get("https://example.com/api/nothing-here").statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/cart").statusCode, 404, "a directory is not a file")
        XCTAssertEqual(try get("https://example.com/api").statusCode, 404, "the base itself")
    }

    func testPathTraversalIsRejected() throws {
        let secret = "\(directory.lastPathComponent)-secret.txt"
        XCTAssertEqual(try get("https://example.com/api/../\(secret)").statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/%2E%2E/\(secret)").statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/..%2F\(secret)").statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/cart/%2E%2E/%2E%2E/\(secret)").statusCode, 404)
        let leaky = BundledRoute { _ in "../\(secret)" }
        XCTAssertEqual(try get("https://example.com/api/anything", routes: [leaky]).statusCode, 404, "routes cannot escape either")
    }

    func testNonGETIs405AndHEADHasNoBody() throws {
        for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
            XCTAssertEqual(try get("https://example.com/api/cart/list", method: method).statusCode, 405, method.rawValue)
        }
        let head = try get("https://example.com/api/cart/list", method: .head)
        XCTAssertEqual(head.statusCode, 200)
        XCTAssertTrue(head.body.isEmpty)
    }

    func testTemplateRoutesMapQueriesToFiles() throws {
        let routes = [BundledRoute.template("/json.php?name={name}", file: "json-name-{name}.json")]
        let detail = try get("https://example.com/api/json.php?name=3", routes: routes)
        XCTAssertEqual(detail.statusCode, 200)
        XCTAssertEqual(detail.body, Data(#"{"name":"3","text":"San"}"#.utf8))
        XCTAssertEqual(detail.header("Content-Type"), "application/json")
        XCTAssertEqual(try get("https://example.com/api/json.php", routes: routes).body, Data(#"[{"name":"1"}]"#.utf8),
                       "no query: the default file")
        XCTAssertEqual(try get("https://example.com/api/json.php?name=9", routes: routes).statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/json.php?name=..%2Fx", routes: routes).statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/json.php?other=3", routes: routes).statusCode, 404,
                       "a query without a matching route is never answered with the query-less file")
    }

    func testTemplateRoutesCapturePathSegments() throws {
        let routes = [
            BundledRoute.template("/products/{id}/detail.json", file: "json-name-{id}.json"),
            BundledRoute.path("/legal", file: "page.html"),
        ]
        XCTAssertEqual(try get("https://example.com/api/products/3/detail.json", routes: routes).statusCode, 200)
        XCTAssertEqual(try get("https://example.com/api/products/3/other.json", routes: routes).statusCode, 404)
        XCTAssertEqual(try get("https://example.com/api/legal", routes: routes).body, Data("<p>hi</p>".utf8))
    }

    func testClosureRoutesCanServeOtherHosts() throws {
        let legal = BundledRoute { request in
            request.url.host == "m.example.com" && request.url.path == "/rechtliche-hinweise" ? "page.html" : nil
        }
        let response = try get("http://m.example.com/rechtliche-hinweise?deviceoutput=app", routes: [legal])
        XCTAssertEqual(response.statusCode, 200)
        XCTAssertEqual(response.body, Data("<p>hi</p>".utf8))
    }

    func testClientDataThrowsStatusForBundled404() async throws {
        let client = HTTPClient(transport: BundledTransport(baseURL: base, directory: directory))
        let error = await caught { try await client.data(.get(URL(string: "https://example.com/api/missing")!)) }
        guard case .status(code: 404, body: _) = error else { return XCTFail("\(String(describing: error))") }
    }
}
