import TerminalUI
import XCTest

/// A picture whose PNG is three known bytes, asked for at the size it was fitted into.
private final class KnownPicture: PictureSource, @unchecked Sendable {
    var asked: [PixelSize] = []
    var identity: AnyObject & Sendable { self }
    func rgba(fittingIn box: PixelSize) -> [UInt8] { [UInt8](repeating: 255, count: box.width * box.height * 4) }
    func png(fittingIn box: PixelSize) -> [UInt8]? {
        asked.append(box)
        return [1, 2, 3]
    }
    func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? { [1, 2, 3] }
}

/// `--svg`: a frame as a document, byte for byte: text runs in their theme's colours, backgrounds,
/// block elements and box drawing as rectangles, pictures as PNG images in their cells.
final class SVGFrameEncoderTests: XCTestCase {
    private let cell = PixelSize(width: 10, height: 20)

    func testAFrameIsItsTextBackgroundsBlocksLinesAndPicturesExactly() {
        var frame = Frame(size: Size(columns: 8, rows: 3))
        _ = frame.put("a<b", at: Point(column: 0, row: 0), style: Style(foreground: .red, bold: true))
        _ = frame.put("z", at: Point(column: 4, row: 0))
        _ = frame.put("ok", at: Point(column: 0, row: 1), style: Style(foreground: .rgb(1, 2, 3), background: .rgb(0xFF, 0xFF, 0)))
        _ = frame.put("▀", at: Point(column: 2, row: 1), style: Style(foreground: .rgb(9, 9, 9)))
        _ = frame.put("──│", at: Point(column: 0, row: 2), style: Style(foreground: .gray))
        let picture = KnownPicture()
        frame.place(picture, in: Rect(column: 5, row: 1, columns: 3, rows: 2))
        let svg = SVGFrameEncoder.encode(frame, theme: .dark, cell: cell, pictureDensity: 1)
        XCTAssertEqual(svg, """
            <svg xmlns="http://www.w3.org/2000/svg" width="80" height="60" viewBox="0 0 80 60" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="16" xml:space="preserve">
            <rect width="80" height="60" fill="#1e1e1e"/>
            <rect x="0" y="20" width="20" height="20" fill="#ffff00"/>
            <text x="0" y="15" textLength="30" lengthAdjust="spacingAndGlyphs" fill="\(Self.hex(ColorTheme.dark.resolve(Color.red)))" font-weight="bold">a&lt;b</text>
            <text x="40" y="15" textLength="10" lengthAdjust="spacingAndGlyphs" fill="#d4d4d4">z</text>
            <text x="0" y="35" textLength="20" lengthAdjust="spacingAndGlyphs" fill="#010203">ok</text>
            <rect x="20" y="20" width="10" height="10" fill="#090909"/>
            <rect x="0" y="49" width="20" height="1" fill="\(Self.hex(ColorTheme.dark.resolve(Color.gray)))"/>
            <rect x="24" y="40" width="1" height="20" fill="\(Self.hex(ColorTheme.dark.resolve(Color.gray)))"/>
            <svg x="50" y="20" width="30" height="40" viewBox="0 0 30 40"><image width="30" height="40" href="data:image/png;base64,AQID"/></svg>

            """ + "</svg>\n")
        XCTAssertEqual(picture.asked, [PixelSize(width: 30, height: 40)])
        XCTAssertEqual(SVGFrameEncoder.encode(frame, theme: .dark, cell: cell, pictureDensity: 1), svg, "the same frame, the same bytes")
    }

    func testPicturesAreMadeAtTheirDensityAndCutWhereTheFrameCutsThem() {
        var frame = Frame(size: Size(columns: 4, rows: 2))
        let picture = KnownPicture()
        // Two columns off the left edge: only the picture's right part shows.
        frame.place(picture, in: Rect(column: -2, row: 0, columns: 4, rows: 2))
        let svg = SVGFrameEncoder.encode(frame, cell: cell)
        XCTAssertEqual(picture.asked, [PixelSize(width: 20, height: 20)], "half the cells' pixels by default")
        XCTAssertTrue(svg.contains("<svg x=\"0\" y=\"0\" width=\"20\" height=\"40\" viewBox=\"20 0 20 40\"><image width=\"40\" height=\"40\""), svg)
    }

    func testTheThemeGivesTheDefaultColoursAndReverseSwapsThem() {
        var frame = Frame(size: Size(columns: 2, rows: 1))
        _ = frame.put("r", at: Point(column: 0, row: 0), style: Style(reverse: true))
        let light = SVGFrameEncoder.encode(frame, theme: .light, cell: cell)
        XCTAssertTrue(light.contains("<rect width=\"20\" height=\"20\" fill=\"#ffffff\"/>"), light)
        XCTAssertTrue(light.contains("<rect x=\"0\" y=\"0\" width=\"10\" height=\"20\" fill=\"#1e1e1e\"/>"), "the reversed cell's background: \(light)")
        XCTAssertTrue(light.contains("fill=\"#ffffff\">r</text>"), light)
    }

    func testNothingFromTheFrameCanEscapeTheDocument() {
        var frame = Frame(size: Size(columns: 12, rows: 1))
        _ = frame.put("\"&</svg>\u{1b}[31m", at: Point(column: 0, row: 0))
        let svg = SVGFrameEncoder.encode(frame, cell: cell)
        XCTAssertFalse(svg.contains("\u{1b}"), svg)
        XCTAssertEqual(svg.components(separatedBy: "</svg>").count, 2, "one closing tag: \(svg)")
        XCTAssertTrue(svg.contains("&quot;&amp;&lt;/svg&gt;"), svg)
        var odd = Frame(size: Size(columns: 3, rows: 1))
        _ = odd.put("a\u{FFFF}b", at: Point(column: 0, row: 0))
        XCTAssertFalse(SVGFrameEncoder.encode(odd, cell: cell).contains("\u{FFFF}"), "no character XML refuses")
        var marked = Frame(size: Size(columns: 4, rows: 1))
        _ = marked.put("<\u{301}&\u{301}", at: Point(column: 0, row: 0))
        let markedSVG = SVGFrameEncoder.encode(marked, cell: cell)
        XCTAssertTrue(markedSVG.contains("&lt;\u{301}&amp;\u{301}"), "a mark on < or & does not hide it: \(markedSVG)")
    }

    private static func hex(_ color: Color) -> String {
        guard case .rgb(let red, let green, let blue, _) = color else { return "?" }
        return "#" + [red, green, blue].map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
