import Foundation
import HTTPClient
import XCTest
@testable import Check24Overview

final class EntityTests: XCTestCase {
    /// ../shared/fixtures/check24, found from this file's location.
    private var fixtures: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../../shared/fixtures/check24").standardized
    }

    private func decode(_ json: String) throws -> Check24Catalog {
        try LazyJSONDecoder().decode(Check24Catalog.self, from: Data(json.utf8))
    }

    func testDecodesTheRealPayload() throws {
        let file = fixtures.appendingPathComponent("products-test.reconstructed.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw XCTSkip("real fixtures not found at \(fixtures.path)")
        }
        let catalog = try LazyJSONDecoder().decode(Check24Catalog.self, from: Data(contentsOf: file))
        XCTAssertEqual(catalog.header, Check24Header(title: "Check24 Shape Compararison", subtitle: "List of geometric products"))
        XCTAssertEqual(catalog.filters, ["Alle", "Verfügbar", "Vorgemerkt"])
        XCTAssertEqual(catalog.skipped, [])
        XCTAssertEqual(catalog.products.count, 2)
        XCTAssertEqual(catalog.products.flatMap(\.unreadableFields), [], "the real payload is complete")
        let triangle = catalog.products[0]
        XCTAssertEqual(triangle.id, 1)
        XCTAssertEqual(triangle.name, "Yellow Triangle")
        XCTAssertEqual(triangle.type, "Triangle")
        XCTAssertEqual(triangle.colorCode, "FFECB3")
        XCTAssertTrue(triangle.available)
        XCTAssertEqual(triangle.releaseDate, Date(timeIntervalSince1970: 1460629605))
        XCTAssertEqual(triangle.rating, 2.17)
        XCTAssertEqual(triangle.price, Check24Price(value: 225.91, currency: "EUR"))
        XCTAssertEqual(triangle.imageURL?.lastPathComponent, "08.png")
        XCTAssertTrue(triangle.longDescription.contains("\n\n"), "paragraph breaks are kept")
        XCTAssertFalse(catalog.products[1].available)
    }

    func testBundledDemoIsInTheRealSchemaWithEveryPictureAndPage() throws {
        let directory = try XCTUnwrap(Check24OverviewModule.demoDataDirectory)
        let catalog = try LazyJSONDecoder().decode(Check24Catalog.self, from: Data(contentsOf: directory.appendingPathComponent("products-test.json")))
        XCTAssertEqual(catalog.skipped, [])
        XCTAssertGreaterThanOrEqual(catalog.products.count, 8)
        XCTAssertEqual(Set(catalog.products.map(\.type)), ["Circle", "Hexagon", "Square", "Triangle"])
        XCTAssertEqual(Set(catalog.products.map(\.color)), ["Blue", "Green", "Red", "Yellow"])
        XCTAssertTrue(catalog.products.contains { !$0.available } && catalog.products.contains(where: \.available))
        for product in catalog.products {
            let url = try XCTUnwrap(product.imageURL)
            XCTAssertEqual(url.host, "app.check24.de")
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent(url.path).path), url.path)
        }
        for page in ["rechtliche-hinweise", "datenschutz"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("pages/\(page).html").path))
        }
    }

    func testColorCodeCaseVariesAndIsNormalized() throws {
        let catalog = try decode(#"{"header":{},"products":[{"id":1,"name":"A","price":{"value":1,"currency":"EUR"},"colorCode":"ffecb3"},{"id":2,"name":"B","price":{"value":1,"currency":"EUR"},"colorCode":"nothex"}]}"#)
        XCTAssertEqual(catalog.products.map(\.colorCode), ["FFECB3", nil])
    }

    func testAProductWithoutRequiredFieldsIsSkippedAndSaysWhy() throws {
        let catalog = try decode("""
        {"header":{"headerTitle":"T","headerDescription":"S"},"filters":["Alle","Verfügbar","Vorgemerkt"],"products":[
          {"id":1,"name":"Kept","price":{"value":2.5,"currency":"EUR"}},
          {"id":2,"price":{"value":1,"currency":"EUR"}},
          {"id":3,"name":"No price"},
          42,
          {"id":"x","name":"Bad id","price":{"value":1,"currency":"EUR"}},
          {"id":1,"name":"Twice","price":{"value":1,"currency":"EUR"}},
          {"id":"7","name":"String id","price":{"value":1,"currency":"EUR"}}
        ]}
        """)
        XCTAssertEqual(catalog.products.map(\.name), ["Kept", "String id"])
        XCTAssertEqual(catalog.skipped.map(\.index), [1, 2, 3, 4, 5])
        XCTAssertEqual(catalog.skipped.map(\.reason), [.missing(field: "name"), .missing(field: "price"), .notAProduct,
                                                        .missing(field: "id"), .duplicateID(1)])
    }

    func testAbsurdValuesAndBrokenTextAreUnreadableFieldsNeverInternalErrorNames() throws {
        var json = Data(#"{"header":{"headerTitle":"T"},"products":[{"id":1,"name":"Kept","price":{"value":2.5}},{"id":2,"name":"Huge","price":{"value":1e308}},{"id":3,"name":"Negative","price":{"value":-1}},{"id":4,"name":"Huger","price":{"value":1e400}},{"id":5,"name":"Far future","price":{"value":1},"releaseDate":15927000000000,"rating":99},{"id":6,"name":""#.utf8)
        json.append(contentsOf: [0xC3, 0x28]) // not UTF-8
        json.append(contentsOf: Data(#"","price":{"value":1}}]}"#.utf8))
        let catalog = try LazyJSONDecoder().decode(Check24Catalog.self, from: json)
        XCTAssertEqual(catalog.products.map(\.name), ["Kept", "Far future"])
        XCTAssertEqual(catalog.skipped.map(\.reason), [.outOfRange(field: "price"),
                                                        .outOfRange(field: "price"),
                                                        .outOfRange(field: "price"),
                                                        .invalidText(field: "name")])
        let future = catalog.products[1]
        XCTAssertNil(future.releaseDate, "year 506713 is no release date")
        XCTAssertEqual(future.rating, 0)
        XCTAssertTrue(future.unreadableFields.contains("releaseDate") && future.unreadableFields.contains("rating"), "\(future.unreadableFields)")
    }

    func testMissingOrWrongOptionalFieldsDegradeInsteadOfSinkingTheProduct() throws {
        let catalog = try decode(#"{"header":{"headerTitle":"T"},"products":[{"id":5,"name":"Odd","price":{"value":3},"rating":"high","available":"yes","releaseDate":"soon","imageURL":"","extra":{"x":1}}]}"#)
        let product = try XCTUnwrap(catalog.products.first)
        XCTAssertEqual(product.rating, 0)
        XCTAssertFalse(product.available)
        XCTAssertNil(product.releaseDate)
        XCTAssertNil(product.imageURL)
        XCTAssertEqual(product.price.currency, "EUR")
        XCTAssertEqual(catalog.header.subtitle, "")
        XCTAssertEqual(catalog.filters, Check24Catalog.defaultFilters, "missing filters fall back to the spec's labels")
        XCTAssertEqual(product.unreadableFields, ["type", "color", "colorCode", "available", "releaseDate", "description", "longDescription", "rating"],
                       "degraded fields are named (an empty imageURL is simply no picture)")
    }

    func testAPayloadWithoutAProductListIsAnError() {
        XCTAssertThrowsError(try decode(#"{"header":{}}"#))
        XCTAssertThrowsError(try decode("[1,2]"))
    }

    func testFilters() {
        let available = Check24Product(id: 1, name: "A", available: true, price: .init(value: 1, currency: "EUR"))
        let unavailable = Check24Product(id: 2, name: "B", available: false, price: .init(value: 1, currency: "EUR"))
        XCTAssertTrue(ProductFilter.all.includes(unavailable, favorites: []))
        XCTAssertTrue(ProductFilter.available.includes(available, favorites: []))
        XCTAssertFalse(ProductFilter.available.includes(unavailable, favorites: []))
        XCTAssertTrue(ProductFilter.favorites.includes(unavailable, favorites: [2]))
        XCTAssertFalse(ProductFilter.favorites.includes(available, favorites: [2]))
    }

    func testTheFilteredCatalogListsEachFilterInCatalogOrderWithoutCopies() {
        let products = (1...7).map { Check24Product(id: $0 * 10, name: "P\($0)", available: $0 % 2 == 1, price: .init(value: 1, currency: "EUR")) }
        let catalog = Check24FilteredCatalog(products: products)
        XCTAssertEqual(catalog.products(for: .all, favorites: []).map(\.id), [10, 20, 30, 40, 50, 60, 70])
        XCTAssertEqual(catalog.products(for: .available, favorites: []).map(\.id), [10, 30, 50, 70])
        XCTAssertEqual(catalog.products(for: .favorites, favorites: [60, 20, 999, 50]).map(\.id), [20, 50, 60], "unknown ids are left out")
        XCTAssertEqual(catalog.products(for: .available, favorites: []).count, 4)
        XCTAssertEqual(catalog.products(for: .available, favorites: [])[3].name, "P7")
    }

    func testThePictureAddressIsParsedWhenAsked() throws {
        let product = try decode(#"{"products":[{"id":1,"name":"A","price":{"value":1},"imageURL":"http://x.test/a b.png"},"#
                                 + #"{"id":2,"name":"B","price":{"value":1},"imageURL":""}]}"#).products
        XCTAssertEqual(product[0].imageAddress, "http://x.test/a b.png")
        XCTAssertEqual(product[0].imageURL?.host, "x.test")
        XCTAssertNil(product[1].imageURL, "an empty address is no picture")
    }
}
