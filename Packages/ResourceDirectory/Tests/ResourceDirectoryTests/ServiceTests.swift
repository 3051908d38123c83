import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import ResourceDirectoryTesting
import XCTest
@testable import ResourceDirectory

/// The live service against a real HTTP server on 127.0.0.1, and the bundled demo through its transport.
final class ServiceTests: XCTestCase {
    private func service(_ server: LocalHTTPServer, timeout: TimeInterval = 5) -> HTTPResourceDirectoryService {
        HTTPResourceDirectoryService(client: HTTPClient(transport: CurlTransport(timeout: timeout)),
                                     baseURL: server.baseURL.appendingPathComponent("mobile-test"))
    }

    func testCategoriesAndTheIrregularlyNamedResourceFile() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/mobile-test/data/categories.json", body: Data(#"[{"eid":"e1","slug":"vacation-spots","title":"Vacation Spots"}]"#.utf8)),
            .init(path: "/mobile-test/data/vacation-spot.json", body: Data(#"[{"title":"Percé Rock"}]"#.utf8)),
        ])
        defer { server.stop() }
        let service = service(server)
        let categories = try await service.fetchCategories().value
        let file = try XCTUnwrap(categories.categories.first?.resourceFile)
        let resources = try await service.fetchResources(file: file).value
        XCTAssertEqual(resources.resources.map(\.title), ["Percé Rock"])
        XCTAssertEqual(server.requests().map(\.path), ["/mobile-test/data/categories.json", "/mobile-test/data/vacation-spot.json"])
    }

    func testAFileNameIsOneEscapedPathSegment() throws {
        let url = try HTTPResourceDirectoryService.dataURL(base: URL(string: "http://h/repo")!, file: "../a b?.json")
        XCTAssertEqual(url.absoluteString, "http://h/repo/data/..%2Fa%20b%3F.json")
    }

    func testErrorStatusesAndMalformedAnswersAreErrorsNotCrashes() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/mobile-test/data/categories.json", status: 500, body: Data("oops".utf8)),
            .init(path: "/mobile-test/data/restaurants.json", body: Data(#"{"not":"a list"}"#.utf8)),
            .init(path: "/mobile-test/data/vacation-spot.json", body: Data("<html>".utf8)),
        ])
        defer { server.stop() }
        let service = service(server)
        for call in [{ _ = try await service.fetchCategories() }, { _ = try await service.fetchResources(file: "restaurants.json") },
                     { _ = try await service.fetchResources(file: "vacation-spot.json") }] as [() async throws -> Void] {
            do {
                try await call()
                XCTFail("an error was expected")
            } catch let error as HTTPError {
                XCTAssertNotEqual(RequestFailure(error), .unknown, "\(error)")
            }
        }
    }

    func testTheDemoIsServedUnderTheOriginalBase() async throws {
        let directory = try XCTUnwrap(ResourceDirectoryModule.demoDataDirectory)
        let client = HTTPClient(transport: ResourceDirectoryModule.demoTransport(directory: directory))
        let service = HTTPResourceDirectoryService(client: client, baseURL: ResourceDirectoryModule.originalBaseURL)
        let categories = try await service.fetchCategories().value
        for category in categories.categories {
            let resources = try await service.fetchResources(file: try XCTUnwrap(category.resourceFile)).value
            let photo = try XCTUnwrap(resources.resources.first?.photoURL)
            let data = try await client.picture(at: photo)
            XCTAssertEqual(Array(data.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        }
    }
}
