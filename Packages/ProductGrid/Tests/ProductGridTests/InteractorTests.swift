import ImageKitTesting
import Foundation
import HTTPClient
import XCTest
import ProductGridTesting
@testable import ProductGrid

final class InteractorTests: XCTestCase {
    func testListInteractorPassesTheCatalogAndImagesThrough() async throws {
        let service = FakeProductService(catalog: [.success(ProductFixtures.catalog(count: 3))])
        let images = FakeImageLoader()
        let interactor = ProductListInteractor(products: service, images: images)
        let obtained = try await interactor.obtainCatalog()
        XCTAssertEqual(obtained.catalog.products.map(\.name), ["Product 1", "Product 2", "Product 3"])
        XCTAssertNil(obtained.storedAt, "fresh from the server")
        let kept = try await ProductListInteractor(products: FakeProductService(catalogStoredAt: Date(timeIntervalSince1970: 7)),
                                                   images: images).obtainCatalog()
        XCTAssertEqual(kept.storedAt, Date(timeIntervalSince1970: 7), "a kept copy says when it was current")
        let image = try await interactor.obtainImage(at: URL(string: "http://images.test/1.jpg")!)
        XCTAssertEqual(image.width, 2)
        XCTAssertEqual(service.catalogRequests, 1)
        XCTAssertEqual(images.requestedURLs.map(\.absoluteString), ["http://images.test/1.jpg"])
    }

    func testAServiceFailureBecomesTheFeaturesOwnError() async {
        let interactor = ProductListInteractor(products: FakeProductService(catalog: [.failure(HTTPError.offline("no route to host"))]), images: FakeImageLoader())
        do throws(ProductGridError) {
            _ = try await interactor.obtainCatalog()
            XCTFail("expected an error")
        } catch {
            XCTAssertEqual(error, .catalogUnavailable(.noConnection(endpoint: "no route to host")))
        }
    }

    func testDetailInteractorAsksForTheGivenID() async throws {
        let service = FakeProductService(details: [.success(ProductFixtures.detail(of: ProductFixtures.pork, description: "Slow roast."))])
        let interactor = ProductDetailInteractor(products: service, images: FakeImageLoader())
        let detail = try await interactor.obtainDetail(productID: "6_id_is_a_string")
        XCTAssertEqual(detail.description, "Slow roast.")
        XCTAssertEqual(service.detailRequests, ["6_id_is_a_string"])
    }

    func testADetailOfAnotherProductIsAnErrorNotShownAsIfItFit() async {
        let service = FakeProductService(details: [.success(ProductFixtures.detail(of: ProductFixtures.apples))])
        let interactor = ProductDetailInteractor(products: service, images: FakeImageLoader())
        do throws(ProductGridError) {
            _ = try await interactor.obtainDetail(productID: "6_id_is_a_string")
            XCTFail("a mismatched detail must fail")
        } catch {
            XCTAssertEqual(error, .detailOfAnotherProduct(asked: "6_id_is_a_string", answered: "1"))
            XCTAssertEqual(ProductGridTexts.message(for: error),
                           "The data from the server could not be read: the detail is of product “1”, not of “6_id_is_a_string”.")
        }
    }
}
