import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import Storage
import StorageTesting
import WebBrowser
import XCTest
@testable import Check24Overview

/// The live services against a real HTTP server on 127.0.0.1 and a real SQLite file.
final class ServiceTests: XCTestCase {
    private let catalogJSON = #"{"header":{"headerTitle":"T","headerDescription":"S"},"filters":["Alle","Verfügbar","Vorgemerkt"],"products":[{"name":"Yellow Triangle","type":"Triangle","id":1,"color":"Yellow","imageURL":"http://127.0.0.1:1/08.png","colorCode":"ffecb3","available":true,"releaseDate":1460629605,"description":"d","longDescription":"l","rating":2.17,"price":{"value":225.91,"currency":"EUR"}}]}"#

    private func service(_ server: LocalHTTPServer, failEvery: Int = 0) -> HTTPCheck24Service {
        HTTPCheck24Service(client: client(failEvery: failEvery), baseURL: server.baseURL.appendingPathComponent("api"))
    }

    /// The legal page loads through the same fault-injecting client as the catalog, as in the app.
    private func pages(failEvery: Int = 0) -> HTTPWebPageLoader {
        HTTPWebPageLoader(client: client(failEvery: failEvery))
    }

    private func client(failEvery: Int) -> HTTPClient {
        HTTPClient(transport: Check24OverviewModule.faultInjecting(CurlTransport(timeout: 5), failEvery: failEvery))
    }

    func testFetchesTheCatalogAndTheLegalPage() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/api/products-test.json", body: Data(catalogJSON.utf8)),
            .init(path: "/api/rechtliche-hinweise?deviceoutput=app", body: Data("<h1>Hinweise</h1>".utf8),
                  headers: ["Content-Type": "text/html"]),
        ])
        defer { server.stop() }
        let service = service(server)
        let catalog = try await service.fetchCatalog().value
        XCTAssertEqual(catalog.products.map(\.name), ["Yellow Triangle"])
        let legal = try Check24OverviewModule.legalPageURL(base: server.baseURL.appendingPathComponent("api"))
        XCTAssertEqual(legal.absoluteString, server.baseURL.absoluteString + "/api/rechtliche-hinweise?deviceoutput=app")
        let page = try await pages().fetchPage(at: legal)
        XCTAssertEqual(page.html, "<h1>Hinweise</h1>")
        XCTAssertEqual(server.requests().map(\.path), ["/api/products-test.json", "/api/rechtliche-hinweise?deviceoutput=app"])
    }

    func testEveryThirdProductListRequestFailsButPagesDoNotCount() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/api/products-test.json", body: Data(catalogJSON.utf8)),
            .init(path: "/api/rechtliche-hinweise?deviceoutput=app", body: Data("<p>x</p>".utf8)),
        ])
        defer { server.stop() }
        let service = service(server, failEvery: 3)
        let pages = pages(failEvery: 3)
        let legal = try Check24OverviewModule.legalPageURL(base: server.baseURL.appendingPathComponent("api"))
        var outcomes: [Bool] = []
        for _ in 1...7 {
            _ = try await pages.fetchPage(at: legal) // never counts, never fails
            do { _ = try await service.fetchCatalog(); outcomes.append(true) } catch let error as HTTPError {
                guard case .status(code: 503, body: _) = error else { return XCTFail("\(error)") }
                outcomes.append(false)
            }
        }
        XCTAssertEqual(outcomes, [true, true, false, true, true, false, true])
        XCTAssertEqual(server.requests().filter { $0.path == "/api/products-test.json" }.count, 5, "failed requests never reach the server")
    }

    /// (The web page's cap and content types are WebBrowser's tests now.)
    func testAnEndlessCatalogStopsAtItsCap() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/api/products-test.json", body: Data("[".utf8), fault: .endlessBody),
        ])
        defer { server.stop() }
        let service = service(server)
        do {
            _ = try await service.fetchCatalog()
            XCTFail("an endless catalog must fail")
        } catch let error as HTTPError {
            XCTAssertEqual(error, .tooLarge(limit: HTTPRequest.ByteLimit.list))
        }
    }

    func testHTTPErrorsAndMalformedJSONBecomeTypedErrors() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/a/products-test.json", status: 500, body: Data("oops".utf8)),
            .init(path: "/b/products-test.json", body: Data(#"{"products":[{"id":1,"#.utf8)),
        ])
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(timeout: 5))
        do {
            _ = try await HTTPCheck24Service(client: client, baseURL: server.baseURL.appendingPathComponent("a")).fetchCatalog()
            XCTFail("expected an HTTP error")
        } catch let error as HTTPError {
            guard case .status(code: 500, body: _) = error else { return XCTFail("\(error)") }
        }
        let service = HTTPCheck24Service(client: client, baseURL: server.baseURL.appendingPathComponent("b"))
        do {
            _ = try await service.fetchCatalog()
            XCTFail("expected a decoding error")
        } catch let error as HTTPError {
            guard case .decoding = error else { return XCTFail("\(error)") }
        }
    }

    func testBundledDemoServesTheCatalogPicturesAndBothLegalPages() async throws {
        let directory = try XCTUnwrap(Check24OverviewModule.demoDataDirectory)
        let client = HTTPClient(transport: Check24OverviewModule.demoTransport(directory: directory))
        let service = HTTPCheck24Service(client: client, baseURL: Check24OverviewModule.originalBaseURL)
        let pages = HTTPWebPageLoader(client: client)
        let catalog = try await service.fetchCatalog().value
        XCTAssertGreaterThanOrEqual(catalog.products.count, 8)
        let picture = try await client.data(.get(try XCTUnwrap(catalog.products[0].imageURL)))
        XCTAssertEqual(Array(picture.prefix(4)), [0x89, 0x50, 0x4E, 0x47], "a PNG")
        let legal = try await pages.fetchPage(at: Check24OverviewModule.originalLegalPageURL)
        XCTAssertTrue(legal.html.contains("Rechtliche Hinweise"))
        let privacy = try await pages.fetchPage(at: URL(string: "http://m.check24.de/datenschutz?deviceoutput=app")!)
        XCTAssertTrue(privacy.html.contains("Datenschutz"))
        do {
            _ = try await pages.fetchPage(at: URL(string: "http://m.check24.de/../products-test.json")!)
            XCTFail("pages cannot leave their folder")
        } catch {}
    }

    func testFavoritesPersistInASQLiteFileAcrossRuns() async throws {
        let directory = try TemporaryDirectory()
        let first = try SQLiteFavoritesService(directory: directory.url)
        let saved = try await first.setFavorite(true, productID: 3)
        XCTAssertTrue(saved)
        _ = try await first.setFavorite(true, productID: 7)
        _ = try await first.setFavorite(false, productID: 3)
        let secondRun = try SQLiteFavoritesService(directory: directory.url)
        let ids = try await secondRun.favoriteIDs()
        XCTAssertEqual(ids, [7])
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent("favorites.sqlite").path))
    }

    func testAFavoritesFileThatIsNotADatabaseIsAClearErrorNotACrash() throws {
        let directory = try TemporaryDirectory()
        try Data(repeating: 0x41, count: 4096).write(to: directory.url.appendingPathComponent("favorites.sqlite"))
        XCTAssertThrowsError(try SQLiteFavoritesService(directory: directory.url)) { error in
            XCTAssertTrue("\(error)".lowercased().contains("not a database") || error is StorageError, "\(error)")
        }
    }
}
