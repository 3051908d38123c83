import Foundation
@testable import ImageKit
import TestSupport
import XCTest

/// Real JPEG and PNG files, truncated and mutated (seeded), and headers claiming huge or zero sizes:
/// each decodes to a picture within the limits or fails with an ImageError; nothing traps.
final class PictureFuzzTests: XCTestCase {
    func testTruncatedAndMutatedPicturesDecodeWithinTheLimitsOrFailCleanly() throws {
        var generator = SeededGenerator(seed: 9)
        var decoded = 0, refused = 0
        let limits = ImageDecoder.Limits.standard
        for name in ["tiny.jpg", "tiny.png", "rgb-4x2.jpg", "gray-8x6.jpg", "progressive-16x16.jpg", "alpha-3x3.png"] {
            let original = [UInt8](try Fixture.data(name))
            for _ in 0..<300 {
                var bytes = original
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &generator)))  // truncated
                case 1:
                    for _ in 0..<Int.random(in: 1...8, using: &generator) {
                        bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
                    }
                default:
                    // The header's size fields: the first bytes after the signature, set to large values.
                    for offset in 14..<min(bytes.count, 30) where Bool.random(using: &generator) { bytes[offset] = 0xFF }
                }
                do {
                    let image = try ImageDecoder.decode(Data(bytes), limits: limits)
                    decoded += 1
                    XCTAssertGreaterThan(image.width, 0)
                    XCTAssertLessThanOrEqual(image.width * image.height, limits.maximumPixelCount, name)
                } catch {
                    refused += 1
                    XCTAssertFalse(String(describing: error).isEmpty, name) // typed: always an ImageError
                }
            }
        }
        XCTAssertGreaterThan(refused, 100)
        XCTAssertGreaterThan(decoded, 10, "some mutations only change pixels")
    }

    func testAPNGHeaderClaimingZeroOrHugeSizesIsRefused() throws {
        let png = [UInt8](try Fixture.data("tiny.png"))
        for (width, height) in [(0, 0), (0, 5), (20_000, 20_000), (0x7FFF_FFFF, 1), (1, 0x7FFF_FFFF)] {
            var bytes = png
            // IHDR: width at 16, height at 20 (big-endian); the CRC is left wrong on purpose for some decoders.
            for (offset, value) in [(16, UInt32(width)), (20, UInt32(height))] {
                withUnsafeBytes(of: value.bigEndian) { for (index, byte) in $0.enumerated() { bytes[offset + index] = byte } }
            }
            XCTAssertThrowsError(try ImageDecoder.decode(Data(bytes)), "\(width)x\(height)") { error in
                XCTAssertTrue(error is ImageError, "\(error)")
            }
        }
    }
}
