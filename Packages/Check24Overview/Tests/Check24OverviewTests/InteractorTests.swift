import ImageKitTesting
import Check24OverviewTesting
import Foundation
import HTTPClient
import ImageKit
import WebBrowser
import XCTest
@testable import Check24Overview

final class InteractorTests: XCTestCase {
    func testObtainsTheCatalogFavoritesAndPictures() async throws {
        let images = FakeImageLoader()
        let interactor = Check24OverviewInteractor(catalog: FakeCheck24CatalogService(), favorites: InMemoryFavoritesService([2]), images: images)
        let catalog = try await interactor.obtainCatalog().catalog
        XCTAssertEqual(catalog.products.count, 3)
        let favorites = try await interactor.obtainFavoriteIDs()
        XCTAssertEqual(favorites, [2])
        let url = try XCTUnwrap(Check24Fixtures.yellowTriangle.imageURL)
        _ = try await interactor.obtainImage(at: url)
        XCTAssertEqual(images.requestedURLs, [url])
    }

    /// The spec's "every third request fails", through the demo's real request path: only product-list
    /// requests count, so pictures and the legal page never fail and never shift the count.
    func testEveryThirdCatalogRequestFailsWhilePicturesAndPagesNeverDo() async throws {
        let directory = try XCTUnwrap(Check24OverviewModule.demoDataDirectory)
        let client = HTTPClient(transport: Check24OverviewModule.faultInjecting(Check24OverviewModule.demoTransport(directory: directory), failEvery: 3))
        let service = HTTPCheck24Service(client: client, baseURL: Check24OverviewModule.originalBaseURL)
        let interactor = Check24OverviewInteractor(
            catalog: service, favorites: InMemoryFavoritesService(),
            images: ClientImageService(client: client))
        let pages = HTTPWebPageLoader(client: client)
        var outcomes: [Bool] = []
        for _ in 1...6 {
            do {
                let catalog = try await interactor.obtainCatalog().catalog
                _ = try await interactor.obtainImage(at: try XCTUnwrap(catalog.products.first?.imageURL))
                _ = try await pages.fetchPage(at: Check24OverviewModule.originalLegalPageURL)
                outcomes.append(true)
            } catch let error as Check24Error {
                XCTAssertEqual(error, .catalogUnavailable(.request(.status(code: 503))),
                               "an injected failure is a 503 of the catalog")
                outcomes.append(false)
            }
        }
        XCTAssertEqual(outcomes, [true, true, false, true, true, false])
    }

    /// The interactors hand the presenters the feature's own error: the cause as a case, never a transport's type.
    func testFailuresBecomeTheFeaturesOwnErrors() async throws {
        let interactor = Check24OverviewInteractor(
            catalog: FakeCheck24CatalogService([.failure(HTTPError.timeout(seconds: 5))]), favorites: InMemoryFavoritesService(failReads: true),
            images: FakeImageLoader())
        do throws(Check24Error) { _ = try await interactor.obtainCatalog(); XCTFail("no catalog expected") } catch {
            XCTAssertEqual(error, .catalogUnavailable(.request(.timeout(seconds: 5))))
            XCTAssertEqual(Check24Texts.reason(.request(.timeout(seconds: 5))), "Der Server hat nicht innerhalb von 5 s geantwortet.",
                           "the feature's words, in German")
        }
        do throws(Check24Error) { _ = try await interactor.obtainFavoriteIDs(); XCTFail("no favorites expected") } catch {
            XCTAssertEqual(error, .favoritesUnreadable(.storageDamaged(path: "favorites.sqlite")))
        }
        let detail = Check24DetailInteractor(favorites: InMemoryFavoritesService(failWrites: true), images: FakeImageLoader())
        do throws(Check24Error) { _ = try await detail.performSetFavorite(true, productID: 1); XCTFail("no save expected") } catch {
            XCTAssertEqual(error, .favoriteNotSaved(.storageBusy))
        }
    }

    func testNeverFailsWithZero() async throws {
        let directory = try XCTUnwrap(Check24OverviewModule.demoDataDirectory)
        let client = HTTPClient(transport: Check24OverviewModule.faultInjecting(Check24OverviewModule.demoTransport(directory: directory), failEvery: 0))
        let interactor = Check24OverviewInteractor(catalog: HTTPCheck24Service(client: client, baseURL: Check24OverviewModule.originalBaseURL),
                                                   favorites: InMemoryFavoritesService(), images: FakeImageLoader())
        for _ in 1...6 { _ = try await interactor.obtainCatalog() }
    }

    func testDetailInteractorReadsAndSavesTheFavoriteState() async throws {
        let favorites = InMemoryFavoritesService([1])
        let interactor = Check24DetailInteractor(favorites: favorites, images: FakeImageLoader())
        let isFavorite = try await interactor.obtainIsFavorite(productID: 1)
        XCTAssertTrue(isFavorite)
        let saved = try await interactor.performSetFavorite(false, productID: 1)
        XCTAssertFalse(saved)
        XCTAssertEqual(favorites.current, [])
    }
}

/// Pictures through the same client (so the demo transport's counting is exercised end to end).
private struct ClientImageService: ImageLoading {
    let client: HTTPClient
    func image(for url: URL) async throws -> ImageKit.RGBImage {
        let data = try await client.data(.get(url))
        return try ImageKit.ImageDecoder.decode(data)
    }
}
