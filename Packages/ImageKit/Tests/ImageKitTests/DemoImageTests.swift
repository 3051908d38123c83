import Foundation
import ImageKit
import ImageKitTesting
import XCTest

/// Proves that the product-grid demo pictures (Scripts/dev/make-demo-images) and the shared
/// fixtures of ImageKitTesting are valid images for our decoder.
final class DemoImageTests: XCTestCase {
    private let demoImages = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent() // ImageKitTests
        .deletingLastPathComponent() // Tests
        .deletingLastPathComponent() // ImageKit
        .deletingLastPathComponent() // Packages
        .appendingPathComponent("ProductGrid/Sources/ProductGrid/Resources/Demo/images", isDirectory: true)

    func testEveryProductGridDemoImageDecodes() throws {
        let expected = ["1.jpg", "2.jpg", "3.jpg", "4.jpg", "5.jpg", "6.jpg", "chicken.jpg",
                        "8.jpg", "9.jpg", "10.jpg", "11.jpg", "12.jpg"]
        let present = try FileManager.default.contentsOfDirectory(atPath: demoImages.path)
        XCTAssertEqual(Set(present.filter { $0.hasSuffix(".jpg") }), Set(expected))
        for name in expected {
            let data = try Data(contentsOf: demoImages.appendingPathComponent(name))
            XCTAssertEqual(ImageFormat.sniff(data), .jpeg, name)
            XCTAssertLessThan(data.count, 8 * 1024, "\(name) should stay small")
            let image = try ImageDecoder.decode(data)
            XCTAssertEqual([image.width, image.height], [96, 96], name)
            // The corner is the light background every picture shares.
            let corner = image[0, 0]
            // Light (Rec. 601 luminance): the demo pictures stand on a white ground.
            XCTAssertGreaterThan((299 * Int(corner.red) + 587 * Int(corner.green) + 114 * Int(corner.blue)) / 1000, 200, name)
        }
    }

    func testSharedFixturesDecode() throws {
        XCTAssertEqual(try ImageDecoder.decode(ImageFixtures.tinyPNG), ImageFixtures.tinyImage)
        let jpeg = try ImageDecoder.decode(ImageFixtures.tinyJPEG)
        XCTAssertEqual([jpeg.width, jpeg.height], [2, 2])
        for y in 0..<2 {
            for x in 0..<2 { assertColor(jpeg[x, y], ImageFixtures.tinyImage[x, y], tolerance: 12) }
        }
        XCTAssertEqual(try Fixture.data("tiny.png"), ImageFixtures.tinyPNG, "the constant matches make-fixtures")
        XCTAssertThrowsError(try ImageDecoder.decode(ImageFixtures.notAnImage))
        XCTAssertThrowsError(try ImageDecoder.decode(ImageFixtures.brokenJPEG))
    }

    func testFetchServingReturnsKnownURLsAndThrowsForOthers() async throws {
        let known = URL(string: "https://example.com/a.png")!, unknown = URL(string: "https://example.com/b.png")!
        let fetch = ImageFixtures.fetch(serving: [known: ImageFixtures.tinyPNG])
        let data = try await fetch(known)
        XCTAssertEqual(data, ImageFixtures.tinyPNG)
        do {
            _ = try await fetch(unknown)
            XCTFail("expected MissingImage")
        } catch let error as ImageFixtures.MissingImage {
            XCTAssertEqual(error.url, unknown)
        }
    }
}
