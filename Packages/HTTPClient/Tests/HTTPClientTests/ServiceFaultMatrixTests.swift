import Foundation
import HTTPClient
import HTTPClientTexts
import HTTPClientLive
import HTTPClientTesting
import XCTest

/// The service level of the fault matrix: what `HTTPClient.decode` throws for each way a server can
/// fail (the end-to-end matrix checks how each feature shows it). Every case ends within the timeout.
final class ServiceFaultMatrixTests: XCTestCase {
    private struct Items: Decodable { var items: [String] }

    private func outcome(_ route: LocalHTTPServer.Route, byteLimit: Int = HTTPRequest.ByteLimit.list) async throws -> (HTTPError?, TimeInterval) {
        let server = try LocalHTTPServer(routes: [route])
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(timeout: 1))
        let started = Date()
        do {
            _ = try await client.decode(Items.self, from: .get(server.baseURL.appendingPathComponent("list"), byteLimit: byteLimit))
            return (nil, Date().timeIntervalSince(started))
        } catch {
            return (error, Date().timeIntervalSince(started))
        }
    }

    func testEachFaultIsATypedErrorWithinTheTimeout() async throws {
        let json = ["Content-Type": "application/json"]
        let cases: [(String, LocalHTTPServer.Route, (HTTPError) -> Bool)] = [
            ("500", .init(path: "/list", status: 500, body: Data("boom".utf8)), { if case .status(500, _) = $0 { true } else { false } }),
            ("404", .init(path: "/list", status: 404), { if case .status(404, _) = $0 { true } else { false } }),
            ("truncated", .init(path: "/list", body: Data(#"{"items":["a","#.utf8), headers: json), { if case .decoding = $0 { true } else { false } }),
            ("wrong types", .init(path: "/list", body: Data(#"{"items":[1]}"#.utf8), headers: json),
             { if case .decoding(let detail) = $0 { detail == "items[0]: expected a string, found a number" } else { false } }),
            ("empty", .init(path: "/list", headers: json), { if case .decoding = $0 { true } else { false } }),
            ("html", .init(path: "/list", body: Data("<html></html>".utf8), headers: ["Content-Type": "text/html"]),
             // A request that names no content type reads any body: HTML is then not JSON.
             { if case .decoding("the answer is not valid JSON") = $0 { true } else { false } }),
            ("over the cap", .init(path: "/list", body: Data(repeating: 0x20, count: 2 << 20), headers: json),
             { if case .tooLarge = $0 { true } else { false } }),
            ("endless", .init(path: "/list", body: Data("[".utf8), headers: json, fault: .endlessBody), { if case .tooLarge = $0 { true } else { false } }),
            ("reset", .init(path: "/list", fault: .reset), { if case .connectionLost = $0 { true } else if case .offline = $0 { true } else { false } }),
            ("silent", .init(path: "/list", body: Data(#"{"items":[]}"#.utf8), headers: json, delay: 3), { if case .timeout = $0 { true } else { false } }),
            ("drip", .init(path: "/list", headers: json, fault: .drip), { if case .timeout = $0 { true } else { false } }),
            ("redirect loop", .init(path: "/list", status: 302, headers: ["Location": "/list"]), { if case .other = $0 { true } else { false } }),
        ]
        for (name, route, expected) in cases {
            let (error, seconds) = try await outcome(route, byteLimit: 1 << 20)
            let thrown = try XCTUnwrap(error, "\(name): must fail")
            XCTAssertTrue(expected(thrown), "\(name): \(thrown)")
            XCTAssertFalse(thrown.userMessage.isEmpty, name)
            XCTAssertLessThan(seconds, 5, "\(name): within the 1 s timeout, give or take")
        }
    }
}
