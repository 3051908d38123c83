import TerminalUI
import XCTest
@testable import PictureUI
import ImageKit
import ImageKitTesting

final class ImageRendererTests: XCTestCase {
    private func rgb(_ pixel: RGBPixel) -> Color { ImageRenderer.color(pixel) }

    func testHalfBlocksShowTopPixelAsForegroundAndBottomAsBackground() {
        // 2 wide, 4 tall: exactly 2x2 cells.
        let image = RGBImage(rows: [[.pureRed, .pureGreen], [.pureBlue, .white], [.black, .yellow], [.cyan, .gray]])
        let frame = ImageRenderer.render(image, in: Size(columns: 2, rows: 2), mode: .halfBlocks)
        XCTAssertEqual(frame.size, Size(columns: 2, rows: 2))
        let expected: [(column: Int, row: Int, top: RGBPixel, bottom: RGBPixel)] = [
            (0, 0, .pureRed, .pureBlue), (1, 0, .pureGreen, .white), (0, 1, .black, .cyan), (1, 1, .yellow, .gray),
        ]
        for (column, row, top, bottom) in expected {
            let cell = frame[column, row]
            XCTAssertEqual(cell.grapheme, "▀")
            XCTAssertEqual(cell.width, 1)
            XCTAssertEqual(cell.style.foreground, rgb(top), "cell \(column),\(row)")
            XCTAssertEqual(cell.style.background, rgb(bottom), "cell \(column),\(row)")
        }
        XCTAssertEqual(frame.text, "▀▀\n▀▀")
    }

    func testColorsCarryTheNearestPaletteIndexAsFallback() {
        XCTAssertEqual(rgb(.pureRed), .rgb(255, 0, 0, fallback: 196))
        XCTAssertEqual(rgb(.white), .rgb(255, 255, 255, fallback: 231))
        XCTAssertEqual(rgb(.black), .rgb(0, 0, 0, fallback: 16))
        XCTAssertEqual(rgb(.gray), .rgb(128, 128, 128, fallback: 244), "greys use the grey ramp")
        // DESIGN.md: #D1C4E9 is nearest to the cube grey 188 (which is why the UI picks 189 by hand).
        XCTAssertEqual(RGB(0xD1, 0xC4, 0xE9).nearestPaletteIndex, 188)
    }

    func testImageIsFittedAndCenteredByWholeCells() {
        // A square image in a 10x3 box: 10x6 pixels available → 6x6 pixels = 6 columns x 3 rows, 2 columns margin.
        let image = RGBImage(width: 2, height: 2, filledWith: .pureRed)
        let frame = ImageRenderer.render(image, in: Size(columns: 10, rows: 3), mode: .halfBlocks)
        for row in 0..<3 {
            for column in 0..<10 {
                let cell = frame[column, row]
                if (2..<8).contains(column) {
                    XCTAssertEqual(cell.grapheme, "▀", "\(column),\(row)")
                    XCTAssertEqual(cell.style.foreground, rgb(.pureRed))
                    XCTAssertEqual(cell.style.background, rgb(.pureRed))
                } else {
                    XCTAssertEqual(cell, .blank(), "margin at \(column),\(row)")
                }
            }
        }

        // A wide image in a tall box: 4x8 pixels available → 4x2 pixels = one row of cells, centered vertically.
        let wide = RGBImage(width: 4, height: 2, filledWith: .pureBlue)
        let tallFrame = ImageRenderer.render(wide, in: Size(columns: 4, rows: 4), mode: .halfBlocks)
        XCTAssertEqual(tallFrame.text, "\n▀▀▀▀\n\n")
    }

    func testOddPixelHeightLeavesTheLastLowerHalfToTheTerminal() {
        let image = RGBImage(rows: [[.pureRed], [.pureGreen], [.pureBlue]])
        let frame = ImageRenderer.render(image, in: Size(columns: 1, rows: 2), mode: .halfBlocks)
        XCTAssertEqual(frame[0, 1].style.foreground, rgb(.pureBlue))
        XCTAssertEqual(frame[0, 1].style.background, .default)
    }

    func testASCIIUsesTheLuminanceRampDarkAsSpace() {
        // Ten greys, one per ramp step; two identical pixel rows, so each cell averages to that grey.
        let greys = (0..<10).map { RGBPixel.grey(UInt8(12 + 25 * $0)) }
        let image = RGBImage(rows: [greys, greys])
        let frame = ImageRenderer.render(image, in: Size(columns: 10, rows: 1), mode: .ascii)
        let line = (0..<10).map { frame[$0, 0].grapheme }.joined()
        XCTAssertEqual(line, " .:-=+*#%@")
        XCTAssertTrue((0..<10).allSatisfy { frame[$0, 0].style == .plain }, "ascii has no colors")
    }

    func testASCIIAveragesTheTwoPixelsOfACell() {
        let image = RGBImage(rows: [[.black, .white], [.white, .white]])
        let frame = ImageRenderer.render(image, in: Size(columns: 2, rows: 1), mode: .ascii)
        // black over white: average luminance 128 → "+" (index 5); white over white: "@"
        XCTAssertEqual(frame[0, 0].grapheme, "+")
        XCTAssertEqual(frame[1, 0].grapheme, "@")
    }

    func testLuminanceWeights() {
        XCTAssertEqual(ImageRenderer.luminance(.white), 255)
        XCTAssertEqual(ImageRenderer.luminance(.black), 0)
        XCTAssertEqual(ImageRenderer.luminance(.pureGreen), 150)
        XCTAssertEqual(ImageRenderer.luminance(.grey(77)), 77)
    }

    func testEmptyImageOrSizeGivesABlankFrame() {
        let image = RGBImage(width: 3, height: 3, filledWith: .pureRed)
        XCTAssertEqual(ImageRenderer.render(image, in: Size(columns: 0, rows: 5), mode: .halfBlocks).size,
                       Size(columns: 0, rows: 5))
        let blank = ImageRenderer.render(RGBImage(width: 0, height: 0, pixels: []), in: Size(columns: 3, rows: 2),
                                         mode: .halfBlocks)
        XCTAssertEqual(blank, Frame(size: Size(columns: 3, rows: 2)))
    }

    func testRenderingADecodedImageFillsTheBox() throws {
        let image = try ImageDecoder.decode(ImageFixtures.tinyJPEG)
        let frame = ImageRenderer.render(image, in: Size(columns: 8, rows: 4), mode: .halfBlocks)
        guard case .rgb(let red, _, _, _) = frame[0, 0].style.foreground else { return XCTFail("no color") }
        XCTAssertGreaterThan(red, 200)
        XCTAssertEqual(frame.text, String(repeating: "▀▀▀▀▀▀▀▀\n", count: 3) + "▀▀▀▀▀▀▀▀")
    }

    func testRenderModeFollowsTheColorMode() {
        XCTAssertEqual(ImageRenderMode(colorMode: .trueColor), .halfBlocks)
        XCTAssertEqual(ImageRenderMode(colorMode: .palette256), .halfBlocks)
        XCTAssertEqual(ImageRenderMode(colorMode: .none), .ascii)
    }
}

@MainActor
final class PictureRenderCacheTests: XCTestCase {
    func testAPictureIsScaledOncePerSizeAndTheCacheStaysBounded() async {
        let cache = PictureRenderCache(capacity: 2)
        let red = RGBImage(width: 40, height: 40, filledWith: RGBPixel(red: 255, green: 0, blue: 0))
        let blue = RGBImage(width: 40, height: 40, filledWith: RGBPixel(red: 0, green: 0, blue: 255))
        let size = Size(columns: 10, rows: 5)
        let first = cache.render(red, in: size, mode: .halfBlocks)
        XCTAssertEqual(first, ImageRenderer.render(red, in: size, mode: .halfBlocks), "the same frame as rendering")
        XCTAssertEqual(cache.render(red, in: size, mode: .halfBlocks), first)
        XCTAssertEqual(cache.count, 1, "a copy of the picture is the same picture")
        _ = cache.render(blue, in: size, mode: .halfBlocks)
        _ = cache.render(red, in: Size(columns: 6, rows: 3), mode: .halfBlocks)
        XCTAssertEqual(cache.count, 2, "bounded: the least recently drawn went")
        XCTAssertNotEqual(cache.render(blue, in: size, mode: .halfBlocks), first, "another picture is never served for this one")
    }
}
