import Foundation
import HTTPClient
import JSONKit
import XCTest
@testable import Numbers

final class EntityTests: XCTestCase {
    private func sharedFixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../../shared/fixtures/numbers/\(name)").standardizedFileURL
        guard FileManager.default.fileExists(atPath: url.path) else { throw XCTSkip("../shared/fixtures is absent: \(url.path)") }
        return try Data(contentsOf: url)
    }

    func testTheRealListHas52NamesSomeWithCommas() throws {
        let catalog = try LazyJSONDecoder().decode(NumbersCatalog.self, from: try sharedFixture("json.reconstructed.json"))
        XCTAssertEqual(catalog.items.count, 52)
        XCTAssertEqual(catalog.items.first?.name, "1")
        XCTAssertTrue(catalog.items.contains { $0.name == "100,000,000" })
        XCTAssertEqual(catalog.items.first?.imageURL?.absoluteString, "http://inu.tapptic.com/test/image.php?text=%E4%B8%80")
        XCTAssertEqual(catalog.skippedReasons, [])
    }

    func testTheRealDetailsDecode() throws {
        let detail = try LazyJSONDecoder().decode(NumberDetail.self, from: try sharedFixture("json-name-4.reconstructed.json"))
        XCTAssertEqual(detail, NumberDetail(name: "4", text: "Shi/ Yon",
                                            imageURL: URL(string: "http://inu.tapptic.com/test/image.php?text=%E5%9B%9B&size=60")))
    }

    /// Real answers may carry `name` as a number, and `text` or `image` may be missing or of another type.
    func testNumericNamesAndMissingFields() throws {
        let numeric = try LazyJSONDecoder().decode(NumberDetail.self, from: Data(#"{"name": 42, "text": 7, "image": ""}"#.utf8))
        XCTAssertEqual(numeric, NumberDetail(name: "42", text: nil, imageURL: nil))
        XCTAssertEqual(try LazyJSONDecoder().decode(NumberDetail.self, from: Data(#"{"name": 1e3}"#.utf8)).name, "1000")
        XCTAssertThrowsError(try LazyJSONDecoder().decode(NumberDetail.self, from: Data(#"{"text": "Ichi"}"#.utf8)))
        XCTAssertNil(try LazyJSONDecoder().decode(NumberItem.self, from: Data(#"{"name":"1","image":"javascript:alert(1)"}"#.utf8)).imageURL)
    }

    func testOneBadEntryIsSkippedAndNamedTheRestShow() throws {
        let json = #"[{"name":"1","image":"http://x/1.png"},{"image":"http://x/2.png"},{"name":null},{"name":"  "},{"name":"3"}, 5]"#
        let catalog = try LazyJSONDecoder().decode(NumbersCatalog.self, from: Data(json.utf8))
        XCTAssertEqual(catalog.items.map(\.name), ["1", "3"])
        XCTAssertEqual(catalog.skippedReasons.count, 4)
        XCTAssertTrue(catalog.skippedReasons[0].hasPrefix("#2: name"), catalog.skippedReasons[0])
        XCTAssertThrowsError(try LazyJSONDecoder().decode(NumbersCatalog.self, from: Data(#"{"name":"1"}"#.utf8)), "a list must be an array")
        XCTAssertEqual(try LazyJSONDecoder().decode(NumbersCatalog.self, from: Data("[]".utf8)).items, [])
    }

    /// The bundled demo is complete: 52 numbers, a detail for each (two with numeric names), a picture for each.
    func testTheBundledDemoIsComplete() throws {
        let directory = try XCTUnwrap(NumbersModule.demoDataDirectory)
        let catalog = try LazyJSONDecoder().decode(NumbersCatalog.self, from: Data(contentsOf: directory.appendingPathComponent("json.json")))
        XCTAssertEqual(catalog.items.count, 52)
        let transport = NumbersModule.demoTransport(directory: directory)
        for item in catalog.items {
            let url = try HTTPNumbersService.detailURL(base: NumbersModule.originalBaseURL, name: item.name)
            let detail = try LazyJSONDecoder().decode(NumberDetail.self, from: transport.response(to: .get(url)).body)
            XCTAssertEqual(detail.name, item.name)
            XCTAssertNotNil(detail.text)
            let picture = transport.response(to: .get(try XCTUnwrap(item.imageURL)))
            XCTAssertEqual(picture.statusCode, 200, item.name)
            XCTAssertEqual(picture.header("Content-Type"), "image/png")
        }
    }
}
