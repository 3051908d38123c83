import Foundation
import XCTest
@testable import ImageKit

/// PNGs read a row at a time (and area-averaged as they are read) give the very pixels libpng's
/// simplified API gives, for every colour type, bit depth, transparency and gamma a file can carry.
final class PNGRowsTests: XCTestCase {
    /// Every kind of PNG there is, 37 × 23 (odd, so no scale divides evenly).
    private static let kinds: [(name: String, file: PNGFile)] = {
        var kinds: [(String, PNGFile)] = []
        for depth in [1, 2, 4, 8, 16] { kinds.append(("grey \(depth)-bit", PNGFile(colorType: 0, bitDepth: depth))) }
        for depth in [1, 2, 4, 8] {
            kinds.append(("palette \(depth)-bit", PNGFile(colorType: 3, bitDepth: depth)))
            kinds.append(("palette \(depth)-bit, transparent entries", PNGFile(colorType: 3, bitDepth: depth, transparency: true)))
        }
        for depth in [8, 16] {
            kinds.append(("RGB \(depth)-bit", PNGFile(colorType: 2, bitDepth: depth)))
            kinds.append(("RGB \(depth)-bit, a transparent colour", PNGFile(colorType: 2, bitDepth: depth, transparency: true)))
            kinds.append(("grey \(depth)-bit, a transparent grey", PNGFile(colorType: 0, bitDepth: depth, transparency: true)))
            kinds.append(("grey and alpha \(depth)-bit", PNGFile(colorType: 4, bitDepth: depth)))
            kinds.append(("RGBA \(depth)-bit", PNGFile(colorType: 6, bitDepth: depth)))
        }
        kinds.append(("RGB, gAMA 1.0", PNGFile(colorType: 2, bitDepth: 8, gamma: 100_000)))
        kinds.append(("RGBA, gAMA 1/2.2", PNGFile(colorType: 6, bitDepth: 8, gamma: 45_455)))
        kinds.append(("RGBA 16-bit, gAMA 1/1.8", PNGFile(colorType: 6, bitDepth: 16, gamma: 55_556)))
        kinds.append(("grey 8-bit, sRGB chunk", PNGFile(colorType: 0, bitDepth: 8, sRGB: true)))
        return kinds
    }()

    func testEveryKindOfPNGReadByRowsEqualsTheSimplifiedAPI() throws {
        for (name, file) in Self.kinds {
            for background in [RGBPixel.white, RGBPixel(red: 20, green: 90, blue: 200)] {
                let data = file.encoded()
                let whole = try ImageDecoder.decodeWholePNG(data, background: background, limits: .standard)
                let rows = try XCTUnwrap(ImageDecoder.decodePNGRows(data, background: background, limits: .standard,
                                                                    fittingIn: (0, 0), cancellation: nil), name).get()
                XCTAssertEqual(rows.width, 37, name)
                XCTAssertEqual(rows.height, 23, name)
                XCTAssertEqual(rows.pixels, whole.pixels, "\(name) over \(background)")
            }
        }
    }

    func testRowsAreaAveragedAsTheyAreReadEqualDecodingWholeAndScaling() throws {
        for (name, file) in Self.kinds where file.bitDepth >= 8 {
            let data = file.encoded()
            let whole = try ImageDecoder.decodeWholePNG(data, background: .white, limits: .standard)
            for box in [(36, 36), (30, 30), (10, 10), (1, 1), (37, 5), (8, 23)] {
                let fitted = try ImageDecoder.decode(data, fittingIn: box)
                let expected = whole.scaled(toFit: box)
                XCTAssertEqual([fitted.width, fitted.height], [expected.width, expected.height], "\(name) in \(box)")
                XCTAssertEqual(fitted.pixels, expected.pixels, "\(name) in \(box)")
            }
            XCTAssertEqual(try ImageDecoder.decode(data, fittingIn: (40, 40)).pixels, whole.pixels, "\(name): a picture that fits is not scaled")
            XCTAssertEqual(try ImageDecoder.decode(data, fittingIn: (0, 0)).pixels, whole.pixels, "\(name): no box, full size")
        }
    }

    /// A JPEG is decoded at the DCT scale that covers the box, then area-averaged to fit it.
    func testAJPEGFittedToABoxIsItsDCTScaledDecodeScaledToFit() throws {
        let data = try Fixture.data("large-4000x3000.jpg")
        let covering = ImageDecoder.Limits(maximumSide: 65_535, maximumPixelCount: 4 * 1024 * 1024, targetSide: 400)
        let expected = try ImageDecoder.decode(data, limits: covering)
        XCTAssertEqual([expected.width, expected.height], [500, 375], "1/8 of 4000 × 3000 still covers 400")
        let fitted = try ImageDecoder.decode(data, fittingIn: (400, 200))
        XCTAssertEqual([fitted.width, fitted.height], [267, 200])
        XCTAssertEqual(fitted.pixels, expected.scaled(toFit: (400, 200)).pixels)
    }

    /// Adam7's rows only exist once every pass is read: such a file is decoded whole, then scaled.
    func testAnInterlacedPNGIsDecodedWholeToTheSamePixels() throws {
        let data = PNGFile(colorType: 2, bitDepth: 8, interlaced: true).encoded()
        XCTAssertNil(ImageDecoder.decodePNGRows(data, background: .white, limits: .standard, fittingIn: (10, 10), cancellation: nil))
        let whole = try ImageDecoder.decodeWholePNG(data, background: .white, limits: .standard)
        XCTAssertEqual(whole.pixels, try ImageDecoder.decodeWholePNG(PNGFile(colorType: 2, bitDepth: 8).encoded(),
                                                                     background: .white, limits: .standard).pixels,
                       "the interlaced file holds the same picture")
        XCTAssertEqual(try ImageDecoder.decode(data, fittingIn: (10, 10)).pixels, whole.scaled(toFit: (10, 10)).pixels)
    }

    func testAPNGCutShortInItsRowsIsBroken() throws {
        let data = PNGFile(colorType: 6, bitDepth: 8, width: 300, height: 200).encoded()
        // The IDAT's zlib stream ends early: libpng finds out a row at a time, on the way down.
        var cut = Data(data.prefix(data.count / 2))
        cut.append(PNGFile.chunk("IEND", []))
        for side in [0, 50] {
            XCTAssertThrowsError(try ImageDecoder.decode(cut, fittingIn: (side, side))) { error in
                guard case .broken = error as? ImageError else { return XCTFail("\(error)") }
            }
        }
        XCTAssertThrowsError(try ImageDecoder.decode(Data(data.prefix(40)), fittingIn: (50, 50))) { error in
            guard case .broken = error as? ImageError else { return XCTFail("\(error)") }
        }
    }

    func testDimensionsBeyondTheLimitsAreRefusedBeforeAnyRowIsRead() {
        let data = PNGFile(colorType: 2, bitDepth: 8, width: 300, height: 200).encoded()
        let fewPixels = ImageDecoder.Limits(maximumSide: 65_535, maximumPixelCount: 300 * 200 - 1)
        XCTAssertThrowsError(try ImageDecoder.decode(data, fittingIn: (10, 10), limits: fewPixels)) { error in
            XCTAssertEqual(error as? ImageError, .tooLarge(width: 300, height: 200))
        }
    }

    func testACancelledPNGDecodeStops() throws {
        let data = PNGFile(colorType: 2, bitDepth: 8, width: 300, height: 200).encoded()
        let cancellation = DecodeCancellation()
        cancellation.cancel()
        XCTAssertThrowsError(try ImageDecoder.decode(data, fittingIn: (50, 50), cancellation: cancellation)) { error in
            XCTAssertEqual(error as? ImageError, .unavailable(detail: "cancelled"))
        }
        XCTAssertEqual(try ImageDecoder.decode(data, fittingIn: (50, 50), cancellation: DecodeCancellation()).width, 50)
    }
}

/// A PNG written chunk by chunk, so a test can make every colour type, bit depth and ancillary
/// chunk the format allows (libpng's simplified writer makes only a few of them).
struct PNGFile {
    var colorType: Int
    var bitDepth: Int
    var width = 37
    var height = 23
    var transparency = false
    var gamma: Int?
    var sRGB = false
    var interlaced = false

    init(colorType: Int, bitDepth: Int, width: Int = 37, height: Int = 23, transparency: Bool = false,
         gamma: Int? = nil, sRGB: Bool = false, interlaced: Bool = false) {
        self.colorType = colorType
        self.bitDepth = bitDepth
        self.width = width
        self.height = height
        self.transparency = transparency
        self.gamma = gamma
        self.sRGB = sRGB
        self.interlaced = interlaced
    }

    private var samplesPerPixel: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colorType]! }
    private var maximumSample: Int { (1 << bitDepth) - 1 }

    /// A sample at (x, y, channel) that varies over the picture: gradients, a checker and alpha ramps.
    private func sample(_ x: Int, _ y: Int, _ channel: Int) -> Int {
        let mixed: Int = x * 7919 + y * 104_729 + channel * 31_337 + (x ^ y) * 613
        let value = mixed % (maximumSample + 1)
        return colorType == 3 ? value % min(maximumSample + 1, paletteSize) : value
    }

    private var paletteSize: Int { min(1 << bitDepth, 200) }

    func encoded() -> Data {
        var file = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        file.append(Self.chunk("IHDR", Self.be32(width) + Self.be32(height) + [UInt8(bitDepth), UInt8(colorType), 0, 0, interlaced ? 1 : 0]))
        if let gamma { file.append(Self.chunk("gAMA", Self.be32(gamma))) }
        if sRGB { file.append(Self.chunk("sRGB", [0])) }
        if colorType == 3 {
            let palette: [UInt8] = (0..<paletteSize).flatMap { (index: Int) -> [UInt8] in
                [UInt8(index * 37 % 256), UInt8(255 - index * 11 % 256), UInt8(index * 101 % 256)]
            }
            file.append(Self.chunk("PLTE", palette))
            if transparency { file.append(Self.chunk("tRNS", (0..<min(paletteSize, 9)).map { UInt8($0 * 30) })) }
        } else if transparency {
            // The colour (or grey) of pixel (1, 0) is made transparent wherever it appears.
            // tRNS holds each sample as two bytes whatever the bit depth.
            let key = (0..<(colorType == 2 ? 3 : 1)).flatMap { channel in Self.sampleBytes(sample(1, 0, channel), depth: 16) }
            file.append(Self.chunk("tRNS", key))
        }
        file.append(Self.chunk("IDAT", Deflate.compress(interlaced ? adam7Rows() : rows(of: Array(0..<width), lines: Array(0..<height)))!))
        file.append(Self.chunk("IEND", []))
        return file
    }

    /// Filter byte 0 and the packed samples of `lines`, each holding the pixels at `columns`.
    private func rows(of columns: [Int], lines: [Int]) -> [UInt8] {
        guard !columns.isEmpty else { return [] }
        var bytes: [UInt8] = []
        for y in lines {
            bytes.append(0)
            if bitDepth >= 8 {
                for x in columns { for channel in 0..<samplesPerPixel { bytes += Self.sampleBytes(sample(x, y, channel), depth: bitDepth) } }
            } else {
                var byte = 0, used = 0
                for x in columns {
                    byte = byte << bitDepth | sample(x, y, 0)
                    used += bitDepth
                    if used == 8 { bytes.append(UInt8(byte)); byte = 0; used = 0 }
                }
                if used > 0 { bytes.append(UInt8(byte << (8 - used))) }
            }
        }
        return bytes
    }

    /// The seven Adam7 passes, one after the other.
    private func adam7Rows() -> [UInt8] {
        let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
        return passes.flatMap { startX, startY, stepX, stepY in
            rows(of: Array(stride(from: startX, to: width, by: stepX)), lines: Array(stride(from: startY, to: height, by: stepY)))
        }
    }

    private static func sampleBytes(_ value: Int, depth: Int) -> [UInt8] {
        depth == 16 ? [UInt8(value >> 8), UInt8(value & 0xFF)] : [UInt8(value)]
    }

    private static func be32(_ value: Int) -> [UInt8] {
        [UInt8(value >> 24 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }

    static func chunk(_ type: String, _ body: [UInt8]) -> Data {
        let typed = Array(type.utf8) + body
        return Data(be32(body.count) + typed + be32(Int(crc32(typed))))
    }

    private static let crcTable: [UInt32] = (0..<256).map { index in
        var value = UInt32(index)
        for _ in 0..<8 { value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1 }
        return value
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        ~bytes.reduce(UInt32.max) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
    }
}
