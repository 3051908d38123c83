import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest
@testable import ProductGrid

/// The live service against a real HTTP server on 127.0.0.1.
final class ServiceTests: XCTestCase {
    private let listJSON = #"{"products":[{"product_id":"1","name":"Apples","price":120,"image":"http://127.0.0.1:1/images/1.jpg"},{"product_id":"6_id_is_a_string","name":"Pork","price":343,"image":"http://127.0.0.1:1/images/6.jpg"}]}"#

    func testFetchesTheListAndADetailWithAStringID() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/api/cart/list", status: 200, body: Data(listJSON.utf8)),
            .init(method: "GET", path: "/api/cart/6_id_is_a_string/detail", status: 200,
                  body: Data(#"{"product_id":"6_id_is_a_string","name":"Pork","price":343,"image":"http://127.0.0.1:1/images/6.jpg","description":"Slow roast."}"#.utf8)),
        ])
        defer { server.stop() }
        let service = HTTPProductService(client: HTTPClient(transport: CurlTransport(timeout: 5)),
                                         baseURL: server.baseURL.appendingPathComponent("api"))
        let catalog = try await service.fetchCatalog().value
        XCTAssertEqual(catalog.products.map(\.name), ["Apples", "Pork"])
        let detail = try await service.fetchDetail(productID: "6_id_is_a_string")
        XCTAssertEqual(detail.description, "Slow roast.")
        XCTAssertEqual(server.requests().map(\.path), ["/api/cart/list", "/api/cart/6_id_is_a_string/detail"])
    }

    func testIDsArePercentEncodedAsOnePathSegment() throws {
        let url = try HTTPProductService.detailURL(base: URL(string: "http://h/base")!, productID: "a/b c?d")
        XCTAssertEqual(url.absoluteString, "http://h/base/cart/a%2Fb%20c%3Fd/detail")
    }

    /// An id that cannot be one path segment is an error, never a request for `/cart/detail` or the list.
    func testAnIDThatIsNoSegmentIsAnErrorNotARequest() async throws {
        let server = try LocalHTTPServer(routes: [])
        defer { server.stop() }
        let service = HTTPProductService(client: HTTPClient(transport: CurlTransport(timeout: 5)), baseURL: server.baseURL)
        for id in ["", "..", "."] {
            do {
                _ = try await service.fetchDetail(productID: id)
                XCTFail("expected an error for \(id)")
            } catch let error as HTTPError {
                guard case .invalidURL = error else { return XCTFail("\(error)") }
            }
        }
        XCTAssertEqual(server.requests().count, 0)
    }

    func testServerErrorAndMalformedJSONBecomeTypedErrors() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "GET", path: "/cart/list", status: 500, body: Data("oops".utf8)),
            .init(method: "GET", path: "/cart/1/detail", status: 200, body: Data(#"{"product_id":"1","name":"#.utf8)),
        ])
        defer { server.stop() }
        let service = HTTPProductService(client: HTTPClient(transport: CurlTransport(timeout: 5)), baseURL: server.baseURL)
        do {
            _ = try await service.fetchCatalog()
            XCTFail("expected an HTTP error")
        } catch let error as HTTPError {
            guard case .status(code: 500, body: _) = error else { return XCTFail("\(error)") }
        }
        do {
            _ = try await service.fetchDetail(productID: "1")
            XCTFail("expected a decoding error")
        } catch let error as HTTPError {
            guard case .decoding = error else { return XCTFail("\(error)") }
        }
    }

    func testBundledDemoDataIsServedThroughTheSamePath() async throws {
        let directory = try XCTUnwrap(ProductGridModule.demoDataDirectory)
        let client = HTTPClient(transport: BundledTransport(baseURL: ProductGridModule.originalBaseURL, directory: directory))
        let service = HTTPProductService(client: client, baseURL: ProductGridModule.originalBaseURL)
        let catalog = try await service.fetchCatalog().value
        XCTAssertEqual(catalog.products.count, 12)
        let pork = try await service.fetchDetail(productID: "6_id_is_a_string")
        XCTAssertEqual(pork.summary.name, "Pork")
        let image = try await client.data(.get(try XCTUnwrap(catalog.products[0].imageURL)))
        XCTAssertGreaterThan(image.count, 100)
    }
}
