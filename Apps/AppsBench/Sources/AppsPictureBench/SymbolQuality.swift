import ImageKit

/// How close a picture drawn with block symbols comes to its source: the terminal output (ours or
/// chafa's) is read back into cells, each cell's glyph splits it into two columns of sample rows
/// coloured with its foreground where the glyph inks and its background elsewhere (partly inked samples
/// mix them), and the samples are compared with the source scaled to the same grid.
enum SymbolQuality {
    struct ScreenCell {
        var glyph: Unicode.Scalar
        var foreground: RGBPixel
        var background: RGBPixel
    }

    /// Mean Euclidean RGB distance (0–441) per sample, two across and `rowsPerCell` down per cell, over
    /// the cells the output drew; and how many cells held a glyph this does not know (counted as background).
    static func meanError(output: [UInt8], source: RGBImage, rowsPerCell: Int) -> (error: Double, unknown: Int)? {
        let cells = parse(output)
        guard let top = cells.keys.map(\.row).min(), let bottom = cells.keys.map(\.row).max(),
              let left = cells.keys.map(\.column).min(), let right = cells.keys.map(\.column).max() else { return nil }
        let columns = right - left + 1, rows = bottom - top + 1
        let expected = source.resized(width: columns * 2, height: rows * rowsPerCell)
        var total = 0.0, unknown = 0
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = cells[Position(row: top + row, column: left + column)]
                    ?? ScreenCell(glyph: " ", foreground: .black, background: .black)
                let profile = coverage(cell.glyph)
                if profile == nil { unknown += 1 }
                for down in 0..<rowsPerCell {
                    for across in 0..<2 {
                        let inked = profile.map { sampleCoverage($0[across], row: down, of: rowsPerCell) } ?? 0
                        let seen = mix(cell.foreground, cell.background, inked)
                        let wanted = expected[column * 2 + across, row * rowsPerCell + down]
                        let red = seen.0 - Double(wanted.red), green = seen.1 - Double(wanted.green), blue = seen.2 - Double(wanted.blue)
                        total += (red * red + green * green + blue * blue).squareRoot()
                    }
                }
            }
        }
        return (total / Double(columns * rows * 2 * rowsPerCell), unknown)
    }

    struct Position: Hashable {
        var row: Int
        var column: Int
    }

    /// The cells an output writes: cursor moves (CSI H, C), newlines, SGR truecolour, reverse and
    /// reset; other sequences are skipped. The default colours count as black.
    static func parse(_ bytes: [UInt8]) -> [Position: ScreenCell] {
        var cells: [Position: ScreenCell] = [:]
        var row = 0, column = 0
        var foreground = RGBPixel.black, background = RGBPixel.black, reverse = false
        var index = 0
        let text = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
        while index < text.count {
            let scalar = text[index]
            if scalar == "\u{1B}" {
                guard index + 1 < text.count else { break }
                if text[index + 1] == "[" {
                    var end = index + 2
                    while end < text.count, !(0x40...0x7E).contains(text[end].value) { end += 1 }
                    guard end < text.count else { break }
                    let parameters = String(String.UnicodeScalarView(text[(index + 2)..<end]))
                    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
                    switch text[end] {
                    case "H":
                        row = max(1, numbers.first.flatMap { $0 } ?? 1) - 1
                        column = max(1, (numbers.count > 1 ? numbers[1] : nil) ?? 1) - 1
                    case "C": column += max(1, numbers.first.flatMap { $0 } ?? 1)
                    case "m" where !parameters.hasPrefix("?"):
                        var position = 0
                        let values = numbers.map { $0 ?? 0 }
                        if values.isEmpty { foreground = .black; background = .black; reverse = false }
                        while position < values.count {
                            switch values[position] {
                            case 0: foreground = .black; background = .black; reverse = false
                            case 7: reverse = true
                            case 27: reverse = false
                            case 39: foreground = .black
                            case 49: background = .black
                            case let code where (code == 38 || code == 48) && position + 4 < values.count && values[position + 1] == 2:
                                let colour = RGBPixel(red: UInt8(clamping: values[position + 2]), green: UInt8(clamping: values[position + 3]),
                                                      blue: UInt8(clamping: values[position + 4]))
                                if values[position] == 38 { foreground = colour } else { background = colour }
                                position += 4
                            default: break
                            }
                            position += 1
                        }
                    default: break
                    }
                    index = end + 1
                } else {
                    // A string sequence (ESC _ … ESC \) or a two-byte escape.
                    index += 2
                }
                continue
            }
            switch scalar {
            case "\n": row += 1; column = 0
            case "\r": column = 0
            default:
                if scalar.value >= 0x20 {
                    cells[Position(row: row, column: column)] = ScreenCell(glyph: scalar, foreground: reverse ? background : foreground,
                                                                           background: reverse ? foreground : background)
                    column += 1
                }
            }
            index += 1
        }
        return cells
    }

    /// A glyph's ink in its left and right column, over six vertical units (a half block covers three,
    /// a quadrant three, a sextant two); nil for glyphs outside the block sets.
    static func coverage(_ glyph: Unicode.Scalar) -> [[Bool]]? {
        // Quadrant bits: 1 top left, 2 top right, 4 bottom left, 8 bottom right.
        func quadrants(_ bits: Int) -> [[Bool]] {
            [[bits & 1 != 0, bits & 1 != 0, bits & 1 != 0, bits & 4 != 0, bits & 4 != 0, bits & 4 != 0],
             [bits & 2 != 0, bits & 2 != 0, bits & 2 != 0, bits & 8 != 0, bits & 8 != 0, bits & 8 != 0]]
        }
        switch glyph.value {
        case 0x20: return quadrants(0)
        case 0x2580: return quadrants(3)    // ▀
        case 0x2584: return quadrants(12)   // ▄
        case 0x2588: return quadrants(15)   // █
        case 0x258C: return quadrants(5)    // ▌
        case 0x2590: return quadrants(10)   // ▐
        case 0x2596...0x259F:               // ▖▗▘▙▚▛▜▝▞▟
            return quadrants([4, 8, 1, 13, 9, 7, 11, 2, 6, 14][Int(glyph.value - 0x2596)])
        case 0x1FB00...0x1FB3B:
            // Sextant masks 1…62 without 21 (▌) and 42 (▐); bits: TL, TR, ML, MR, BL, BR.
            var mask = Int(glyph.value - 0x1FB00) + 1
            if mask >= 21 { mask += 1 }
            if mask >= 42 { mask += 1 }
            let rows = [(mask & 1, mask & 2), (mask & 4, mask & 8), (mask & 16, mask & 32)]
            return [rows.flatMap { [$0.0 != 0, $0.0 != 0] }, rows.flatMap { [$0.1 != 0, $0.1 != 0] }]
        default: return nil
        }
    }

    private static func sampleCoverage(_ units: [Bool], row: Int, of rows: Int) -> Double {
        // Sample `row` of `rows` spans units [row * 6 / rows, (row + 1) * 6 / rows).
        let start = Double(row) * 6 / Double(rows), end = Double(row + 1) * 6 / Double(rows)
        var inked = 0.0
        for unit in 0..<6 where units[unit] {
            inked += max(0, min(end, Double(unit + 1)) - max(start, Double(unit)))
        }
        return inked / (end - start)
    }

    private static func mix(_ ink: RGBPixel, _ paper: RGBPixel, _ amount: Double) -> (Double, Double, Double) {
        (Double(ink.red) * amount + Double(paper.red) * (1 - amount), Double(ink.green) * amount + Double(paper.green) * (1 - amount),
         Double(ink.blue) * amount + Double(paper.blue) * (1 - amount))
    }
}
