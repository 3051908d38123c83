import Foundation
import XCTest
@testable import ImageKit
import ImageKitTesting

final class ImageDecoderTests: XCTestCase {
    func testSniffsFormatsByMagicBytes() {
        XCTAssertEqual(ImageFormat.sniff(Data([0xFF, 0xD8, 0xFF, 0xE0])), .jpeg)
        XCTAssertEqual(ImageFormat.sniff(Data([0x89, 0x50, 0x4E, 0x47, 0x0D])), .png)
        XCTAssertNil(ImageFormat.sniff(Data("GIF89a".utf8)))
        XCTAssertNil(ImageFormat.sniff(Data([0xFF, 0xD8])))
        XCTAssertNil(ImageFormat.sniff(Data()))
    }

    func testDecodesBaselineJPEGWithExactSizeAndColors() throws {
        let image = try ImageDecoder.decode(try Fixture.data("rgb-4x2.jpg"))
        XCTAssertEqual(image.width, 4)
        XCTAssertEqual(image.height, 2)
        XCTAssertEqual(image.pixels.count, 4 * 2 * 3)
        let expected: [[RGBPixel]] = [[.pureRed, .pureGreen, .pureBlue, .white], [.black, .gray, .yellow, .cyan]]
        for y in 0..<2 {
            for x in 0..<4 { assertColor(image[x, y], expected[y][x], tolerance: 12, "at \(x),\(y)") }
        }
    }

    func testDecodesGrayscaleJPEGToEqualChannels() throws {
        let image = try ImageDecoder.decode(try Fixture.data("gray-8x6.jpg"))
        XCTAssertEqual(image.width, 8)
        XCTAssertEqual(image.height, 6)
        for y in 0..<6 {
            for x in 0..<8 {
                let pixel = image[x, y]
                XCTAssertEqual(pixel.red, pixel.green)
                XCTAssertEqual(pixel.green, pixel.blue)
                assertColor(pixel, .grey(UInt8(32 * x)), tolerance: 6, "at \(x),\(y)")
            }
        }
    }

    func testDecodesProgressiveJPEG() throws {
        let image = try ImageDecoder.decode(try Fixture.data("progressive-16x16.jpg"))
        XCTAssertEqual(image.width, 16)
        XCTAssertEqual(image.height, 16)
        assertColor(image[3, 3], .pureRed, tolerance: 12)
        assertColor(image[12, 3], .pureGreen, tolerance: 12)
        assertColor(image[3, 12], .pureBlue, tolerance: 12)
        assertColor(image[12, 12], .yellow, tolerance: 12)
    }

    func testCompositesPNGAlphaOverWhiteByDefault() throws {
        let image = try ImageDecoder.decode(try Fixture.data("alpha-3x3.png"))
        XCTAssertEqual(image.width, 3)
        XCTAssertEqual(image.height, 3)
        for y in 0..<3 {
            XCTAssertEqual(image[0, y], .pureRed, "opaque stays as it is")
            XCTAssertEqual(image[1, y], .white, "fully transparent shows the background")
            // blue at alpha 128: 0·128/255 + 255·127/255 ≈ 127 for red and green, 255 for blue
            XCTAssertEqual(image[2, y], RGBPixel(red: 127, green: 127, blue: 255))
        }
    }

    func testCompositesPNGAlphaOverAGivenBackground() throws {
        let image = try ImageDecoder.decode(try Fixture.data("alpha-3x3.png"), background: .black)
        XCTAssertEqual(image[0, 0], .pureRed)
        XCTAssertEqual(image[1, 0], .black)
        XCTAssertEqual(image[2, 0], RGBPixel(red: 0, green: 0, blue: 128))
    }

    func testTruncatedJPEGIsBrokenAndSilent() throws {
        let data = try Fixture.data("truncated.jpg")
        var error: ImageError?
        let output = try capturedStandardOutputAndError { error = decodingError(data) }
        guard case .broken = error else { return XCTFail("expected .broken, got \(String(describing: error))") }
        XCTAssertEqual(error?.reason, "broken image")
        XCTAssertEqual(output, "", "libjpeg must not print warnings")
    }

    func testEveryTruncationOfAJPEGFailsWithoutCrashing() throws {
        let data = try Fixture.data("rgb-4x2.jpg")
        for length in stride(from: 3, to: data.count - 2, by: 7) {
            guard case .broken = decodingError(data.prefix(length)) else {
                return XCTFail("a JPEG cut to \(length) bytes must be broken")
            }
        }
    }

    func testGarbageIsNotAnImage() throws {
        let error = decodingError(try Fixture.data("garbage.bin"))
        XCTAssertEqual(error, .unsupportedFormat)
        XCTAssertEqual(error?.reason, "not an image")
        XCTAssertEqual(decodingError(Data()), .unsupportedFormat)
    }

    func testSignatureFollowedByJunkIsBroken() throws {
        let output = try capturedStandardOutputAndError {
            guard case .broken = decodingError(Data([0xFF, 0xD8, 0xFF, 0xE0, 1, 2, 3, 4, 5])) else {
                return XCTFail("JPEG signature + junk must be broken")
            }
            guard case .broken = decodingError(Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0])) else {
                return XCTFail("PNG signature + junk must be broken")
            }
        }
        XCTAssertEqual(output, "")
    }

    func testCorruptPNGBodyIsBroken() throws {
        var data = try Fixture.data("alpha-3x3.png")
        // Flip bytes inside the IDAT chunk: its CRC no longer matches.
        let start = data.startIndex + 45
        for index in start..<(start + 8) { data[index] ^= 0x5A }
        guard case .broken = decodingError(data) else { return XCTFail("a corrupt PNG must be broken") }
    }

    func testRefusesImagesBeyondTheLimits() throws {
        let small = ImageDecoder.Limits(maximumSide: 3, maximumPixelCount: 100)
        XCTAssertEqual(decodingError(try Fixture.data("rgb-4x2.jpg"), limits: small), .tooLarge(width: 4, height: 2))
        let fewPixels = ImageDecoder.Limits(maximumSide: 100, maximumPixelCount: 8)
        XCTAssertEqual(decodingError(try Fixture.data("alpha-3x3.png"), limits: fewPixels), .tooLarge(width: 3, height: 3))
        XCTAssertEqual(ImageError.tooLarge(width: 1, height: 1).reason, "too large")
    }

    func testRefusesAbsurdDimensionsInAJPEGHeaderBeforeAllocating() throws {
        var data = try Fixture.data("rgb-4x2.jpg")
        let bytes = [UInt8](data)
        // SOFn: FF C0…C2, length (2), precision (1), height (2), width (2).
        guard let marker = (0..<(bytes.count - 9)).first(where: { bytes[$0] == 0xFF && (0xC0...0xC2).contains(bytes[$0 + 1]) }) else {
            return XCTFail("no SOF marker in the fixture")
        }
        let side: [UInt8] = [0x4E, 0x20] // 20000
        data.replaceSubrange((marker + 5)..<(marker + 9), with: side + side)
        XCTAssertEqual(decodingError(data), .tooLarge(width: 20000, height: 20000))
    }

    func testRGBImageKeepsItsPixelCountInvariant() {
        XCTAssertEqual(RGBImage(width: 2, height: 1, pixels: [1, 2, 3]).pixels, [1, 2, 3, 0, 0, 0])
        XCTAssertEqual(RGBImage(width: 1, height: 1, pixels: [1, 2, 3, 4]).pixels, [1, 2, 3])
        XCTAssertTrue(RGBImage(width: -1, height: 5, pixels: [1]).isEmpty)
        XCTAssertEqual(RGBImage(width: 2, height: 2, filledWith: .pureRed)[1, 1], .pureRed)
    }
}
