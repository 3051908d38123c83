import TerminalUI

/// How an image becomes terminal cells.
public enum ImageRenderMode: Sendable, Equatable {
    /// Each cell shows two pixels: "▀" with the top pixel as foreground and the bottom one as background.
    /// Needs colors; use `.ascii` when the color mode is `.none`.
    case halfBlocks
    /// One character per cell from the luminance ramp " .:-=+*#%@" (dark = space), no colors; for `--plain`.
    case ascii

    /// Half blocks wherever colors exist; the ASCII ramp when the terminal shows none (NO_COLOR, TERM=dumb),
    /// where "▀" without colors would draw solid bars.
    public init(colorMode: ColorMode) {
        self = colorMode == .none ? .ascii : .halfBlocks
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
                case .ascii:
                    cell = Cell(grapheme: String(asciiCharacter(upper, lower)), width: 1, style: .plain)
                }
                frame.setCell(cell, column: left + x, row: top + row)
            }
        }
        return frame
    }

    /// A truecolor cell color with its nearest 256-color index precomputed as the fallback.
    public static func color(_ pixel: RGBPixel) -> Color {
        .rgb(pixel.red, pixel.green, pixel.blue,
             fallback: XTermPalette.nearestIndex(red: pixel.red, green: pixel.green, blue: pixel.blue))
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
