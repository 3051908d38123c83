import Check24Overview
import Contacts
import ContactsCore
import Foundation
import HTTPClient
import Numbers
import ProductGrid
import ResourceDirectory
import TestSupport
import XCTest

/// The real payloads of every feature (`../shared/fixtures`), mutated byte by byte (seeded), through
/// the decoder and the entities the app uses: each either decodes or fails with a `DecodingError`
/// whose message the app can show; nothing traps, nothing hangs.
final class MutatedPayloadTests: XCTestCase {
    private let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../shared/fixtures").standardized

    /// Each fixture with the decoding the app applies to it.
    private var payloads: [(file: String, decode: @Sendable (Data) throws -> Void)] {
        // Through HTTPResponse.decode, as the services do: a failure is HTTPError.decoding with the app's words.
        let decoder = ResponseDecoder()
        return [
            ("check24/products-test.reconstructed.json", { _ = try decoder.decode(Check24Catalog.self, from: $0) }),
            ("product-grid/cart-list.json", { _ = try decoder.decode(ProductCatalog.self, from: $0) }),
            ("product-grid/cart-1-detail.json", { _ = try decoder.decode(ProductDetail.self, from: $0) }),
            ("numbers/json.reconstructed.json", { _ = try decoder.decode(NumbersCatalog.self, from: $0) }),
            ("numbers/json-name-4.reconstructed.json", { _ = try decoder.decode(NumberDetail.self, from: $0) }),
            ("resource-directory/categories.json", { _ = try decoder.decode(ResourceCategoryList.self, from: $0) }),
            ("resource-directory/restaurants.json", { _ = try decoder.decode(ResourceList.self, from: $0) }),
            ("contacts/contacts.json", { _ = try decoder.decode([ContactSummary].self, from: $0) }),
            ("contacts/contacts-1.json", { _ = try decoder.decode(Contact.self, from: $0) }),
        ]
    }

    func testMutatedRealPayloadsDecodeOrFailWithAReadableMessage() throws {
        guard FileManager.default.fileExists(atPath: fixtures.path) else { throw XCTSkip("no fixtures at \(fixtures.path)") }
        var generator = SeededGenerator(seed: 42)
        var decoded = 0, refused = 0
        let interesting = Array(#"{}[]",:0-9.eE\ntfu"#.utf8) + [0x00, 0x1B, 0xC3, 0xFF, 0x80]
        for payload in payloads {
            let original = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent(payload.file)))
            XCTAssertNoThrow(try payload.decode(Data(original)), "\(payload.file) as it is")
            for round in 0..<400 {
                var bytes = original
                for _ in 0..<Int.random(in: 1...4, using: &generator) where !bytes.isEmpty {
                    let position = Int.random(in: 0..<bytes.count, using: &generator)
                    switch Int.random(in: 0..<4, using: &generator) {
                    case 0: bytes.remove(at: position)
                    case 1: bytes.insert(interesting.randomElement(using: &generator)!, at: position)
                    case 2: bytes[position] = interesting.randomElement(using: &generator)!
                    default: bytes.removeSubrange(position..<min(bytes.count, position + Int.random(in: 1...64, using: &generator)))
                    }
                }
                do {
                    try payload.decode(Data(bytes))
                    decoded += 1
                } catch HTTPError.decoding(let detail) {
                    refused += 1
                    XCTAssertFalse(detail.isEmpty, "\(payload.file) round \(round)")
                    XCTAssertFalse(detail.contains("Swift.") || detail.contains("CodingKeys") || detail.contains("Index "),
                                   "\(payload.file) round \(round): no internal names: \(detail)")
                } catch {
                    XCTFail("\(payload.file) round \(round): not a decoding failure: \(error)")
                }
            }
        }
        XCTAssertGreaterThan(decoded, 100, "some mutations leave a readable payload (degraded fields, skipped entries)")
        XCTAssertGreaterThan(refused, 100, "most break it")
    }
}

/// Decodes a body as the services do, through ``HTTPResponse/decode(_:)``.
private struct ResponseDecoder: Sendable {
    func decode<T: Decodable>(_ type: T.Type, from body: Data) throws -> T {
        try HTTPResponse(statusCode: 200, body: body, url: URL(string: "http://127.0.0.1/")!).decode(type)
    }
}
