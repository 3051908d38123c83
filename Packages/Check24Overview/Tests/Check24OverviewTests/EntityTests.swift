import Foundation
import HTTPClient
import JSONKit
import XCTest
@testable import Check24Overview
import TextSearch

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

    func testTheFilteredCatalogListsEachFilterInCatalogOrderWithoutCopies() throws {
        let products = (1...7).map { Check24Product(id: $0 * 10, name: "P\($0)", available: $0 % 2 == 1, price: .init(value: 1, currency: "EUR")) }
        let json = #"{"products":["# + (1...7).map { #"{"id":\#($0 * 10),"name":"P\#($0)","available":\#($0 % 2 == 1),"price":{"value":1}}"# }
            .joined(separator: ",") + "]}"
        // Products decoded already, and outlined by the app's decoder.
        for all in [Check24Products(products), try decode(json).products] {
            let catalog = Check24FilteredCatalog(products: all)
            func ids(_ filter: ProductFilter, favorites: Set<Int> = []) -> [Int] {
                (catalog.positions(for: filter, favorites: favorites) ?? Array(catalog.indices)).map { catalog[$0].id }
            }
            XCTAssertNil(catalog.positions(for: .all, favorites: []), "all of them, without a list of positions")
            XCTAssertEqual(ids(.all), [10, 20, 30, 40, 50, 60, 70])
            XCTAssertEqual(ids(.available), [10, 30, 50, 70])
            XCTAssertEqual(ids(.favorites, favorites: [60, 20, 999, 50]), [20, 50, 60], "unknown ids are left out")
            XCTAssertEqual(catalog.position(ofID: 70), 6)
            XCTAssertNil(catalog.position(ofID: 999))
        }
    }

    /// The app's decoder keeps each product as its place in the payload and an outline, and decodes
    /// it when shown: the products, their order, what is skipped and why, and what is incomplete are
    /// exactly those of decoding every product at once (Foundation's decoder cannot make references,
    /// so it takes the eager path), for the real payload, the demo and damaged catalogs.
    func testProductsDecodedWhenShownAreThoseDecodedAtOnce() throws {
        var payloads = [
            #"{"products":[{"id":5,"name":"Odd","price":{"value":3},"rating":"high","available":"yes","releaseDate":"soon","imageURL":"","extra":{"x":1}}]}"#,
            #"{"products":[{"id":1,"name":"A","price":{"value":1},"description":"caf\u00e9","longDescription":"\ud800"},"#
                + #"{"id":1,"name":"Twin","price":{"value":1}},{"name":"No id","price":{"value":1}},7,{"id":"3","name":"S","price":{"value":2},"#
                + ##""color":null,"type":5,"imageURL":"http://x.test/a.png","colorCode":"#abcdef"},{"id":4,"name":"P","price":{"value":-1}}]}"##,
        ]
        let file = fixtures.appendingPathComponent("products-test.reconstructed.json")
        if let real = try? String(contentsOf: file, encoding: .utf8) { payloads.append(real) }
        if let directory = Check24OverviewModule.demoDataDirectory {
            payloads.append(try String(contentsOf: directory.appendingPathComponent("products-test.json"), encoding: .utf8))
        }
        // Text that is not UTF-8 in an optional field of a product otherwise complete (incomplete) and
        // in a name (skipped).
        let complete = #""type":"T","color":"C","imageURL":"http://x.test/a.png","colorCode":"fff9c4","available":true,"#
            + #""releaseDate":1460629605,"longDescription":"L","rating":1,"price":{"value":1}"#
        let invalid = Data((#"{"products":[{"id":1,"name":"A","# + complete + #","description":""#).utf8) + Data([0xC3])
            + Data(#""},{"id":2,"name":""#.utf8) + Data([0xFF])
            + Data((#"","price":{"value":1}},{"id":3,"name":"C","description":"D","# + complete + "}]}").utf8)
        // Large enough to be outlined on every core (from 2,000 references on), with broken, duplicate
        // and incomplete products spread through it.
        let large = (0..<2_517).map { index in
            switch index % 97 {
            case 3: #"{"id":\#(index),"price":{"value":1}}"#
            case 50: #"{"id":\#(index - 1),"name":"Twin \#(index)","price":{"value":1}}"#
            case 77: #"{"id":\#(index),"name":"N\#(index)","price":{"value":1}}"#
            default: #"{"id":\#(index),"name":"N\#(index)","description":"D\#(index)","# + complete + "}"
            }
        }
        payloads.append(#"{"products":["# + large.joined(separator: ",") + "]}")
        for payload in payloads.map({ Data($0.utf8) }) + [invalid] {
            let lazy = try LazyJSONDecoder().decode(Check24Catalog.self, from: payload)
            let eager = try JSONDecoder().decode(Check24Catalog.self, from: payload)
            XCTAssertEqual(Array(lazy.products), Array(eager.products), String(decoding: payload, as: UTF8.self))
            XCTAssertEqual(lazy.skipped, eager.skipped)
            XCTAssertEqual(lazy.products.incompletePositions, eager.products.incompletePositions)
            XCTAssertEqual(lazy.products.indices.map(lazy.products.id(at:)), eager.products.map(\.id))
            XCTAssertEqual(lazy.products.indices.map(lazy.products.isAvailable(at:)), eager.products.map(\.available))
            // The `/` filter's texts, read from each product's JSON alone: the same as from the whole products.
            XCTAssertEqual(lazy.products.foldedSearchTexts(), Check24Products(Array(eager.products)).foldedSearchTexts())
        }
        let damaged = try LazyJSONDecoder().decode(Check24Catalog.self, from: invalid)
        XCTAssertEqual(damaged.products.map(\.id), [1, 3])
        XCTAssertEqual(damaged.products.incompletePositions, [0])
        XCTAssertEqual(damaged.products[0].unreadableFields, ["description"], "text that is not UTF-8 is unreadable")
        XCTAssertEqual(damaged.skipped, [SkippedProduct(index: 1, reason: .invalidText(field: "name"))])
    }

    /// More products than the decoded ones kept: each is decoded again when it comes back on screen.
    func testAProductDecodedAgainIsTheSame() throws {
        let count = RecentProducts.capacity * 2 + 7
        let json = #"{"products":["# + (0..<count).map { #"{"id":\#($0),"name":"P\#($0)","price":{"value":\#($0)}}"# }
            .joined(separator: ",") + "]}"
        let products = try decode(json).products
        for round in 0..<2 {
            for position in 0..<count {
                XCTAssertEqual(products[position].name, "P\(position)", "round \(round)")
                XCTAssertEqual(products[position].price.value, Double(position))
            }
        }
        XCTAssertEqual(products.reversed().first?.id, count - 1)
    }

    /// When full, the decoded products near the one asked for stay; far ones are decoded again.
    func testTheProductsKeptAreThoseAroundTheRowsShown() {
        let recent = RecentProducts()
        var decoded: [Int] = []
        func ask(_ position: Int) {
            _ = recent.product(at: position) {
                decoded.append(position)
                return Check24Product(id: position, name: "P\(position)", price: Check24Price(value: 1, currency: "EUR"))
            }
        }
        for position in 0...RecentProducts.capacity { ask(position) }  // one more than fits
        decoded = []
        for position in (RecentProducts.capacity - RecentProducts.keptWhenFull)...RecentProducts.capacity { ask(position) }
        XCTAssertEqual(decoded, [], "the rows around the last one asked for are kept")
        ask(0)
        XCTAssertEqual(decoded, [0], "a far one was let go and is decoded again")
    }

    func testThePictureAddressIsParsedWhenAsked() throws {
        let product = try decode(#"{"products":[{"id":1,"name":"A","price":{"value":1},"imageURL":"http://x.test/a b.png"},"#
                                 + #"{"id":2,"name":"B","price":{"value":1},"imageURL":""}]}"#).products
        XCTAssertEqual(product[0].imageAddress, "http://x.test/a b.png")
        XCTAssertEqual(product[0].imageURL?.host, "x.test")
        XCTAssertNil(product[1].imageURL, "an empty address is no picture")
    }
}
