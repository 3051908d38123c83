import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest
@testable import Numbers

/// The live service against a real HTTP server on 127.0.0.1.
final class ServiceTests: XCTestCase {
    private func service(_ server: LocalHTTPServer, timeout: TimeInterval = 5) -> HTTPNumbersService {
        HTTPNumbersService(client: HTTPClient(transport: CurlTransport(timeout: timeout)), baseURL: server.baseURL.appendingPathComponent("test"))
    }

    func testListAndDetailByNameWithItsCommaAsAQueryValue() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/test/json.php", body: Data(#"[{"name":"1","image":"http://x/1.png"},{"name":"10,000","image":"http://x/m.png"}]"#.utf8)),
            .init(path: "/test/json.php?name=10,000", body: Data(#"{"name":"10,000","text":"Ichi-man","image":"http://x/m.png"}"#.utf8)),
        ])
        defer { server.stop() }
        let service = service(server)
        let catalog = try await service.fetchCatalog().value
        XCTAssertEqual(catalog.items.map(\.name), ["1", "10,000"])
        let detail = try await service.fetchDetail(name: "10,000").value
        XCTAssertEqual(detail.text, "Ichi-man")
        XCTAssertEqual(server.requests().map(\.path), ["/test/json.php", "/test/json.php?name=10,000"])
    }

    func testANameCannotAddQueryItems() throws {
        let url = try HTTPNumbersService.detailURL(base: URL(string: "http://h/test")!, name: "1&name=2#x")
        XCTAssertEqual(url.absoluteString, "http://h/test/json.php?name=1%26name%3D2%23x")
    }

    func testConnectivity() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "HEAD", path: "/test/json.php", status: 500, body: Data())])
        let up = service(server)
        let reachable = await up.checkConnectivity()
        XCTAssertEqual(reachable, .reachable, "an error status still proves the server is there")
        server.stop()
        let down = await up.checkConnectivity()
        guard case .unreachable(let endpoint) = down else { return XCTFail("\(down)") }
        XCTAssertTrue(endpoint.contains("127.0.0.1"), endpoint)
    }

    func testMalformedAnswersAndErrorStatusesAreErrorsNotCrashes() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/test/json.php", body: Data(#"{"not":"a list"}"#.utf8)),
            .init(path: "/test/json.php?name=1", status: 404, body: Data("nope".utf8)),
        ])
        defer { server.stop() }
        let service = service(server)
        do { _ = try await service.fetchCatalog(); XCTFail("expected an error") } catch let error as HTTPError {
            guard case .decoding = error else { return XCTFail("\(error)") }
        }
        do { _ = try await service.fetchDetail(name: "1"); XCTFail("expected an error") } catch let error as HTTPError {
            guard case .status(code: 404, body: _) = error else { return XCTFail("\(error)") }
        }
    }

    /// 10,000 numbers decode and are not a problem.
    func testTenThousandItems() async throws {
        let items = (1...10_000).map { #"{"name":"\#($0)","image":"http://x/\#($0).png"}"# }.joined(separator: ",")
        let server = try LocalHTTPServer(routes: [.init(path: "/test/json.php", body: Data("[\(items)]".utf8))])
        defer { server.stop() }
        let catalog = try await service(server).fetchCatalog().value
        XCTAssertEqual(catalog.items.count, 10_000)
    }
}
