import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest

/// The test server itself: other packages' service tests rely on it.
final class LocalHTTPServerTests: XCTestCase {
    private let client = HTTPClient(transport: CurlTransport(timeout: 5))

    func testRoutesWithQueriesHeadersAndFallbacks() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/json.php", body: Data("list".utf8), headers: ["X-Kind": "list"]),
            .init(method: "GET", path: "/json.php?name=3", body: Data("three".utf8)),
        ])
        defer { server.stop() }
        func get(_ target: String) async throws -> HTTPResponse {
            try await client.send(.get(try XCTUnwrap(URL(string: server.baseURL.absoluteString + target))))
        }
        let three = try await get("/json.php?name=3")
        XCTAssertEqual(three.body, Data("three".utf8))
        let list = try await get("/json.php")
        XCTAssertEqual(list.body, Data("list".utf8))
        XCTAssertEqual(list.header("x-kind"), "list")
        let four = try await get("/json.php?name=4")
        XCTAssertEqual(four.body, Data("list".utf8), "a query-less route answers other queries")
        let unknown = try await get("/nope")
        XCTAssertEqual(unknown.statusCode, 404)
        let head = try await client.send(HTTPRequest(method: .head, url: try XCTUnwrap(URL(string: server.baseURL.absoluteString + "/json.php"))))
        XCTAssertEqual(head.statusCode, 200)
        XCTAssertTrue(head.body.isEmpty)
        XCTAssertEqual(server.requests().map(\.path), ["/json.php?name=3", "/json.php", "/json.php?name=4", "/nope", "/json.php"])
    }

    func testARouteWithTimesStepsAsideForTheNextOne() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/list", status: 503, times: 2),
            .init(path: "/list", body: Data("ok".utf8)),
        ])
        defer { server.stop() }
        var statuses: [Int] = []
        for _ in 0..<4 { statuses.append(try await client.send(.get(server.baseURL.appendingPathComponent("list"))).statusCode) }
        XCTAssertEqual(statuses, [503, 503, 200, 200], "fails twice, then recovers")
    }

    func testServesADirectory() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("serve-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data([0xFF, 0xD8, 0xFF]).write(to: directory.appendingPathComponent("images/1.jpg"))
        try Data("{}".utf8).write(to: directory.appendingPathComponent("list.json"))
        let server = try LocalHTTPServer(serving: directory, at: "/static",
                                         extraRoutes: [.init(method: "GET", path: "/static/list.json", status: 500)])
        defer { server.stop() }
        let image = try await client.send(.get(server.baseURL.appendingPathComponent("static/images/1.jpg")))
        XCTAssertEqual(image.body, Data([0xFF, 0xD8, 0xFF]))
        XCTAssertEqual(image.header("Content-Type"), "image/jpeg")
        let list = try await client.send(.get(server.baseURL.appendingPathComponent("static/list.json")))
        XCTAssertEqual(list.statusCode, 500, "extra routes win")
    }

    func testStopEndsTheServer() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/", body: Data("up".utf8))])
        let url = server.baseURL.appendingPathComponent("/")
        let up = try await client.data(.get(url))
        XCTAssertEqual(up, Data("up".utf8))
        server.stop()
        server.stop()
        let error = await caught { try await self.client.data(.get(url)) }
        XCTAssertEqual(error, .offline("127.0.0.1:\(server.port)"))
    }

    func testReleasingTheServerStopsIt() async throws {
        var server: LocalHTTPServer? = try LocalHTTPServer(routes: [])
        let port = try XCTUnwrap(server?.port)
        server = nil
        let error = await caught { try await self.client.data(.get(URL(string: "http://127.0.0.1:\(port)/")!)) }
        XCTAssertEqual(error, .offline("127.0.0.1:\(port)"))
    }
}
