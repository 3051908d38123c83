import Foundation
@testable import ImageKit
import ImageKitTesting
import XCTest

/// Pictures a server may send to exhaust memory: decoded near the size a terminal shows, never at full size.
final class HostilePictureTests: XCTestCase {
    func testAnEnormousPNGIsRefusedBeforeItsPixelsAreAllocated() throws {
        // 62 KB on disk, 64 M pixels: the old 64 M pixel limit decoded it into 474 MB.
        XCTAssertEqual(decodingError(try Fixture.data("huge-8000x8000.png")), .tooLarge(width: 8000, height: 8000))
    }

    func testALargeJPEGIsDecodedWithDCTScalingNearTheShownSize() throws {
        let image = try ImageDecoder.decode(try Fixture.data("large-4000x3000.jpg"))
        // 1/4 scale is the smallest whose longer side still covers the 512-pixel target.
        XCTAssertEqual(image.width, 1000)
        XCTAssertEqual(image.height, 750)
        assertColor(image[500, 375], RGBPixel(red: 128, green: 128, blue: 128), tolerance: 3)
        // Without a target the same file is refused rather than decoded at 12 M pixels.
        let fullSize = ImageDecoder.Limits(maximumSide: 65_535, maximumPixelCount: 4 * 1024 * 1024)
        let scaledForLimit = try ImageDecoder.decode(try Fixture.data("large-4000x3000.jpg"), limits: fullSize)
        XCTAssertLessThanOrEqual(scaledForLimit.width * scaledForLimit.height, 4 * 1024 * 1024,
                                 "DCT scaling also brings a picture under the pixel cap")
    }

    func testTheRepositoryKeepsPicturesAtTheTargetSize() async throws {
        let url = URL(string: "https://pictures.example/large.jpg")!
        let images = ImageRepository(fetch: ImageFixtures.fetch(serving: [url: try Fixture.data("large-4000x3000.jpg")]),
                                     diskCacheDirectory: nil)
        let image = try await images.image(for: url)
        XCTAssertEqual(image.width, 512)
        XCTAssertEqual(image.height, 384)
        XCTAssertEqual(image.byteCount, 512 * 384 * 3, "what stays in memory is what a terminal can show")
    }

    func testAtMostTheAllowedNumberOfPicturesDecodeAtOnce() async throws {
        let data = try Fixture.data("large-4000x3000.jpg")
        let urls = (0..<8).map { URL(string: "https://pictures.example/\($0).jpg")! }
        let images = ImageRepository(fetch: { _ in data }, diskCacheDirectory: nil, maximumConcurrentDecodes: 2)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for url in urls { group.addTask { _ = try await images.image(for: url) } }
            try await group.waitForAll()
        }
        let peak = await images.peakConcurrentDecodes
        XCTAssertGreaterThanOrEqual(peak, 1)
        XCTAssertLessThanOrEqual(peak, 2)
    }

    func testALoadNobodyWaitsForAnyMoreIsCancelledFetchIncluded() async throws {
        let fetchCancelled = expectation(description: "the fetch saw the cancellation")
        let started = expectation(description: "the fetch started")
        let images = ImageRepository(fetch: { _ in
            started.fulfill()
            do {
                try await Task.sleep(for: .seconds(30))
            } catch {
                fetchCancelled.fulfill()
                throw error
            }
            return Data()
        }, diskCacheDirectory: nil)
        let waiter = Task { try await images.image(for: URL(string: "https://pictures.example/slow.jpg")!) }
        await fulfillment(of: [started], timeout: 5)
        waiter.cancel()
        await fulfillment(of: [fetchCancelled], timeout: 5)
        let result = await waiter.result
        XCTAssertThrowsError(try result.get())
    }
}
