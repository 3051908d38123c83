import Foundation
import HTTPClient
import JSONKit
import XCTest
@testable import ProductGrid

final class EntityTests: XCTestCase {
    /// ../shared/fixtures/product-grid, found from this file's location.
    private var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../../shared/fixtures/product-grid").standardized
    }

    func testDecodesTheRealListPayload() throws {
        let file = fixtures.appendingPathComponent("cart-list.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("real fixtures not found at \(fixtures.path)")
        }
        let catalog = try LazyJSONDecoder().decode(ProductCatalog.self, from: Data(contentsOf: file))
        XCTAssertEqual(catalog.products.count, 12)
        XCTAssertEqual(catalog.skippedCount, 0)
        XCTAssertEqual(catalog.products[0], ProductSummary(
            id: "1", name: "Apples", priceInCents: 120,
            imageURL: URL(string: "https://s3-eu-west-1.amazonaws.com/developer-application-test/images/1.jpg")))
        XCTAssertEqual(catalog.products[5].id, "6_id_is_a_string")
        XCTAssertEqual(catalog.products[6].imageURL?.lastPathComponent, "chicken.jpg")
    }

    func testUnusableIDsAbsurdPricesAndBrokenTextAreSkippedWithReadableReasons() throws {
        var json = Data(#"{"products":[{"product_id":"1","name":"Kept","price":120},{"product_id":"..","name":"Up","price":1},{"product_id":".","name":"Here","price":1},{"product_id":"","name":"Empty","price":1},{"product_id":"5","name":"Negative","price":-100},{"product_id":"6","name":"Huge","price":1e308},{"product_id":"7","name":"Huger","price":1e400},{"product_id":"8","name":""#.utf8)
        json.append(contentsOf: [0xC3, 0x28]) // not UTF-8
        json.append(contentsOf: Data(#"","price":1}]}"#.utf8))
        let catalog = try LazyJSONDecoder().decode(ProductCatalog.self, from: json)
        XCTAssertEqual(catalog.products.map(\.name), ["Kept"])
        XCTAssertEqual(catalog.skippedReasons, [
            "#2: product_id is not usable as a product id", "#3: product_id is not usable as a product id",
            "#4: product_id is not usable as a product id", "#5: price is a number out of range",
            "#6: price is a number out of range", "#7: price is a number out of range", "#8: name is not valid UTF-8 text",
        ])
    }

    func testDecodesTheRealDetailPayload() throws {
        let file = fixtures.appendingPathComponent("cart-1-detail.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("real fixtures not found at \(fixtures.path)")
        }
        let detail = try LazyJSONDecoder().decode(ProductDetail.self, from: Data(contentsOf: file))
        XCTAssertEqual(detail.summary.name, "Apples")
        XCTAssertEqual(detail.summary.priceInCents, 120)
        XCTAssertEqual(detail.description, "An apple a day keeps the doctor away.")
    }

    func testBundledDemoCatalogIsInTheRealSchemaAndEveryDetailExists() throws {
        let directory = try XCTUnwrap(ProductGridModule.demoDataDirectory)
        let catalog = try LazyJSONDecoder().decode(ProductCatalog.self, from: Data(contentsOf: directory.appendingPathComponent("cart/list")))
        XCTAssertGreaterThanOrEqual(catalog.products.count, 12)
        XCTAssertEqual(catalog.skippedCount, 0)
        for product in catalog.products {
            let detail = try LazyJSONDecoder().decode(
                ProductDetail.self, from: Data(contentsOf: directory.appendingPathComponent("cart/\(product.id)/detail")))
            XCTAssertEqual(detail.summary, product)
            XCTAssertFalse(detail.description.isEmpty)
            let image = try XCTUnwrap(product.imageURL)
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("images/\(image.lastPathComponent)").path),
                          "missing demo image \(image.lastPathComponent)")
        }
    }

    func testOneMalformedProductIsSkippedAndCountedNotFatal() throws {
        let json = """
        {"products":[{"product_id":"1","name":"A","price":1,"image":"http://x/1.jpg"},
                     {"product_id":"2","name":"B","price":"not a number"},
                     {"product_id":3,"name":"C","price":3}]}
        """
        let catalog = try LazyJSONDecoder().decode(ProductCatalog.self, from: Data(json.utf8))
        XCTAssertEqual(catalog.products.map(\.id), ["1", "3"], "numeric ids are accepted as text")
        XCTAssertEqual(catalog.skippedCount, 1)
        XCTAssertNil(catalog.products[1].imageURL)
    }

    func testMissingProductsKeyIsAnError() {
        XCTAssertThrowsError(try LazyJSONDecoder().decode(ProductCatalog.self, from: Data(#"{"items":[]}"#.utf8)))
    }
}
