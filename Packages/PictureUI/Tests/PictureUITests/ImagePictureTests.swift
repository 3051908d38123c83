import ImageKit
import PictureUI
import TerminalUI
import XCTest

/// Decoded images as pictures in the terminal's own pixels: fitted and centred into a box of pixels
/// with a transparent margin, as RGBA and as a PNG that decodes to the same pixels.
final class ImagePictureTests: XCTestCase {
    private let red = RGBPixel(red: 200, green: 10, blue: 20)

    func testAWidePictureIsFittedAndCentredWithATransparentMargin() {
        let picture = ImagePicture(RGBImage(width: 4, height: 2, filledWith: red))
        let rgba = picture.rgba(fittingIn: PixelSize(width: 4, height: 4))
        XCTAssertEqual(rgba.count, 4 * 4 * 4)
        func pixel(_ x: Int, _ y: Int) -> [UInt8] { Array(rgba[((y * 4 + x) * 4)..<((y * 4 + x) * 4 + 4)]) }
        XCTAssertEqual(pixel(0, 0), [0, 0, 0, 0], "the margin above is transparent")
        XCTAssertEqual(pixel(0, 1), [200, 10, 20, 255])
        XCTAssertEqual(pixel(3, 2), [200, 10, 20, 255])
        XCTAssertEqual(pixel(3, 3), [0, 0, 0, 0], "and the margin below")
        XCTAssertEqual(ImagePicture(RGBImage(width: 0, height: 0, pixels: [])).rgba(fittingIn: PixelSize(width: 2, height: 1)),
                       [UInt8](repeating: 0, count: 8), "an empty picture is all margin")
    }

    func testThePNGDecodesToTheSamePixels() throws {
        var rows: [[RGBPixel]] = []
        for y in 0..<6 { rows.append((0..<6).map { x in RGBPixel(red: UInt8(x * 40), green: UInt8(y * 40), blue: 99) }) }
        let picture = ImagePicture(RGBImage(rows: rows))
        let png = try XCTUnwrap(picture.png(fittingIn: PixelSize(width: 6, height: 6)))
        XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
        let decoded = try ImageDecoder.decode(Data(png))
        XCTAssertEqual(decoded, RGBImage(rows: rows))
        XCTAssertNil(PNGEncoder.encode(rgba: [1, 2, 3], width: 1, height: 1), "a short buffer is refused")
        // Noise, which deflates worst: the file is written in one pass all the same, and reads back.
        var generator = SystemRandomNumberGenerator()
        let noise = (0..<(64 * 64)).map { _ in RGBPixel(red: .random(in: 0...255, using: &generator), green: .random(in: 0...255, using: &generator),
                                                         blue: .random(in: 0...255, using: &generator)) }
        let noisy = RGBImage(rows: (0..<64).map { Array(noise[($0 * 64)..<($0 * 64 + 64)]) })
        let noisyPNG = try XCTUnwrap(ImagePicture(noisy).png(fittingIn: PixelSize(width: 64, height: 64)))
        XCTAssertEqual(try ImageDecoder.decode(Data(noisyPNG)), noisy)
    }

    /// kitty's compressed transmission: the picture's pixels as a zlib stream that inflates back to them.
    func testThePixelsDeflateToAZlibStreamThatInflatesBack() throws {
        let picture = ImagePicture(RGBImage(width: 40, height: 40, filledWith: red))
        let rgba = picture.rgba(fittingIn: PixelSize(width: 40, height: 40))
        let stream = try XCTUnwrap(picture.deflated(rgba))
        XCTAssertEqual(stream.first, 0x78, "a zlib header (RFC 1950)")
        XCTAssertLessThan(stream.count, rgba.count / 20, "one colour compresses")
        XCTAssertEqual(Deflate.decompress(stream, expectedSize: rgba.count), rgba)
        XCTAssertNil(Deflate.decompress(Array(stream.dropLast(4)), expectedSize: rgba.count), "a cut stream is refused")
        XCTAssertNil(Deflate.decompress(stream, expectedSize: rgba.count + 1), "as is one of another size")
    }

    @MainActor
    func testAGraphicsTierPlacesTheLoadedPictureAndDrawsPlaceholdersAsText() async {
        let image = RGBImage(width: 8, height: 8, filledWith: red)
        var frame = Frame(size: Size(columns: 20, rows: 8))
        let box = Rect(column: 2, row: 1, columns: 6, rows: 3)
        ImageSlotView.draw(.loaded(image), into: &frame, rect: box, colorMode: .trueColor, tier: .kitty, tick: 0)
        XCTAssertEqual(frame.pictures.map(\.rect), [box])
        XCTAssertTrue(frame[2, 1].isPicture)
        XCTAssertTrue(frame.pictures.first?.source.identity === ImagePicture(image).identity, "copies of one image are one picture")

        var loading = Frame(size: Size(columns: 20, rows: 8))
        ImageSlotView.draw(.loading, into: &loading, rect: Rect(column: 0, row: 0, columns: 20, rows: 3), colorMode: .trueColor, tier: .sixel, tick: 0)
        XCTAssertEqual(loading.pictures, [])
        XCTAssertTrue(loading.text.contains("loading"))

        var plain = Frame(size: Size(columns: 20, rows: 8))
        ImageSlotView.draw(.loaded(image), into: &plain, rect: box, colorMode: .none, tier: .kitty, tick: 0)
        XCTAssertEqual(plain.pictures, [], "--plain and NO_COLOR draw the ramp, never a picture")
        XCTAssertFalse(plain.text.contains("\u{10EEEE}"))
    }
}
