import ImageKit
import TerminalUI
import TextCells

// How a picture is drawn: an ``ImageSlot`` into its box (``ImageSlotView``), in symbols
// (``ImageRenderer``, memoized by ``PictureRenderCache``) or in the terminal's own pixels
// (``ImagePicture``, which the renderer places and sends), with the box's words when there is none.

/// The words a picture box says when it shows no picture (loading, none, why it failed), and its
/// words in the accessible text tier, in a screen's language.
public struct PictureWords: Sendable, Equatable {
    /// What a box says while its picture loads ("loading image"), and shorter for a narrow box ("loading").
    public var loading: String
    public var shortLoading: String
    /// What a box without a picture says ("no image").
    public var none: String
    /// The text tier's word for a picture ("picture", "pic") and for none ("no picture", "none").
    public var picture: String
    public var shortPicture: String
    public var noPicture: String
    public var shortNoPicture: String
    /// ``ImageError/reason`` in this language, by the English reason; a reason missing here is shown as it is.
    public var reasons: [String: String]

    public init(loading: String, shortLoading: String, none: String, picture: String, shortPicture: String, noPicture: String,
                shortNoPicture: String, reasons: [String: String]) {
        self.loading = loading
        self.shortLoading = shortLoading
        self.none = none
        self.picture = picture
        self.shortPicture = shortPicture
        self.noPicture = noPicture
        self.shortNoPicture = shortNoPicture
        self.reasons = reasons
    }

    public static let english = PictureWords(loading: "loading image", shortLoading: "loading", none: "no image", picture: "picture",
                                             shortPicture: "pic", noPicture: "no picture", shortNoPicture: "none", reasons: [:])
    public static let german = PictureWords(loading: "Bild lädt", shortLoading: "lädt", none: "kein Bild", picture: "Bild",
                                            shortPicture: "Bild", noPicture: "kein Bild", shortNoPicture: "keins",
                                            reasons: ["not an image": "kein Bildformat", "broken image": "Bild defekt",
                                                      "too large": "zu groß", "image unavailable": "Bild nicht verfügbar"])

    /// `reason` (an ``ImageError/reason``, or a feature's own words) in this language.
    public func reason(_ reason: String) -> String {
        reasons[reason] ?? reason
    }
}

/// Draws an ``ImageSlot`` into a rectangle: the picture (placed in the terminal's pixels, drawn with
/// symbols, or the luminance ramp without colors), a spinner while loading, or a framed placeholder
/// that says why there is no picture.
public enum ImageSlotView {
    /// - Parameter cache: where a view keeps pictures it has rendered (nil renders every time).
    @MainActor
    /// - Parameter tier: how pictures are drawn (`--images`); `.none` leaves the box empty, `.text` says
    ///   in words what is there ("[picture: Apples]").
    /// - Parameter description: what the picture shows (a product's name), for `.text`.
    /// - Parameter words: the box's words in the screen's language.
    public static func draw(_ slot: ImageSlot, into frame: inout Frame, rect: Rect, colorMode: ColorMode, tier: PictureTier = .halfBlocks,
                            tick: Int, cache: PictureRenderCache? = nil, description: String? = nil, words: PictureWords = .english) {
        // No pictures (`--images none`): an empty box whatever the slot, never a spinner for a picture
        // that is not fetched, nor a failure the user did not ask to hear of.
        guard !rect.isEmpty, tier != .none else { return }
        if tier == .text {
            drawWords(slot, description: description, words: words, into: &frame, rect: rect)
            return
        }
        switch slot {
        case .loaded(let image):
            // In the terminal's own pixels: the renderer sends and places the picture over these cells.
            if tier.graphics != nil, colorMode != .none {
                frame.place(ImagePicture(image), in: rect)
                return
            }
            guard let mode = ImageRenderMode(colorMode: colorMode, tier: tier) else { return }
            let picture = cache?.render(image, in: rect.size, mode: mode) ?? ImageRenderer.render(image, in: rect.size, mode: mode)
            frame.draw(picture, at: rect.origin)
        case .loading:
            let spinner = Spinner.frame(tick: tick)
            placeholder([spinner + " " + words.loading, spinner + " " + words.shortLoading, spinner], into: &frame, rect: rect)
        case .unavailable(let reason):
            // A failed picture must not look like one that is loading, even in a box a few columns wide.
            placeholder([words.reason(reason), words.none, "×"], into: &frame, rect: rect)
        case .none:
            placeholder([words.none, "–"], into: &frame, rect: rect)
        }
    }

    /// The slot in words at the box's top left: no box, no blocks, nothing a screen reader would spell
    /// out glyph by glyph. The whole sentence where it fits (wrapped at words), else the shortest
    /// form that fits on one line, never a word cut in two.
    private static func drawWords(_ slot: ImageSlot, description: String?, words: PictureWords, into frame: inout Frame, rect: Rect) {
        let about = description.map { ": " + Sanitizer.sanitize($0) } ?? ""
        let picture = words.picture, pic = words.shortPicture, none = words.noPicture, shortNone = words.shortNoPicture
        let forms: [String]
        switch slot {
        // Loading reads as loaded: a row's words changing as its picture arrives is noise to a screen
        // reader, and what the picture is does not change.
        case .loaded, .loading: forms = ["[\(picture)\(about)]", "[\(picture)]", "[\(pic)]", pic]
        case .unavailable(let reason): forms = ["[\(none)\(about): \(words.reason(reason))]", "[\(none)]", "[\(shortNone)]", shortNone]
        case .none: forms = ["[\(none)\(about)]", "[\(none)]", "[\(shortNone)]", shortNone]
        }
        let wrapped = TextWrap.wrap(forms[0], width: rect.columns)
        // Narrower than every form: nothing, rather than a word cut in two.
        guard let shortest = forms.first(where: { DisplayWidth.of($0) <= rect.columns }) else { return }
        let lines = wrapped.count <= rect.rows && wrapped.allSatisfy({ DisplayWidth.of($0) <= rect.columns }) && rect.columns >= 12
            ? wrapped : [shortest]
        for (offset, line) in lines.enumerated() {
            frame.put(line, at: Point(column: rect.column, row: rect.row + offset), style: Style(dim: true), maxColumns: rect.columns)
        }
    }

    /// The first of `texts` (longest first) that fits the box whole: a label is never cut to "ima…".
    private static func placeholder(_ texts: [String], into frame: inout Frame, rect: Rect) {
        let style = Style(foreground: .gray, dim: true)
        let boxed = rect.rows >= 3 && rect.columns >= 6
        if boxed {
            Box.draw(into: &frame, rect: rect, title: nil, style: style)
        }
        let room = max(0, rect.columns - (boxed ? 4 : 0))
        guard let label = texts.first(where: { DisplayWidth.of($0) <= room }) ?? texts.last.map({ Truncation.truncate($0, width: room) }) else { return }
        let width = DisplayWidth.of(label)
        frame.put(label, at: Point(column: rect.column + max(0, (rect.columns - width) / 2), row: rect.row + rect.rows / 2),
                  style: style, maxColumns: rect.columns)
    }
}

/// How an image becomes terminal cells.
public enum ImageRenderMode: Sendable, Equatable {
    /// Each cell shows two pixels: "▀" with the top pixel as foreground and the bottom one as background.
    /// Needs colors; use `.ascii` when the color mode is `.none`.
    case halfBlocks
    /// Each cell shows four pixels (two by two): the quadrant glyph and two colours that, of every
    /// way to split the four into two groups, leave the least colour error (as chafa and timg choose).
    case quadrants
    /// Each cell shows six pixels (two across, three down), chosen as for ``quadrants``, with the
    /// sextant glyphs of Unicode 13 (U+1FB00–1FB3B), ▌ and ▐.
    case sextants
    /// One character per cell from the luminance ramp " .:-=+*#%@" (dark = space), no colors; for `--plain`.
    case ascii

    /// Half blocks wherever colors exist; the ASCII ramp when the terminal shows none (NO_COLOR, TERM=dumb),
    /// where "▀" without colors would draw solid bars.
    public init(colorMode: ColorMode) {
        self = colorMode == .none ? .ascii : .halfBlocks
    }

    /// The mode for a picture tier; nil for `.none` (no pictures) and `.text` (words instead). Without colours every tier is the ramp;
    /// the pixel tiers draw with sextants where a picture cannot be placed (see ``ImageSlotView``).
    public init?(colorMode: ColorMode, tier: PictureTier) {
        switch tier {
        case .none, .text: return nil
        case _ where colorMode == .none, .ascii: self = .ascii
        case .halfBlocks: self = .halfBlocks
        case .kitty, .iterm, .sixel: self = .sextants
        case .quadrants: self = .quadrants
        case .sextants: self = .sextants
        }
    }
}

/// Turns an `RGBImage` into a `Frame` of cells. Pure: same input, same frame; nothing is memoized.
public enum ImageRenderer {
    /// The luminance ramp of `.ascii`, darkest first.
    public static let asciiRamp: [Character] = Array(" .:-=+*#%@")
    /// The glyph of `.halfBlocks` (upper half block).
    public static let halfBlock = "▀"

    /// Renders `image` into a frame of `cells`, fitted (aspect ratio kept) and centered.
    ///
    /// A cell is about twice as tall as it is wide, so the image is fitted into
    /// `cells.columns` x `cells.rows * 2` square pixels, two stacked pixels per cell. Centering is by
    /// whole cells; cells outside the image stay blank with the plain style (the screen shows through).
    /// When the fitted height is odd, the last row's lower half is the terminal's default background.
    public static func render(_ image: RGBImage, in cells: Size, mode: ImageRenderMode) -> Frame {
        switch mode {
        case .quadrants: return renderSymbols(image, in: cells, rowsPerCell: 2, glyphs: quadrantGlyphs)
        case .sextants: return renderSymbols(image, in: cells, rowsPerCell: 3, glyphs: sextantGlyphs)
        case .halfBlocks, .ascii: break
        }
        var frame = Frame(size: cells)
        let fitted = image.scaled(toFit: (cells.columns, cells.rows * 2))
        guard !fitted.isEmpty else { return frame }
        let cellRows = (fitted.height + 1) / 2
        let left = (cells.columns - fitted.width) / 2
        let top = (cells.rows - cellRows) / 2

        for row in 0..<cellRows {
            let upperY = row * 2, lowerY = row * 2 + 1
            for x in 0..<fitted.width {
                let upper = fitted[x, upperY]
                let lower: RGBPixel? = lowerY < fitted.height ? fitted[x, lowerY] : nil
                let cell: Cell
                switch mode {
                case .halfBlocks:
                    let style = Style(foreground: color(upper), background: lower.map(color) ?? .default)
                    cell = Cell(grapheme: halfBlock, width: 1, style: style)
                case .ascii, .quadrants, .sextants:
                    cell = Cell(grapheme: String(asciiCharacter(upper, lower)), width: 1, style: .plain)
                }
                frame.setCell(cell, column: left + x, row: top + row)
            }
        }
        return frame
    }

    /// The quadrant glyphs by the pixels they ink (bit 0 top left, 1 top right, 2 bottom left); the
    /// bottom right pixel is always in the other group, so these seven and "▀" over one colour cover
    /// every split of four pixels in two.
    static let quadrantGlyphs: [String] = ["▀", "▘", "▝", "▀", "▖", "▌", "▞", "▛"]

    /// The sextant glyphs by the pixels they ink (bits 0–4: top left, top right, middle left, middle
    /// right, bottom left; the bottom right is always the other group's). Unicode numbers the sextants
    /// by the same bits and leaves out the two that exist already: the left column (▌) and the right (▐).
    static let sextantGlyphs: [String] = (0..<32).map { mask in
        switch mask {
        case 0: "▀"
        case 0b10101: "▌"
        default: String(Character(Unicode.Scalar(0x1FB00 + mask - 1 - (mask > 0b10101 ? 1 : 0))!))
        }
    }

    /// The symbol tiers: the picture fitted as for half blocks (aspect ratio kept, centered by whole
    /// cells), then sampled two across and `rowsPerCell` down per cell; each cell takes the split of
    /// its samples with the least colour error, drawn by `glyphs[mask]` (ink in the foreground). A
    /// last cell row the picture does not fill repeats its last samples.
    static func renderSymbols(_ image: RGBImage, in cells: Size, rowsPerCell: Int, glyphs: [String]) -> Frame {
        var frame = Frame(size: cells)
        let fitted = image.fittingSize(in: (cells.columns, cells.rows * 2))
        guard fitted.width > 0, fitted.height > 0 else { return frame }
        // The picture is `fitted.height` half-cells tall: `rowsPerCell` samples a cell make it this many.
        let sampleRows = max(1, (fitted.height * rowsPerCell + 1) / 2)
        let samples = image.resized(width: fitted.width * 2, height: sampleRows)
        guard !samples.isEmpty else { return frame }
        let cellRows = (sampleRows + rowsPerCell - 1) / rowsPerCell
        let left = (cells.columns - fitted.width) / 2
        let top = (cells.rows - cellRows) / 2
        var pixels = [RGBPixel](repeating: .black, count: 2 * rowsPerCell)
        for row in 0..<cellRows {
            for column in 0..<fitted.width {
                for down in 0..<rowsPerCell {
                    let y = min(row * rowsPerCell + down, samples.height - 1)
                    pixels[down * 2] = samples[column * 2, y]
                    pixels[down * 2 + 1] = samples[column * 2 + 1, y]
                }
                frame.setCell(symbolCell(pixels, glyphs: glyphs), column: left + column, row: top + row)
            }
        }
        return frame
    }

    /// The glyph and colours for a cell's samples (row by row, left then right) with the least squared
    /// colour error; the last sample is always in the background's group.
    static func symbolCell(_ pixels: [RGBPixel], glyphs: [String]) -> Cell {
        var best = (mask: 0, error: Int.max, ink: pixels[0], paper: pixels[0])
        let last = pixels.count - 1
        for mask in 0..<(1 << last) {
            var ink = (0, 0, 0, 0), paper = (0, 0, 0, 0)
            for (index, pixel) in pixels.enumerated() {
                if index < last, mask & (1 << index) != 0 {
                    ink = (ink.0 + Int(pixel.red), ink.1 + Int(pixel.green), ink.2 + Int(pixel.blue), ink.3 + 1)
                } else {
                    paper = (paper.0 + Int(pixel.red), paper.1 + Int(pixel.green), paper.2 + Int(pixel.blue), paper.3 + 1)
                }
            }
            let inkMean = ink.3 == 0 ? pixels[last] : average(ink), paperMean = average(paper)
            var error = 0
            for (index, pixel) in pixels.enumerated() {
                let mean = index < last && mask & (1 << index) != 0 ? inkMean : paperMean
                let red = Int(pixel.red) - Int(mean.red), green = Int(pixel.green) - Int(mean.green), blue = Int(pixel.blue) - Int(mean.blue)
                error += red * red + green * green + blue * blue
                if error >= best.error { break }
            }
            if error < best.error { best = (mask, error, inkMean, paperMean) }
        }
        // One colour (mask 0): the upper half block over the same colour.
        let ink = best.mask == 0 ? best.paper : best.ink
        return Cell(grapheme: glyphs[best.mask], width: 1, style: Style(foreground: color(ink), background: color(best.paper)))
    }

    private static func average(_ sums: (Int, Int, Int, Int)) -> RGBPixel {
        let count = max(1, sums.3)
        return RGBPixel(red: UInt8((sums.0 + count / 2) / count), green: UInt8((sums.1 + count / 2) / count),
                        blue: UInt8((sums.2 + count / 2) / count))
    }

    /// A truecolor cell color with its nearest 256-color index precomputed as the fallback.
    public static func color(_ pixel: RGBPixel) -> Color {
        // The palette's match is TerminalUI's own, the one its renderer uses for every colour.
        .rgb(pixel.red, pixel.green, pixel.blue, fallback: RGB(pixel.red, pixel.green, pixel.blue).nearestPaletteIndex)
    }

    /// Perceived brightness 0...255 (ITU-R BT.601 weights), rounded.
    public static func luminance(_ pixel: RGBPixel) -> Int {
        (299 * Int(pixel.red) + 587 * Int(pixel.green) + 114 * Int(pixel.blue) + 500) / 1000
    }

    /// The ramp character for the average luminance of one or two pixels.
    static func asciiCharacter(_ upper: RGBPixel, _ lower: RGBPixel?) -> Character {
        let brightness = lower.map { (luminance(upper) + luminance($0) + 1) / 2 } ?? luminance(upper)
        return asciiRamp[min(asciiRamp.count - 1, brightness * asciiRamp.count / 256)]
    }
}

/// Pictures already rendered for a size, so that a key press does not scale every picture on
/// screen again (a 512-pixel picture scaled to 10 × 5 cells is most of a frame's work). A view keeps
/// one; it holds at most `capacity` small rendered frames, the least recently drawn go first.
@MainActor
public final class PictureRenderCache {
    private struct Key: Hashable {
        let image: ObjectIdentifier
        let size: Size
        let mode: ImageRenderMode
    }
    private struct Entry {
        // Held so that the identifier cannot be reused by another image while the entry lives.
        let identity: RGBImage.Identity
        let frame: Frame
        var lastUse: Int
    }
    private var entries: [Key: Entry] = [:]
    private var clock = 0
    public let capacity: Int

    public init(capacity: Int = 128) {
        self.capacity = max(1, capacity)
    }

    /// ``ImageRenderer/render(_:in:mode:)``, from the cache when this picture was drawn at this size.
    public func render(_ image: RGBImage, in cells: Size, mode: ImageRenderMode) -> Frame {
        clock += 1
        let key = Key(image: ObjectIdentifier(image.identity), size: cells, mode: mode)
        if let entry = entries[key] {
            entries[key]?.lastUse = clock
            return entry.frame
        }
        let frame = ImageRenderer.render(image, in: cells, mode: mode)
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        entries[key] = Entry(identity: image.identity, frame: frame, lastUse: clock)
        return frame
    }

    /// How many rendered pictures are kept (for tests).
    public var count: Int { entries.count }
}

/// A decoded image as a picture the terminal draws in its own pixels (kitty, iTerm2, sixel):
/// fitted into a box of pixels, centred, with a transparent margin, as RGBA or as a PNG file.
public struct ImagePicture: PictureSource {
    public let image: RGBImage

    public init(_ image: RGBImage) {
        self.image = image
    }

    public var identity: AnyObject & Sendable { image.identity }

    public func rgba(fittingIn box: PixelSize) -> [UInt8] {
        guard box.width > 0, box.height > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: box.width * box.height * 4)
        let fitted = image.scaled(toFit: (box.width, box.height))
        guard !fitted.isEmpty else { return output }
        let left = (box.width - fitted.width) / 2, top = (box.height - fitted.height) / 2
        fitted.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<fitted.height {
                    var from = y * fitted.width * 3
                    var to = ((top + y) * box.width + left) * 4
                    for _ in 0..<fitted.width {
                        target[to] = source[from]; target[to + 1] = source[from + 1]; target[to + 2] = source[from + 2]
                        target[to + 3] = 255
                        from += 3
                        to += 4
                    }
                }
            }
        }
        return output
    }

    public func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? {
        PNGEncoder.encode(rgba: rgba, width: size.width, height: size.height)
    }

    public func deflated(_ bytes: [UInt8]) -> [UInt8]? {
        Deflate.compress(bytes)
    }

    /// The scaled pixels themselves when the picture has the box's shape (the common case of a
    /// picture drawn at the aspect of its box); nil when it leaves a margin.
    public func rgb(fillingExactly box: PixelSize) -> [UInt8]? {
        guard box.width > 0, box.height > 0, !image.isEmpty else { return nil }
        let size = image.fittingSize(in: (box.width, box.height))
        guard size.width == box.width, size.height == box.height else { return nil }
        return image.resized(width: box.width, height: box.height).pixels
    }
}
