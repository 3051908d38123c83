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

    /// A JPEG's segments: (marker, start, end) from the first marker after SOI to EOI.
    private func segments(_ data: [UInt8]) -> [(marker: UInt8, start: Int, end: Int)] {
        var result: [(UInt8, Int, Int)] = []
        var index = 2
        while index + 3 < data.count, data[index] == 0xFF {
            let marker = data[index + 1]
            if marker == 0xD9 { result.append((marker, index, index + 2)); break }
            let length = Int(data[index + 2]) << 8 | Int(data[index + 3])
            var end = index + 2 + length
            if marker == 0xDA { // entropy-coded data runs to the next marker that is no stuffing or restart
                while end + 1 < data.count, !(data[end] == 0xFF && data[end + 1] != 0 && !(0xD0...0xD7).contains(data[end + 1])) { end += 1 }
            }
            result.append((marker, index, end))
            index = end
        }
        return result
    }

    /// `data` with its last scan repeated `count` more times (libjpeg reads each again, over every block).
    private func repeatingTheLastScan(_ data: Data, _ count: Int) -> Data {
        let bytes = [UInt8](data)
        guard let scan = segments(bytes).last(where: { $0.marker == 0xDA }) else { return data }
        let repeated = Array(repeating: bytes[scan.start..<scan.end], count: count).flatMap { $0 }
        return Data(bytes[..<scan.end] + repeated + bytes[scan.end...])
    }

    /// `data` with the frame header saying `side` × `side` (the scans still hold the small picture).
    private func claiming(side: Int, _ data: Data) -> Data {
        var bytes = [UInt8](data)
        guard let frame = segments(bytes).first(where: { $0.marker == 0xC0 || $0.marker == 0xC2 }) else { return data }
        bytes[frame.start + 5] = UInt8(side >> 8); bytes[frame.start + 6] = UInt8(side & 0xFF)
        bytes[frame.start + 7] = UInt8(side >> 8); bytes[frame.start + 8] = UInt8(side & 0xFF)
        return Data(bytes)
    }

    /// A few kilobytes of progressive JPEG with 10,000 scans kept a core busy for 38 s: a decode stops
    /// after `maximumScans` (as libjpeg-turbo's `djpeg -maxscans` does).
    func testAProgressiveJPEGWithThousandsOfScansIsStopped() throws {
        let progressive = try Fixture.data("progressive-16x16.jpg")
        XCTAssertNoThrow(try ImageDecoder.decode(repeatingTheLastScan(progressive, 20)), "a few repeats are decoded")
        let hostile = repeatingTheLastScan(progressive, 10_000)
        XCTAssertEqual(decodingError(hostile), .broken(detail: "more than 100 scans"))
    }

    /// A progressive JPEG keeps all its coefficients, whatever scale it is decoded at (8000² took 418 MB):
    /// beyond the decoder's memory it is too large; a baseline one of the same size still decodes scaled.
    func testAProgressiveJPEGNeedingMoreThanTheDecoderMemoryIsTooLarge() throws {
        let progressive = claiming(side: 8000, try Fixture.data("progressive-16x16.jpg"))
        XCTAssertEqual(decodingError(progressive), .tooLarge(width: 8000, height: 8000))
        let small = ImageDecoder.Limits(maximumSide: 65_535, maximumPixelCount: 4 * 1024 * 1024, targetSide: 512, maximumDecoderBytes: 64 * 1024 * 1024)
        XCTAssertNoThrow(try ImageDecoder.decode(claiming(side: 2000, try Fixture.data("progressive-16x16.jpg")), limits: small).width,
                         "2000² needs about 24 MB of coefficients")
        let baseline = claiming(side: 8000, try Fixture.data("rgb-4x2.jpg"))
        do { _ = try ImageDecoder.decode(baseline) } catch {
            if case .tooLarge = error { XCTFail("a baseline JPEG needs no whole-picture buffer") }
        }
    }

    /// A decode nobody waits for any more stops at the decoder's next check.
    func testACancelledDecodeStops() throws {
        let cancellation = DecodeCancellation()
        cancellation.cancel()
        XCTAssertThrowsError(try ImageDecoder.decode(repeatingTheLastScan(try Fixture.data("progressive-16x16.jpg"), 50), cancellation: cancellation)) { error in
            XCTAssertEqual(error as? ImageError, .unavailable(detail: "cancelled"))
        }
        XCTAssertNoThrow(try ImageDecoder.decode(try Fixture.data("progressive-16x16.jpg"), cancellation: DecodeCancellation()))
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
