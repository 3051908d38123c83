import ImageKit
import TerminalUI

// Rendering an image into cells: half blocks, quadrants, sextants or the ASCII ramp, fitted and centred.

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
