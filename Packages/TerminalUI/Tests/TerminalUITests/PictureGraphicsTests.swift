import Synchronization
import TerminalUI
import XCTest

private final class RecordingSink: OutputSink {
    var writes: [[UInt8]] = []
    func write(_ bytes: [UInt8]) { writes.append(bytes) }
    var lastText: String { writes.last.map { String(decoding: $0, as: UTF8.self) } ?? "" }
}

/// A picture of one colour that counts how often its pixels are asked for.
private final class SolidPicture: PictureSource, Sendable {
    let colour: (UInt8, UInt8, UInt8)
    let png: [UInt8]?
    private let requests = Mutex(0)
    init(_ colour: (UInt8, UInt8, UInt8), png: [UInt8]? = [1, 2, 3]) {
        self.colour = colour
        self.png = png
    }
    var identity: AnyObject & Sendable { self }
    var pixelRequests: Int { requests.withLock { $0 } }
    func rgba(fittingIn box: PixelSize) -> [UInt8] {
        requests.withLock { $0 += 1 }
        return Array((0..<(box.width * box.height)).map { _ in [colour.0, colour.1, colour.2, 255] }.joined())
    }
    func png(fittingIn box: PixelSize) -> [UInt8]? {
        requests.withLock { $0 += 1 }
        return png
    }
    func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? { png }
    /// A stand-in zlib stream (what the renderer sends is the test, not zlib's work).
    func deflated(_ bytes: [UInt8]) -> [UInt8]? { png }
}

/// A picture that remembers the boxes its pixels were asked for, and gives none (nothing is allocated).
private final class MeasuredPicture: PictureSource, Sendable {
    private let boxes = Mutex<[PixelSize]>([])
    var identity: AnyObject & Sendable { self }
    var askedBoxes: [PixelSize] { boxes.withLock { $0 } }
    func rgba(fittingIn box: PixelSize) -> [UInt8] {
        boxes.withLock { $0.append(box) }
        return [UInt8](repeating: 0, count: box.width * box.height * 4)
    }
    func png(fittingIn box: PixelSize) -> [UInt8]? {
        boxes.withLock { $0.append(box) }
        return [1, 2, 3]
    }
    func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? { [1, 2, 3] }
    func deflated(_ bytes: [UInt8]) -> [UInt8]? { [1, 2, 3] }
}

/// Two pixels a box: the left one opaque white, the right one transparent (a margin).
private final class MarginPicture: PictureSource, Sendable {
    var identity: AnyObject & Sendable { self }
    func rgba(fittingIn box: PixelSize) -> [UInt8] {
        (0..<(box.width * box.height)).flatMap { $0 % 2 == 0 ? [UInt8](repeating: 255, count: 4) : [0, 0, 0, 0] }
    }
    func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? { nil }
}

final class PictureGraphicsTests: XCTestCase {
    private let escape = "\u{1B}"

    /// However large the cells and the box, a picture is asked for at most 2048 pixels a side (and a
    /// cut one is cut within that): a terminal's cell size can never make the renderer allocate gigabytes.
    func testAPictureIsNeverAskedForMoreThanTheLargestSide() {
        for graphics in [GraphicsProtocol.kitty, .sixel, .iterm] {
            let picture = MeasuredPicture()
            var frame = Frame(size: Size(columns: 300, rows: 120))
            frame.place(picture, in: Rect(column: 0, row: 0, columns: 300, rows: 100))
            frame.place(picture, in: Rect(column: 10, row: 110, columns: 100, rows: 40)) // cut by the screen's bottom
            DiffRenderer(sink: RecordingSink(), colorMode: .trueColor, graphics: graphics, cellPixels: PixelSize(width: 128, height: 256),
                         compressesPictures: true).render(frame)
            XCTAssertFalse(picture.askedBoxes.isEmpty, "\(graphics)")
            for box in picture.askedBoxes {
                XCTAssertLessThanOrEqual(max(box.width, box.height), PixelSize.largestPictureSide, "\(graphics): \(box)")
            }
        }
        XCTAssertEqual(PixelSize(width: 38_400, height: 25_600).clamped(toSide: 2048), PixelSize(width: 2048, height: 1365))
        XCTAssertEqual(PixelSize(width: 400, height: 200).clamped(toSide: 2048), PixelSize(width: 400, height: 200))
    }

    /// Under the host's check of the cell size, the renderer keeps its own bound: given any cell size
    /// at all (Int.max a side, at first or by a resize), it neither overflows nor asks a picture for
    /// more than the largest side, and what it writes stays small.
    func testACellOfAnySizeNeitherOverflowsNorSizesAPictureOverTheLargestSide() {
        for graphics in [GraphicsProtocol.kitty, .sixel, .iterm, .kittyPlaceholders] {
            let picture = MeasuredPicture()
            var frame = Frame(size: Size(columns: 40, rows: 20))
            frame.place(picture, in: Rect(column: 0, row: 0, columns: 30, rows: 10))
            frame.place(picture, in: Rect(column: 2, row: 15, columns: 8, rows: 8)) // cut by the screen's bottom
            let sink = RecordingSink()
            // Compressed (the stand-in streams are three bytes): what is measured is the boxes asked for.
            let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: graphics, cellPixels: PixelSize(width: .max, height: .max),
                                        compressesPictures: true)
            renderer.render(frame)
            renderer.setCellPixels(PixelSize(width: .max / 3, height: 100_000))
            renderer.render(frame)
            XCTAssertFalse(picture.askedBoxes.isEmpty, "\(graphics)")
            for box in picture.askedBoxes {
                XCTAssertLessThanOrEqual(max(box.width, box.height), PixelSize.largestPictureSide, "\(graphics): \(box)")
                XCTAssertGreaterThan(min(box.width, box.height), 0, "\(graphics): \(box)")
            }
            XCTAssertLessThan(sink.writes.reduce(0) { $0 + $1.count }, 256 << 10, "\(graphics)")
        }
        XCTAssertEqual(PixelSize(width: .max, height: .max / 2).clamped(toSide: 2048), PixelSize(width: 2048, height: 1023))
    }

    func testBase64FollowsRFC4648() {
        // Through kitty's transmit, which carries the payload as base64.
        for (payload, encoded) in [("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foobar", "Zm9vYmFy")] {
            let bytes = String(decoding: KittyGraphics.transmit(id: 1, png: Array(payload.utf8)), as: UTF8.self)
            XCTAssertEqual(bytes, "\(escape)_Ga=t,f=100,i=1,q=2,m=0;\(encoded)\(escape)\\")
        }
    }

    func testKittyCommandsAreExactAndQuiet() {
        func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
        XCTAssertEqual(text(KittyGraphics.transmit(id: 7, png: [1, 2, 3])), "\(escape)_Ga=t,f=100,i=7,q=2,m=0;AQID\(escape)\\")
        XCTAssertEqual(text(KittyGraphics.transmit(id: 7, rgba: [255, 0, 0, 255], size: PixelSize(width: 1, height: 1))),
                       "\(escape)_Ga=t,f=32,s=1,v=1,i=7,q=2,m=0;/wAA/w==\(escape)\\")
        XCTAssertEqual(text(KittyGraphics.place(id: 7, placement: 3, columns: 6, rows: 3)), "\(escape)_Ga=p,i=7,p=3,c=6,r=3,C=1,q=2\(escape)\\")
        XCTAssertEqual(text(KittyGraphics.deletePlacement(id: 7, placement: 3)), "\(escape)_Ga=d,d=i,i=7,p=3,q=2\(escape)\\")
        XCTAssertEqual(text(KittyGraphics.free(id: 7)), "\(escape)_Ga=d,d=I,i=7,q=2\(escape)\\")
        XCTAssertEqual(text(KittyGraphics.deleteAll), "\(escape)_Ga=d,d=A,q=2\(escape)\\")
    }

    /// Through tmux, each chunk is a passthrough of its own (so the framing is done before the id is known).
    func testKittyChunksThroughTmuxAreEachPassedThrough() {
        let payload = [UInt8](repeating: 0, count: 3_073)
        let text = String(decoding: KittyPlaceholders.transmit(id: 20, png: payload, columns: 2, rows: 1), as: UTF8.self)
        let passthroughs = text.components(separatedBy: "\(escape)Ptmux;").filter { !$0.isEmpty }
        XCTAssertEqual(passthroughs.count, 3, "two chunks and the virtual placement")
        XCTAssertTrue(passthroughs[0].hasPrefix("\(escape)\(escape)_Ga=t,f=100,i=20,q=2,m=1;"))
        XCTAssertEqual(passthroughs[1], "\(escape)\(escape)_Gm=0;AA==\(escape)\(escape)\\\(escape)\\")
        XCTAssertTrue(passthroughs[2].hasPrefix("\(escape)\(escape)_Ga=p,U=1,i=20,c=2,r=1,q=2"))
    }

    func testKittySendsLargePicturesInChunksOf4096Base64Bytes() {
        let payload = [UInt8](repeating: 0, count: 3_073) // 4,100 base64 bytes: one full chunk and four bytes
        let text = String(decoding: KittyGraphics.transmit(id: 2, png: payload), as: UTF8.self)
        let chunks = text.components(separatedBy: "\(escape)\\").filter { !$0.isEmpty }
        XCTAssertEqual(chunks.count, 2)
        XCTAssertTrue(chunks[0].hasPrefix("\(escape)_Ga=t,f=100,i=2,q=2,m=1;"))
        XCTAssertEqual(chunks[0].split(separator: ";").last?.count, 4_096)
        XCTAssertEqual(chunks[1], "\(escape)_Gm=0;AA==")
    }

    func testITermInlineImageIsExact() {
        XCTAssertEqual(String(decoding: ITermImages.inline(file: [1, 2, 3], columns: 2, rows: 1), as: UTF8.self),
                       "\(escape)]1337;File=inline=1;size=3;width=2;height=1;preserveAspectRatio=0;doNotMoveCursor=1:AQID\u{07}")
    }

    /// The raw transmissions a local kitty gets: RGB when every pixel is opaque, RGBA when a margin is
    /// transparent; and a compressed one names its compression.
    func testKittyRawTransmissionsAreExact() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kitty, cellPixels: PixelSize(width: 1, height: 1))
        var frame = Frame(size: Size(columns: 4, rows: 1))
        frame.place(SolidPicture((255, 0, 16)), in: Rect(column: 0, row: 0, columns: 2, rows: 1))
        renderer.render(frame)
        // Two pixels of FF 00 10: "/wAQ/wAQ".
        XCTAssertTrue(sink.lastText.contains("\(escape)_Ga=t,f=24,s=2,v=1,i=1,q=2,m=0;/wAQ/wAQ\(escape)\\"), sink.lastText)
        let margin = MarginPicture()
        var framed = Frame(size: Size(columns: 4, rows: 1))
        framed.place(margin, in: Rect(column: 0, row: 0, columns: 2, rows: 1))
        renderer.render(framed)
        // An opaque white pixel and a transparent one: FF FF FF FF 00 00 00 00.
        XCTAssertTrue(sink.lastText.contains("\(escape)_Ga=t,f=32,s=2,v=1,i=2,q=2,m=0;/////wAAAAA=\(escape)\\"), sink.lastText)
        XCTAssertEqual(String(decoding: KittyGraphics.transmit(id: 3, KittyGraphics.Transmission(pixels: [9, 9, 9], size: PixelSize(width: 1, height: 1),
                                                                                            hasAlpha: false, deflated: [1, 2, 3])), as: UTF8.self),
                       "\(escape)_Ga=t,f=24,s=1,v=1,o=z,i=3,q=2,m=0;AQID\(escape)\\")
    }

    /// The TIFF a local iTerm2 gets: a baseline little-endian file of one strip, byte for byte.
    func testITermTIFFIsExact() {
        let rgb = ITermImages.tiff(pixels: [255, 0, 16], size: PixelSize(width: 1, height: 1), hasAlpha: false)
        func short(_ value: Int) -> [UInt8] { [UInt8(value & 255), UInt8(value >> 8)] }
        func long(_ value: Int) -> [UInt8] { short(value) + [0, 0] }
        func tag(_ id: Int, _ type: Int, _ count: Int, _ value: [UInt8]) -> [UInt8] { short(id) + short(type) + long(count) + value }
        var expected: [UInt8] = [0x49, 0x49, 42, 0] + long(8) + short(10)
        expected += tag(256, 4, 1, long(1)) + tag(257, 4, 1, long(1)) + tag(258, 3, 3, long(134)) + tag(259, 3, 1, short(1) + short(0))
        expected += tag(262, 3, 1, short(2) + short(0)) + tag(273, 4, 1, long(140)) + tag(277, 3, 1, short(3) + short(0))
        expected += tag(278, 4, 1, long(1)) + tag(279, 4, 1, long(3)) + tag(284, 3, 1, short(1) + short(0)) + long(0)
        expected += short(8) + short(8) + short(8) + [255, 0, 16]
        XCTAssertEqual(rgb, expected)
        let rgba = ITermImages.tiff(pixels: [255, 0, 16, 0], size: PixelSize(width: 1, height: 1), hasAlpha: true)
        XCTAssertEqual(rgba.count, 8 + 2 + 11 * 12 + 4 + 8 + 4, "a tag more (ExtraSamples), a sample more")
        XCTAssertEqual(Array(rgba[(8 + 2 + 10 * 12)..<(8 + 2 + 11 * 12)]), tag(338, 3, 1, short(2) + short(0)), "unassociated alpha")
    }

    func testSixelOfASmallPictureIsExact() {
        // 3 × 7 pixels: a red column, a transparent one, a blue one; seven rows make two bands.
        var rgba: [UInt8] = []
        for _ in 0..<7 { rgba += [255, 0, 0, 255, 0, 0, 0, 0, 0, 0, 255, 255] }
        let sixel = String(decoding: SixelEncoder.encode(rgba: rgba, size: PixelSize(width: 3, height: 7)), as: UTF8.self)
        // Palette in percent; per band each colour's sixels ("~" = all six rows, "@" = the top one),
        // "?" leaves the transparent column unpainted, "$" returns to the band's start, "-" ends it.
        XCTAssertEqual(sixel, "\(escape)P0;1;0q\"1;1;3;7#0;2;0;0;100#1;2;100;0;0#1~$#0??~-#1@$#0??@-\(escape)\\")
    }

    func testSixelPaletteHonoursTheTerminalsRegistersAndDithers() {
        // A grey ramp onto two registers: both ends are used and the middle mixes them.
        var rgba: [UInt8] = []
        for _ in 0..<6 { for x in 0..<64 { rgba += [UInt8(x * 4), UInt8(x * 4), UInt8(x * 4), 255] } }
        let sixel = String(decoding: SixelEncoder.encode(rgba: rgba, size: PixelSize(width: 64, height: 6), maximumColors: 2), as: UTF8.self)
        XCTAssertTrue(sixel.contains("#0;2;"))
        XCTAssertTrue(sixel.contains("#1;2;"))
        XCTAssertFalse(sixel.contains("#2;2;"), "no more registers than the terminal has")
        XCTAssertEqual(SixelEncoder.encode(rgba: [], size: PixelSize(width: 0, height: 0)), [])
    }

    // MARK: - Frames and the renderer

    private func frame(pictureAt row: Int, _ picture: SolidPicture, size: Size = Size(columns: 20, rows: 8)) -> Frame {
        var frame = Frame(size: size)
        frame.put("title", at: Point(column: 0, row: 0))
        frame.place(picture, in: Rect(column: 2, row: row, columns: 4, rows: 2))
        return frame
    }

    func testPlacingMarksTheCellsAndCompositingCarriesThePartShown() {
        let picture = SolidPicture((1, 2, 3))
        var inner = Frame(size: Size(columns: 6, rows: 4))
        inner.place(picture, in: Rect(column: 1, row: 1, columns: 3, rows: 2))
        inner.place(picture, in: Rect(column: 4, row: 0, columns: 3, rows: 1)) // reaches beyond the frame: cut
        inner.place(picture, in: Rect(column: 7, row: 0, columns: 3, rows: 1)) // wholly outside: not placed
        XCTAssertEqual(inner.pictures.map(\.visible), [Rect(column: 1, row: 1, columns: 3, rows: 2), Rect(column: 4, row: 0, columns: 2, rows: 1)])
        XCTAssertEqual(inner.pictures.map(\.isCropped), [false, true])
        XCTAssertTrue(inner[1, 1].isPicture)
        XCTAssertTrue(inner[5, 0].isPicture)

        var outer = Frame(size: Size(columns: 20, rows: 10))
        outer.draw(inner, at: Point(column: 5, row: 3))
        XCTAssertEqual(outer.pictures.map(\.rect), [Rect(column: 6, row: 4, columns: 3, rows: 2), Rect(column: 9, row: 3, columns: 3, rows: 1)])
        outer.restyle(outer.bounds) { $0.dim = true }
        XCTAssertEqual(outer.visiblePictures.count, 2, "a dimmed pane keeps its pictures")

        var clipped = Frame(size: Size(columns: 20, rows: 10))
        clipped.draw(inner, from: Rect(column: 0, row: 0, columns: 6, rows: 2), at: Point(column: 0, row: 0))
        XCTAssertEqual(clipped.pictures.first?.rect, Rect(column: 1, row: 1, columns: 3, rows: 2))
        XCTAssertEqual(clipped.pictures.first?.visible, Rect(column: 1, row: 1, columns: 3, rows: 1), "cut by the clip")

        outer.put("dialog", at: Point(column: 6, row: 4))
        XCTAssertEqual(outer.visiblePictures.map(\.rect), [Rect(column: 9, row: 3, columns: 3, rows: 1)], "text over a picture hides it")
    }

    func testPicturesDrawnPastAnAreaAreCutToIt() {
        let picture = SolidPicture((3, 3, 3))
        var frame = Frame(size: Size(columns: 20, rows: 8))
        frame.place(picture, in: Rect(column: 0, row: 0, columns: 2, rows: 2))
        frame.place(picture, in: Rect(column: 0, row: 5, columns: 2, rows: 3)) // runs under the key bar's line
        frame.place(picture, in: Rect(column: 4, row: 7, columns: 2, rows: 1)) // wholly under it
        frame.clipPictures(from: 1, to: Rect(column: 0, row: 0, columns: 20, rows: 7))
        XCTAssertEqual(frame.pictures.map(\.visible), [Rect(column: 0, row: 0, columns: 2, rows: 2), Rect(column: 0, row: 5, columns: 2, rows: 2)])
        frame.put("key bar", at: Point(column: 0, row: 7))
        XCTAssertEqual(frame.visiblePictures.count, 2, "the key bar over the cut part hides nothing")
    }

    func testACutPictureShowsItsVisiblePart() {
        let picture = SolidPicture((4, 4, 4))
        var frame = Frame(size: Size(columns: 20, rows: 8))
        frame.place(picture, in: Rect(column: 2, row: 6, columns: 4, rows: 3)) // one row below the screen
        let kitty = RecordingSink()
        DiffRenderer(sink: kitty, colorMode: .trueColor, graphics: .kitty, cellPixels: PixelSize(width: 10, height: 20)).render(frame)
        XCTAssertTrue(kitty.lastText.contains("\(escape)[7;3H\(escape)_Ga=p,i=1,p=1,x=0,y=0,w=40,h=40,c=4,r=2,C=1,q=2"),
                      "kitty keeps the whole picture and shows its top two rows: \(kitty.lastText)")
        let sixel = RecordingSink()
        DiffRenderer(sink: sixel, colorMode: .trueColor, graphics: .sixel, cellPixels: PixelSize(width: 2, height: 3)).render(frame)
        XCTAssertTrue(sixel.lastText.contains("\(escape)[7;3H\(escape)P0;1;0q\"1;1;8;6"), "sixel sends the part shown: \(sixel.lastText)")
        // A box 3 rows of 5 pixels tall: 15 pixel rows, sent as the 12 of two whole bands.
        var tall = Frame(size: Size(columns: 20, rows: 8))
        tall.place(picture, in: Rect(column: 0, row: 1, columns: 2, rows: 3))
        let bands = RecordingSink()
        DiffRenderer(sink: bands, colorMode: .trueColor, graphics: .sixel, cellPixels: PixelSize(width: 2, height: 5)).render(tall)
        XCTAssertTrue(bands.lastText.contains("\"1;1;4;12#"), "never a band below the box: \(bands.lastText)")
    }

    func testKittySendsAPictureOnceAndAMoveCostsAPlacementNotATransmission() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kitty, cellPixels: PixelSize(width: 10, height: 20),
                                    compressesPictures: true)
        let picture = SolidPicture((9, 9, 9))
        renderer.render(frame(pictureAt: 2, picture))
        let first = sink.lastText
        XCTAssertTrue(first.contains("\(escape)_Ga=t,f=24,s=40,v=40,o=z,i=1,q=2,m=0;AQID\(escape)\\"), first)
        XCTAssertTrue(first.hasSuffix("\(escape)[3;3H\(escape)_Ga=p,i=1,p=1,c=4,r=2,C=1,q=2\(escape)\\\(escape)[?2026l"),
                      "placed at its cell after the text: \(first)")
        XCTAssertFalse(first.contains("\u{10EEEE}"), "a picture's cells are written as blanks")
        XCTAssertFalse(first.contains("\(escape)[3;3H    "), "and on a cleared screen not at all: they are blank already")

        let writes = sink.writes.count
        renderer.render(frame(pictureAt: 2, picture))
        XCTAssertEqual(sink.writes.count, writes, "an unchanged frame writes nothing")

        renderer.render(frame(pictureAt: 3, picture))
        let moved = sink.lastText
        XCTAssertFalse(moved.contains("a=t"), "no picture is sent again: \(moved)")
        XCTAssertTrue(moved.hasPrefix("\(escape)[?2026h\(escape)_Ga=d,d=i,i=1,p=1,q=2\(escape)\\"), "taken off before the text: \(moved)")
        XCTAssertTrue(moved.contains("\(escape)[4;3H\(escape)_Ga=p,i=1,p=2,c=4,r=2,C=1,q=2"))
        XCTAssertLessThan(moved.utf8.count, 200)
        XCTAssertEqual(picture.pixelRequests, 1, "encoded once")

        var covered = frame(pictureAt: 3, picture)
        covered.put("dialog", at: Point(column: 3, row: 4))
        renderer.render(covered)
        XCTAssertTrue(sink.lastText.contains("a=d,d=i,i=1,p=2"), "a dialog over the picture takes it off")
        XCTAssertEqual(String(decoding: renderer.teardown(), as: UTF8.self), "\(escape)_Ga=d,d=A,q=2\(escape)\\")
    }

    func testKittyFreesPicturesLongOffScreenAndRepaintsPlaceAgainWithoutSending() throws {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kitty)
        let first = SolidPicture((1, 1, 1))
        renderer.render(frame(pictureAt: 2, first))
        for _ in 0..<60 { renderer.render(frame(pictureAt: 2, SolidPicture((2, 2, 2)))) }
        let written = sink.writes.map { String(decoding: $0, as: UTF8.self) }
        XCTAssertTrue(written.joined().contains("a=d,d=I,i=1,q=2"), "the first picture, long off screen, is freed")
        let freeing = try XCTUnwrap(written.first { $0.contains("a=d,d=I") })
        XCTAssertLessThan(try XCTUnwrap(freeing.range(of: "a=p,")).lowerBound, try XCTUnwrap(freeing.range(of: "a=d,d=I")).lowerBound,
                          "frees come after the frame's placements (kitty 0.26 frees every picture without one)")
        // Every picture off screen was forgotten with the free: the first comes back sent again.
        sink.writes.removeAll()
        renderer.render(frame(pictureAt: 2, first))
        XCTAssertTrue(sink.lastText.contains("a=t,"), "sent again, not placed from a picture kitty may have freed")
        let again = SolidPicture((3, 3, 3))
        renderer.render(frame(pictureAt: 2, again))
        renderer.invalidate()
        renderer.render(frame(pictureAt: 2, again))
        XCTAssertTrue(sink.lastText.contains("a=d,d=a,q=2"), "a repaint takes the placements off first")
        XCTAssertFalse(sink.lastText.contains("a=t"), "and places the picture again without sending it")
        XCTAssertEqual(again.pixelRequests, 1)
    }

    func testSixelErasesAPictureThatLeftAndSendsItAgainFromTheEncodedCopy() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .sixel, cellPixels: PixelSize(width: 2, height: 3))
        let picture = SolidPicture((255, 0, 0))
        renderer.render(frame(pictureAt: 2, picture))
        XCTAssertTrue(sink.lastText.contains("\(escape)[3;3H\(escape)P0;1;0q\"1;1;8;6#0;2;100;0;0#0!8~-\(escape)\\"), sink.lastText)
        renderer.render(frame(pictureAt: 4, picture))
        let moved = sink.lastText
        XCTAssertTrue(moved.contains("\(escape)[0m\(escape)[3;3H\(escape)[4X\(escape)[4;3H\(escape)[4X"), "the old cells are erased: \(moved)")
        XCTAssertFalse(moved.contains("\(escape)[3;3H    ") || moved.contains("\(escape)[3;3H\(escape)[K"), "and not written again: \(moved)")
        XCTAssertTrue(moved.contains("\(escape)[5;3H\(escape)P0;1;0q"), "and the picture drawn at its new place")
        XCTAssertEqual(picture.pixelRequests, 1, "from the encoded copy")

        // Another picture in the same box: the erased cells are not written again before it is drawn.
        renderer.render(frame(pictureAt: 4, SolidPicture((0, 0, 255))))
        let replaced = sink.lastText
        XCTAssertTrue(replaced.hasPrefix("\(escape)[?2026h\(escape)[0m\(escape)[5;3H\(escape)[4X\(escape)[6;3H\(escape)[4X\(escape)[5;3H\(escape)P"), replaced)
    }

    func testITermSendsATIFFHereAndAPNGOverALinkAndWithoutGraphicsPicturesAreBlank() {
        let sink = RecordingSink()
        let local = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .iterm, cellPixels: PixelSize(width: 1, height: 1))
        local.render(frame(pictureAt: 2, SolidPicture((1, 1, 1), png: nil)))
        // 4 × 2 pixels of RGB after a TIFF header of 8 + 2 + 10 × 12 + 4 + 6 bytes.
        XCTAssertTrue(sink.lastText.contains("\(escape)[3;3H\(escape)]1337;File=inline=1;size=164;width=4;height=2"), sink.lastText)
        let remote = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .iterm, compressesPictures: true)
        remote.render(frame(pictureAt: 2, SolidPicture((1, 1, 1))))
        XCTAssertTrue(sink.lastText.contains("\(escape)[3;3H\(escape)]1337;File=inline=1;size=3;width=4;height=2"))
        remote.render(frame(pictureAt: 2, SolidPicture((1, 1, 1), png: nil)))
        XCTAssertFalse(sink.lastText.contains("1337"), "over a link, nothing to send without a PNG")

        let plainSink = RecordingSink()
        let plain = DiffRenderer(sink: plainSink, colorMode: .trueColor)
        plain.render(frame(pictureAt: 2, SolidPicture((1, 1, 1))))
        XCTAssertFalse(plainSink.lastText.contains("\u{1B}_G") || plainSink.lastText.contains("\u{10EEEE}"))
        XCTAssertEqual(plain.teardown(), [])
    }
}

/// kitty through tmux: pictures sent through the passthrough, shown by placeholder cells.
final class KittyPlaceholderTests: XCTestCase {
    private let escape = "\u{1B}"

    func testPassthroughDoublesEveryEscape() {
        XCTAssertEqual(String(decoding: KittyPlaceholders.passthrough(KittyGraphics.free(id: 3)), as: UTF8.self),
                       "\(escape)Ptmux;\(escape)\(escape)_Ga=d,d=I,i=3,q=2\(escape)\(escape)\\\(escape)\\")
        XCTAssertEqual(String(decoding: KittyPlaceholders.cell(row: 0, column: 2), as: UTF8.self), "\u{10EEEE}\u{0305}\u{030E}")
        XCTAssertEqual(KittyPlaceholders.maximumCells, 128)
    }

    func testPicturesAreSentOnceAndShownByCellsThatNameTheirPlace() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kittyPlaceholders, cellPixels: PixelSize(width: 10, height: 20),
                                    compressesPictures: true)
        let picture = SolidPicture((5, 5, 5))
        func frame(row: Int) -> Frame {
            var frame = Frame(size: Size(columns: 10, rows: 6))
            frame.place(picture, in: Rect(column: 1, row: row, columns: 2, rows: 2))
            return frame
        }
        renderer.render(frame(row: 1))
        let first = sink.lastText
        XCTAssertTrue(first.contains("\(escape)Ptmux;\(escape)\(escape)_Ga=t,f=24,s=20,v=40,o=z,i=16,q=2,m=0;AQID\(escape)\(escape)\\\(escape)\\"), first)
        XCTAssertTrue(first.contains("\(escape)Ptmux;\(escape)\(escape)_Ga=p,U=1,i=16,c=2,r=2,q=2\(escape)\(escape)\\\(escape)\\"))
        XCTAssertTrue(first.contains("\(escape)[2;2H\(escape)[0;38;5;16m\u{10EEEE}\u{0305}\u{0305}\(escape)[2;3H\u{10EEEE}\u{0305}\u{030D}"),
                      "row 0, columns 0 and 1, in the image's colour, each cell placed (tmux's width for U+10EEEE is not trusted): \(first)")
        XCTAssertTrue(first.contains("\u{10EEEE}\u{030D}\u{0305}"), "and row 1")

        renderer.render(frame(row: 2))
        let moved = sink.lastText
        XCTAssertFalse(moved.contains("a=t"), "a move sends no picture: \(moved)")
        XCTAssertTrue(moved.contains("\(escape)[3;2H\(escape)[0;38;5;16m\u{10EEEE}\u{0305}\u{0305}"), "the cells are written at the new place")
        XCTAssertTrue(moved.contains("\(escape)[4;2H"), "including those that were the picture's already")

        // Cut by the bottom edge: the cells shown name the picture's first row.
        var cut = Frame(size: Size(columns: 10, rows: 6))
        cut.place(picture, in: Rect(column: 1, row: 5, columns: 2, rows: 2))
        renderer.render(cut)
        XCTAssertTrue(sink.lastText.contains("\(escape)[6;2H\(escape)[0;38;5;16m\u{10EEEE}\u{0305}\u{0305}"), sink.lastText)
        XCTAssertEqual(String(decoding: renderer.teardown(), as: UTF8.self), "\(escape)Ptmux;\(escape)\(escape)_Ga=d,d=A,q=2\(escape)\(escape)\\\(escape)\\")
    }

    /// A box wider than placeholders can name is not shown, and not waited for either.
    func testABoxTooLargeForPlaceholdersIsNotWaitedFor() {
        let renderer = DiffRenderer(sink: RecordingSink(), colorMode: .trueColor, graphics: .kittyPlaceholders, makesPicturesLater: true)
        var frame = Frame(size: Size(columns: 200, rows: 4))
        frame.place(SolidPicture((1, 1, 1)), in: Rect(column: 0, row: 0, columns: 130, rows: 2))
        renderer.render(frame)
        XCTAssertTrue(renderer.takePictureJobs().isEmpty)
        XCTAssertTrue(renderer.pictureCounts == (0, 0))
    }

    func testImageIDsStayBelow256AndAreNeverShared() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kittyPlaceholders, compressesPictures: true)
        var ids = Set<String>()
        for _ in 0..<300 {
            var frame = Frame(size: Size(columns: 10, rows: 4))
            frame.place(SolidPicture((1, 1, 1)), in: Rect(column: 0, row: 0, columns: 2, rows: 1))
            renderer.render(frame)
            if let range = sink.lastText.range(of: #"o=z,i=\d+"#, options: .regularExpression) { ids.insert(String(sink.lastText[range])) }
        }
        let numbers = ids.compactMap { Int($0.split(separator: "=").last ?? "") }
        XCTAssertTrue(numbers.allSatisfy { (16...255).contains($0) }, "\(numbers.sorted())")
        XCTAssertEqual(ids.count, 240, "ids are reused once freed")
    }

    /// A frame of `count` pictures of one cell pair each, 30 to a row (a screen of tiny tiles).
    private func tiles(_ pictures: [SolidPicture]) -> Frame {
        var frame = Frame(size: Size(columns: 60, rows: (pictures.count + 29) / 30))
        for (index, picture) in pictures.enumerated() {
            frame.place(picture, in: Rect(column: index % 30 * 2, row: index / 30, columns: 2, rows: 1))
        }
        return frame
    }

    /// How often `part` occurs in `text`, byte for byte (a placeholder's U+10EEEE is one grapheme with its marks).
    private func count(_ text: String, _ part: String) -> Int {
        let bytes = Array(text.utf8), pattern = Array(part.utf8)
        var found = 0, start = 0
        while start + pattern.count <= bytes.count {
            var matches = true
            for offset in pattern.indices where bytes[start + offset] != pattern[offset] {
                matches = false
                break
            }
            if matches { found += 1 }
            start += matches ? pattern.count : 1
        }
        return found
    }

    /// 300 pictures on one screen, more than the 240 ids placeholders name (issue 47, 4.2): the frame
    /// ends, the first 240 are shown in the terminal's pixels, the other 60 drawn in half blocks of
    /// their colours; when pictures leave, those drawn in symbols take the ids freed.
    func testMorePicturesOnScreenThanIDsAreDrawnInSymbolsAndGetPixelsWhenIDsFree() {
        for makesLater in [false, true] {
            let sink = RecordingSink()
            let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kittyPlaceholders, cellPixels: PixelSize(width: 2, height: 4),
                                        makesPicturesLater: makesLater)
            let pictures = (0..<300).map { SolidPicture((UInt8($0 % 256), 7, 9)) }
            // A host that makes pictures later draws again after the jobs of each frame are made.
            func render(_ frame: Frame) {
                renderer.render(frame)
                while case let jobs = renderer.takePictureJobs(), !jobs.isEmpty {
                    jobs.map { $0.make() }.forEach(renderer.adopt)
                    renderer.render(frame)
                }
            }
            render(tiles(pictures))
            let text = sink.writes.map { String(decoding: $0, as: UTF8.self) }.joined()
            XCTAssertEqual(count(text, "a=t,"), 240, "makes later \(makesLater): every id used once")
            XCTAssertEqual(count(text, "\u{10EEEE}"), 480, "the cells of 240 pictures name them")
            XCTAssertEqual(count(text, "▀"), 120, "the cells of the other 60 are half blocks")
            XCTAssertTrue(text.contains("\u{1B}[0;38;2;240;7;9;48;2;240;7;9m▀"), "in the picture's colour, above and below")
            XCTAssertTrue(renderer.pictureCounts == (300, 0), "every placement drawn, none waiting: \(renderer.pictureCounts)")

            // The first 60 leave: the 60 drawn in symbols take their ids and show in pixels.
            sink.writes = []
            render(tiles(Array(pictures[60...])))
            let after = sink.writes.map { String(decoding: $0, as: UTF8.self) }.joined()
            XCTAssertEqual(count(after, "a=t,"), 60, "makes later \(makesLater): the 60 sent now, no other again")
            XCTAssertEqual(count(after, "▀"), 0)
            XCTAssertTrue(renderer.pictureCounts == (240, 0))
        }
    }

    /// 200 pictures, then 200 others: the ids of the pictures that left are freed, least recently shown
    /// first, and every new one shows in pixels.
    func testIDsOfPicturesOffScreenAreFreedForTheNextScreensPictures() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .kittyPlaceholders, cellPixels: PixelSize(width: 2, height: 4))
        renderer.render(tiles((0..<200).map { _ in SolidPicture((1, 2, 3)) }))
        sink.writes = []
        renderer.render(tiles((0..<200).map { _ in SolidPicture((3, 2, 1)) }))
        let text = sink.lastText
        XCTAssertEqual(count(text, "a=t,"), 200)
        XCTAssertEqual(count(text, "a=d,d=I"), 160, "40 ids were free; 160 pictures off screen give theirs")
        XCTAssertEqual(count(text, "▀"), 0)
        XCTAssertTrue(renderer.pictureCounts == (200, 0))
    }
}

/// A renderer that makes pictures later encodes none inside a frame: the host makes them off the
/// main actor and the next frame sends them, byte for byte what a renderer that makes its own sends.
extension PictureGraphicsTests {
    func testPicturesMadeLaterAreSentByALaterFrameAsTheyWouldBeAtOnce() {
        for graphics in [GraphicsProtocol.kitty, .kittyPlaceholders, .sixel, .iterm] {
            let picture = SolidPicture((200, 10, 10))
            let atOnceSink = RecordingSink(), laterSink = RecordingSink()
            let atOnce = DiffRenderer(sink: atOnceSink, colorMode: .trueColor, graphics: graphics, cellPixels: PixelSize(width: 2, height: 3))
            let later = DiffRenderer(sink: laterSink, colorMode: .trueColor, graphics: graphics, cellPixels: PixelSize(width: 2, height: 3),
                                     makesPicturesLater: true)
            atOnce.render(frame(pictureAt: 2, picture))
            later.render(frame(pictureAt: 2, picture))
            XCTAssertEqual(picture.pixelRequests, 1, "\(graphics): only the renderer that makes its own asked for pixels")
            XCTAssertFalse(laterSink.lastText.contains("\u{1B}_G") || laterSink.lastText.contains("\u{1B}P") || laterSink.lastText.contains("1337"),
                           "\(graphics): no picture in the first frame: \(laterSink.lastText)")
            // Rendering again before the picture is made asks for no second job.
            later.render(frame(pictureAt: 2, picture))
            let jobs = later.takePictureJobs()
            XCTAssertEqual(jobs.count, 1, "\(graphics)")
            XCTAssertTrue(later.pictureCounts == (0, 1), "\(graphics): one waits to be made")
            XCTAssertTrue(later.takePictureJobs().isEmpty, "\(graphics): each job is handed out once")

            let made = DispatchQueue.global().sync { jobs.map { $0.make() } }
            made.forEach(later.adopt)
            later.render(frame(pictureAt: 2, picture))
            let atOnceText = atOnceSink.lastText, laterText = laterSink.lastText
            XCTAssertFalse(laterText.contains("title"), "\(graphics): the text was written already")
            // Each command the at-once renderer sent for the picture, whole (up to its ST or BEL), is in the later frame.
            var compared = 0
            for part in [escape + "_Ga=t", escape + "P0;1;0q", "1337;File", "a=p,", escape + "_Ga=p,U=1"] {
                guard let start = atOnceText.range(of: part) else { continue }
                let rest = atOnceText[start.lowerBound...]
                let end = [rest.range(of: escape + "\\"), rest.range(of: "\u{07}")].compactMap { $0?.upperBound }.min() ?? rest.endIndex
                let sent = rest[..<end]
                XCTAssertTrue(laterText.contains(sent), "\(graphics): \(sent) in \(laterText)")
                compared += 1
            }
            XCTAssertGreaterThan(compared, 0, "\(graphics): the at-once renderer sent the picture")
            XCTAssertEqual(picture.pixelRequests, 2, "\(graphics): the job asked once")
            XCTAssertTrue(later.pictureCounts == (1, 0), "\(graphics): shown, none waits")
            later.render(frame(pictureAt: 2, picture))
            XCTAssertTrue(later.takePictureJobs().isEmpty, "\(graphics): a sent picture is not made again")
        }
    }

    func testAJobWhosePictureLeftIsNotWantedAndIsAskedForAgainWhenItComesBack() {
        let renderer = DiffRenderer(sink: RecordingSink(), colorMode: .trueColor, graphics: .sixel, makesPicturesLater: true)
        let picture = SolidPicture((1, 2, 3)), other = SolidPicture((3, 2, 1))
        renderer.render(frame(pictureAt: 2, picture))
        let first = renderer.takePictureJobs()
        renderer.render(frame(pictureAt: 2, other))
        XCTAssertFalse(renderer.wants(first[0]), "its picture left the screen")
        XCTAssertTrue(renderer.wants(renderer.takePictureJobs()[0]), "the other is on screen")
        // Made anyway, after it left: dropped, and asked for again when it comes back.
        renderer.adopt(first[0].make())
        renderer.render(frame(pictureAt: 2, picture))
        XCTAssertEqual(renderer.takePictureJobs().count, 1)
    }

    func testAPictureThatCannotBeMadeIsNotAskedForAgain() {
        let sink = RecordingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .iterm, makesPicturesLater: true, compressesPictures: true)
        let withoutPNG = SolidPicture((1, 1, 1), png: nil)
        renderer.render(frame(pictureAt: 2, withoutPNG))
        renderer.takePictureJobs().forEach { renderer.adopt($0.make()) }
        renderer.render(frame(pictureAt: 3, withoutPNG))
        renderer.render(frame(pictureAt: 2, withoutPNG))
        XCTAssertTrue(renderer.takePictureJobs().isEmpty, "a host that draws after each picture would loop otherwise")
        XCTAssertTrue(renderer.pictureCounts == (0, 0), "nor does it wait for it")
        XCTAssertFalse(sink.writes.contains { String(decoding: $0, as: UTF8.self).contains("1337") })
    }
}
