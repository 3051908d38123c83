import TerminalUI
import XCTest
@testable import PictureUI
import ImageKit
import ImageKitTesting

/// The quadrant tier: four pixels a cell, the glyph and two colours of least colour error.
final class QuadrantRenderingTests: XCTestCase {
    private func rgb(_ pixel: RGBPixel) -> Color { ImageRenderer.color(pixel) }

    /// One cell of four samples (top left, top right, bottom left, bottom right): a picture twice as
    /// tall as wide fills one cell's 2 × 2 samples exactly (each source row pair averages to itself).
    private func cell(_ topLeft: RGBPixel, _ topRight: RGBPixel, _ bottomLeft: RGBPixel, _ bottomRight: RGBPixel) -> Cell {
        let image = RGBImage(rows: [[topLeft, topRight], [topLeft, topRight], [bottomLeft, bottomRight], [bottomLeft, bottomRight]])
        let frame = ImageRenderer.render(image, in: Size(columns: 1, rows: 1), mode: .quadrants)
        return frame[0, 0]
    }

    func testEachSplitOfFourPixelsGetsItsGlyphAndTwoColours() {
        let red = RGBPixel.pureRed, blue = RGBPixel.pureBlue
        let cases: [(Cell, String, RGBPixel, RGBPixel)] = [
            (cell(red, blue, blue, blue), "▘", red, blue),
            (cell(blue, red, blue, blue), "▝", red, blue),
            (cell(red, red, blue, blue), "▀", red, blue),
            (cell(blue, blue, red, blue), "▖", red, blue),
            (cell(red, blue, red, blue), "▌", red, blue),
            (cell(blue, red, red, blue), "▞", red, blue),
            (cell(red, red, red, blue), "▛", red, blue),
            // The bottom right pixel is always the background's: its split is the complement's glyph.
            (cell(blue, blue, blue, red), "▛", blue, red),
            (cell(red, blue, blue, red), "▞", blue, red),
        ]
        for (index, (cell, glyph, ink, paper)) in cases.enumerated() {
            XCTAssertEqual(cell.grapheme, glyph, "case \(index)")
            XCTAssertEqual(cell.style.foreground, rgb(ink), "case \(index)")
            XCTAssertEqual(cell.style.background, rgb(paper), "case \(index)")
        }
        let flat = cell(.gray, .gray, .gray, .gray)
        XCTAssertEqual(flat.grapheme, "▀")
        XCTAssertEqual(flat.style.foreground, flat.style.background, "one colour, drawn as one")
    }

    func testThreeColoursSplitWhereTheErrorIsLeast() {
        // Two near-blacks against a white and a grey: the near-blacks are the ink, the others averaged.
        let dark = RGBPixel(red: 10, green: 10, blue: 10), darker = RGBPixel(red: 0, green: 0, blue: 0)
        let cell = cell(dark, .white, darker, .gray)
        XCTAssertEqual(cell.grapheme, "▌")
        XCTAssertEqual(cell.style.foreground, rgb(RGBPixel(red: 5, green: 5, blue: 5)))
        XCTAssertEqual(cell.style.background, rgb(RGBPixel(red: 192, green: 192, blue: 192)))
    }

    /// Detail across a cell, which half blocks average away, stays: one-sample stripes become ▌ in
    /// black and white, where half blocks show grey.
    func testStripesKeepTheirDetailWhereHalfBlocksGoGrey() {
        let stripe: [RGBPixel] = [.black, .white, .black, .white]
        let image = RGBImage(rows: Array(repeating: stripe, count: 4))
        let quadrants = ImageRenderer.render(image, in: Size(columns: 2, rows: 1), mode: .quadrants)
        XCTAssertEqual(quadrants.text, "▌▌")
        XCTAssertEqual(quadrants[0, 0].style.foreground, rgb(.black))
        XCTAssertEqual(quadrants[0, 0].style.background, rgb(.white))
        let halves = ImageRenderer.render(image, in: Size(columns: 2, rows: 1), mode: .halfBlocks)
        XCTAssertNotEqual(halves[0, 0].style.foreground, rgb(.black), "half blocks average the stripes")
    }

    func testFittedAndCenteredAsHalfBlocksAreWithAnOddLastRowOverTheBackground() {
        // A square picture in a 6 × 2 box: 4 × 2 cells (a cell is twice as tall as wide), centered.
        let image = RGBImage(width: 8, height: 8, filledWith: .pureRed)
        let frame = ImageRenderer.render(image, in: Size(columns: 6, rows: 2), mode: .quadrants)
        XCTAssertEqual(frame.text, " ▀▀▀▀\n ▀▀▀▀")
        XCTAssertEqual(frame.text, ImageRenderer.render(image, in: Size(columns: 6, rows: 2), mode: .halfBlocks).text,
                       "the same place as half blocks")
        // Three sample rows: the last cell row has only its top half.
        let short = ImageRenderer.render(RGBImage(width: 2, height: 3, filledWith: .pureBlue), in: Size(columns: 2, rows: 2), mode: .quadrants)
        let last = short.text.split(separator: "\n").last.map(String.init)
        XCTAssertEqual(last?.trimmingCharacters(in: .whitespaces), "▀▀")
        XCTAssertTrue(ImageRenderer.render(RGBImage(width: 0, height: 0, pixels: []), in: Size(columns: 3, rows: 3), mode: .quadrants)
            .text.allSatisfy { $0 == " " || $0 == "\n" })
    }

    /// Sextants: six samples a cell, two across and three down, with Unicode's sextant glyphs.
    func testSextantsSplitSixSamplesWithUnicodesGlyphs() {
        let red = RGBPixel.pureRed, blue = RGBPixel.pureBlue
        func sextant(_ samples: [RGBPixel]) -> Cell {
            // Three rows of two: a picture three half-cells tall fills one cell's six samples exactly.
            let rows = stride(from: 0, to: 6, by: 2).map { [samples[$0], samples[$0 + 1]] }
            let image = RGBImage(rows: rows.flatMap { [$0, $0] })
            return ImageRenderer.render(image, in: Size(columns: 1, rows: 1), mode: .sextants)[0, 0]
        }
        XCTAssertEqual(ImageRenderer.symbolCell([red, blue, blue, blue, blue, blue], glyphs: ImageRenderer.sextantGlyphs).grapheme,
                       "\u{1FB00}", "sextant 1: the top left")
        XCTAssertEqual(ImageRenderer.symbolCell([red, red, blue, blue, blue, blue], glyphs: ImageRenderer.sextantGlyphs).grapheme,
                       "\u{1FB02}", "sextant 12: the top row")
        XCTAssertEqual(ImageRenderer.symbolCell([red, blue, red, blue, red, blue], glyphs: ImageRenderer.sextantGlyphs).grapheme, "▌",
                       "the left column is ▌, which Unicode does not repeat")
        XCTAssertEqual(ImageRenderer.symbolCell([red, red, red, red, red, blue], glyphs: ImageRenderer.sextantGlyphs).grapheme,
                       "\u{1FB1D}", "sextant 12345: all but the bottom right")
        XCTAssertEqual(ImageRenderer.sextantGlyphs.count, 32)
        XCTAssertEqual(Set(ImageRenderer.sextantGlyphs).count, 32, "one glyph per split")
        let cell = sextant([blue, blue, red, red, blue, blue])
        XCTAssertEqual(cell.grapheme, "\u{1FB0B}", "sextant 34: the middle row")
        XCTAssertEqual(cell.style.foreground, rgb(red))
        XCTAssertEqual(cell.style.background, rgb(blue))
    }

    func testTheTierChoosesTheModeAndWithoutColoursEveryTierIsTheRamp() {
        XCTAssertEqual(ImageRenderMode(colorMode: .trueColor, tier: .quadrants), .quadrants)
        XCTAssertEqual(ImageRenderMode(colorMode: .trueColor, tier: .sextants), .sextants)
        XCTAssertEqual(ImageRenderMode(colorMode: .palette256, tier: .halfBlocks), .halfBlocks)
        XCTAssertEqual(ImageRenderMode(colorMode: .none, tier: .quadrants), .ascii)
        XCTAssertEqual(ImageRenderMode(colorMode: .trueColor, tier: .ascii), .ascii)
        XCTAssertNil(ImageRenderMode(colorMode: .trueColor, tier: .none))
    }

    @MainActor
    func testASlotDrawnWithNoPicturesLeavesItsBoxEmpty() async {
        var frame = Frame(size: Size(columns: 6, rows: 3))
        ImageSlotView.draw(.loaded(RGBImage(width: 4, height: 4, filledWith: .pureRed)), into: &frame,
                           rect: Rect(column: 0, row: 0, columns: 6, rows: 3), colorMode: .trueColor, tier: .none, tick: 0)
        XCTAssertTrue(frame.text.allSatisfy { $0 == " " || $0 == "\n" })
        // Nothing is fetched with no pictures: a slot that waits or failed is an empty box too.
        for slot in [ImageSlot.loading, .unavailable(reason: "image unavailable"), .none] {
            ImageSlotView.draw(slot, into: &frame, rect: Rect(column: 0, row: 0, columns: 6, rows: 3), colorMode: .trueColor, tier: .none, tick: 0)
            XCTAssertTrue(frame.text.allSatisfy { $0 == " " || $0 == "\n" }, "\(slot): \(frame.text)")
        }
        ImageSlotView.draw(.loaded(RGBImage(width: 4, height: 4, filledWith: .pureRed)), into: &frame,
                           rect: Rect(column: 0, row: 0, columns: 6, rows: 3), colorMode: .trueColor, tier: .quadrants, tick: 0)
        XCTAssertTrue(frame.text.contains("▀"))
    }
}
