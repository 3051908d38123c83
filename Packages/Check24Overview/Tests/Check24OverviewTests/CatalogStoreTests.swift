import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import StorageTesting
import XCTest
@testable import Check24Overview
import TextSearch

/// The catalog kept for the next launch (issue 26): a 304 pages it from the store without parsing
/// the payload again, no answer lets it stand in marked with when it was current, an error answer
/// stays an error, and the store is bounded.
final class CatalogStoreTests: XCTestCase {
    private static func payload(names: [String]) -> Data {
        let products = names.enumerated().map { index, name in
            #"{"name":"\#(name)","type":"Triangle","id":\#(index + 1),"color":"Yellow","imageURL":"http://127.0.0.1:1/\#(index).png","colorCode":"ffecb3","available":\#(index % 2 == 0),"releaseDate":1460629605,"description":"d \#(name)","longDescription":"l","rating":2.17,"price":{"value":\#(index + 1).5,"currency":"EUR"}}"#
        } + [#"{"id":99,"type":"Triangle"}"#]
        return Data(#"{"header":{"headerTitle":"Titel","headerDescription":"Sub"},"filters":["A","B","C"],"products":[\#(products.joined(separator: ","))]}"#.utf8)
    }

    private let now = Date(timeIntervalSince1970: 1_764_100_000)

    func testA304PagesTheKeptCatalogAndNoAnswerLetsItStandIn() async throws {
        let folder = try TemporaryDirectory()
        let server = try LocalHTTPServer(routes: [
            .init(path: "/api/products-test.json", body: Self.payload(names: ["Äpfel", "Birnen \\u001b[31m", "Kirschen"]), headers: ["ETag": "\"v1\""], times: 1),
            .init(path: "/api/products-test.json", status: 304, times: 1),
            .init(path: "/api/products-test.json", status: 503),
        ])
        let client = HTTPClient(transport: Check24OverviewModule.faultInjecting(CurlTransport(timeout: 2), failEvery: 0))
        let service = HTTPCheck24Service(client: client, baseURL: server.baseURL.appendingPathComponent("api"),
                                         store: try Check24CatalogStore(directory: folder.url), now: { [now] in now })
        let first = try await service.fetchCatalog()
        XCTAssertNil(first.storedAt)
        await service.keepCatalog(first.value)

        let second = try await service.fetchCatalog()
        XCTAssertEqual(server.requests().last?.header("If-None-Match"), "\"v1\"", "only asked whether it changed")
        XCTAssertNil(second.storedAt, "a 304: current")
        XCTAssertEqual(Array(second.value.products), Array(first.value.products), "every product decodes from its own kept bytes")
        XCTAssertEqual(second.value.products.map(\.name), ["Äpfel", "Birnen \u{1B}[31m", "Kirschen"])
        XCTAssertEqual(second.value.products.foldedSearchTexts(), ["apfel\nd apfel", "birnen \u{1B}[31m\nd birnen \u{1B}[31m", "kirschen\nd kirschen"],
                       "the filter's texts read from the kept payload's bytes, folded")
        XCTAssertEqual(second.value.products.foldedSearchTexts(), first.value.products.foldedSearchTexts())
        XCTAssertEqual(second.value.skipped, first.value.skipped)
        XCTAssertEqual(second.value.skipped.count, 1)
        XCTAssertEqual([second.value.header.title, second.value.header.subtitle], ["Titel", "Sub"])
        XCTAssertEqual(second.value.filters, ["A", "B", "C"])
        let catalog = Check24FilteredCatalog(products: second.value.products)
        XCTAssertEqual(catalog.positions(for: .available, favorites: [])?.map { catalog[$0].name }, ["Äpfel", "Kirschen"])

        do {
            _ = try await service.fetchCatalog()
            XCTFail("a 5xx (--fail-every's fault too) is an error, never hidden by the kept catalog")
        } catch {
            XCTAssertEqual(error as? HTTPError, .status(code: 503, rawBody: Data()))
        }

        server.stop()
        let offline = try await service.fetchCatalog()
        XCTAssertEqual(offline.storedAt, now, "no answer: the kept catalog, marked with when it was current")
        XCTAssertEqual(offline.value.products.count, 3)

        // A payload changed on disk (here: garbage of the same size) is forgotten, never shown as blank products.
        let payloads = folder.url.appendingPathComponent(Check24CatalogStore.payloadsFolder)
        for name in try FileManager.default.contentsOfDirectory(atPath: payloads.path) {
            let path = payloads.appendingPathComponent(name)
            let size = try Data(contentsOf: path).count
            try Data((0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }).write(to: path)
        }
        do {
            _ = try await service.fetchCatalog()
            XCTFail("nothing kept any more, and no server")
        } catch {
            XCTAssertTrue((error as? HTTPError)?.meansNoAnswer == true, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: payloads.path), [], "the damaged payload went with its row")
    }

    /// A 304 for a kept catalog that can no longer be read: the whole catalog is asked for again,
    /// never an error screen over a server that answers.
    func testA304ForAnUnreadableKeptCatalogAsksForTheWholeOne() async throws {
        let folder = try TemporaryDirectory()
        let body = Self.payload(names: ["Äpfel"])
        let server = try LocalHTTPServer(routes: [
            .init(path: "/api/products-test.json", body: body, headers: ["ETag": "\"v1\""], times: 1),
            .init(path: "/api/products-test.json", status: 304, times: 1),
            .init(path: "/api/products-test.json", body: body, headers: ["ETag": "\"v1\""]),
        ])
        defer { server.stop() }
        let service = HTTPCheck24Service(client: HTTPClient(transport: CurlTransport(timeout: 2)), baseURL: server.baseURL.appendingPathComponent("api"),
                                         store: try Check24CatalogStore(directory: folder.url), now: { [now] in now })
        await service.keepCatalog(try await service.fetchCatalog().value)
        let payloads = folder.url.appendingPathComponent(Check24CatalogStore.payloadsFolder)
        for name in try FileManager.default.contentsOfDirectory(atPath: payloads.path) {
            try FileManager.default.removeItem(at: payloads.appendingPathComponent(name))
        }
        let again = try await service.fetchCatalog()
        XCTAssertEqual(again.value.products.map(\.name), ["Äpfel"])
        XCTAssertNil(server.requests().last?.header("If-None-Match"), "the second request asked for the whole catalog")
    }

    /// The catalog is asked for through the transport's one conditional GET: a refusal its validators
    /// may cause (412) is asked again plainly, and the new answer's validators are the ones kept.
    func testARefusedConditionalRequestIsAskedAgainPlainly() async throws {
        let folder = try TemporaryDirectory()
        let server = try LocalHTTPServer(routes: [
            .init(path: "/api/products-test.json", body: Self.payload(names: ["Äpfel"]), headers: ["ETag": "\"v1\""], times: 1),
            .init(path: "/api/products-test.json", status: 412, times: 1),
            .init(path: "/api/products-test.json", body: Self.payload(names: ["Birnen"]), headers: ["ETag": "\"v2\""]),
        ])
        defer { server.stop() }
        let service = HTTPCheck24Service(client: HTTPClient(transport: CurlTransport(timeout: 2)), baseURL: server.baseURL.appendingPathComponent("api"),
                                         store: try Check24CatalogStore(directory: folder.url), now: { [now] in now })
        await service.keepCatalog(try await service.fetchCatalog().value)
        let again = try await service.fetchCatalog()
        XCTAssertEqual(again.value.products.map(\.name), ["Birnen"], "the plain request's answer")
        XCTAssertNil(again.storedAt)
        XCTAssertEqual(server.requests().map { $0.header("If-None-Match") }, [nil, "\"v1\"", nil])
        await service.keepCatalog(again.value)
        _ = try await service.fetchCatalog()
        XCTAssertEqual(server.requests().last?.header("If-None-Match"), "\"v2\"", "the plain answer's validators were kept")
    }

    func testAtMostFourCatalogsAreKeptAndAReplacedPayloadGoes() async throws {
        let folder = try TemporaryDirectory()
        let store = try Check24CatalogStore(directory: folder.url)
        for index in 0..<6 {
            let url = URL(string: "http://host\(index).test/products-test.json")!
            for round in 0..<2 {
                let body = Self.payload(names: ["P\(index)-\(round)"])
                let catalog = try LazyCatalog.decode(body).receiving(ReceivedPayload(url: url, body: body, etag: "\"\(round)\"", lastModified: nil))
                try store.keep(catalog, at: Date(timeIntervalSince1970: Double(index * 10 + round)))
            }
        }
        let kept = (0..<6).map { store.catalog(for: URL(string: "http://host\($0).test/products-test.json")!)?.products.first?.name }
        XCTAssertEqual(kept, [nil, nil, "P2-1", "P3-1", "P4-1", "P5-1"], "the four most recently current, each its last payload")
        let payloads = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent(Check24CatalogStore.payloadsFolder).path)
        XCTAssertEqual(payloads.count, 4, "replaced and evicted payloads are gone")
    }
}

/// A catalog decoded as the app decodes one (outlined, with references into the payload).
private enum LazyCatalog {
    static func decode(_ body: Data) throws -> Check24Catalog {
        try HTTPResponse(statusCode: 200, body: body, url: URL(string: "http://x.test")!).decode(Check24Catalog.self)
    }
}
