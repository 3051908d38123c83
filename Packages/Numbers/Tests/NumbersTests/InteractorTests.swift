import Foundation
import HTTPClient
import ImageKitTesting
import NumbersTesting
import XCTest
@testable import Numbers

final class InteractorTests: XCTestCase {
    func testAnUnreachableServerIsNoConnectionBeforeTheListIsAskedFor() async {
        let service = FakeNumbersService(connectivity: .unreachable(endpoint: "dev.tapptic.com"))
        let interactor = NumbersListInteractor(service: service, images: FakeImageLoader())
        do throws(NumbersError) {
            _ = try await interactor.obtainCatalog(checkingConnectivity: true)
            XCTFail("expected no connection")
        } catch {
            XCTAssertEqual(error, .noConnection(endpoint: "dev.tapptic.com"))
        }
        XCTAssertEqual(service.catalogRequests, 0)
    }

    func testTransportErrorsBecomeTheFeaturesErrors() async {
        let offline = NumbersListInteractor(service: FakeNumbersService(catalogs: [.failure(HTTPError.offline("127.0.0.1:9"))]), images: FakeImageLoader())
        do throws(NumbersError) { _ = try await offline.obtainCatalog(checkingConnectivity: false); XCTFail() } catch {
            XCTAssertEqual(error, .noConnection(endpoint: "127.0.0.1:9"))
        }
        let slow = NumbersListInteractor(service: FakeNumbersService(catalogs: [.failure(HTTPError.timeout(seconds: 15))]), images: FakeImageLoader())
        do throws(NumbersError) { _ = try await slow.obtainCatalog(checkingConnectivity: false); XCTFail() } catch {
            XCTAssertEqual(error, .listUnavailable(.timeout(seconds: 15)))
        }
        let detail = NumberDetailInteractor(service: FakeNumbersService(details: ["1": .failure(HTTPError.status(code: 500, body: nil))]),
                                            images: FakeImageLoader())
        do throws(NumbersError) { _ = try await detail.obtainDetail(name: "1"); XCTFail() } catch {
            XCTAssertEqual(error, .detailUnavailable(.status(code: 500)))
        }
    }

    /// No connection at all, but a list kept from an earlier answer: that list, saying since when.
    func testAKeptListStandsInForAServerThatCannotBeReached() async throws {
        let kept = Fetched(NumbersFixtures.catalog(), storedAt: Date(timeIntervalSince1970: 5))
        let list = NumbersListInteractor(service: FakeNumbersService(connectivity: .unreachable(endpoint: "127.0.0.1:9"), kept: kept),
                                         images: FakeImageLoader())
        let obtained = try await list.obtainCatalog(checkingConnectivity: true)
        XCTAssertEqual(obtained.catalog.items.count, 4)
        XCTAssertEqual(obtained.storedAt, Date(timeIntervalSince1970: 5))
    }

    func testTheListAndADetailByName() async throws {
        let service = FakeNumbersService()
        let list = NumbersListInteractor(service: service, images: FakeImageLoader())
        let catalog = try await list.obtainCatalog(checkingConnectivity: true).catalog
        XCTAssertEqual(catalog.items.count, 4)
        XCTAssertEqual(service.connectivityChecks, 1)
        let detail = NumberDetailInteractor(service: service, images: FakeImageLoader())
        let tenThousand = try await detail.obtainDetail(name: "10,000")
        XCTAssertEqual(tenThousand.detail.text, "Reading of 10,000")
        XCTAssertEqual(service.detailRequests, ["10,000"])
    }
}
