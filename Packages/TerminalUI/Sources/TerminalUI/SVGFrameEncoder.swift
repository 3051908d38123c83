import TextCells

/// A frame as an SVG picture (`--svg`): what a terminal would show, drawn from the frame itself, so
/// the same frame always gives the same file (the README's pictures are made so, and a test
/// compares them with what the app draws now).
///
/// Cells are `cell` pixels; each row's text is drawn in runs of one style, each run stretched to its
/// columns (`textLength`), so the grid holds whatever monospace font the viewer has. Backgrounds
/// and the block elements pictures and bars are made of (█ ▀ ▄ ▌ ▐) are rectangles, not glyphs,
/// so they meet without the gaps fonts leave. Pictures placed in the terminal's own pixels are PNG
/// images of the picture fitted into their cells, cut where the frame cuts them, made at
/// `pictureDensity` of the cells' pixels (half by default: a page's picture, not a terminal's, at a
/// quarter of the bytes) and drawn at their full size. Colours
/// are `theme`'s, as the renderer would send them; the default colours are the theme's background's.
public enum SVGFrameEncoder {
    /// The SVG document of `frame`.
    public static func encode(_ frame: Frame, theme: ColorTheme = .dark, cell: PixelSize = PixelSize(width: 10, height: 20),
                              pictureDensity: Double = 0.5) -> String {
        let width = frame.size.columns * cell.width, height = frame.size.rows * cell.height
        let defaults = defaultColors(theme)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" \
            font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="\(cell.height * 4 / 5)" xml:space="preserve">

            """
        svg += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"\(hex(defaults.background))\"/>\n"
        for row in 0..<frame.size.rows {
            svg += backgrounds(frame, row: row, theme: theme, defaults: defaults, cell: cell)
        }
        // Cells under a picture hold what the terminal needs there (kitty's placeholders): the picture is drawn instead.
        var underPicture = Set<Point>()
        for placement in frame.pictures {
            let visible = placement.visible
            for row in visible.row..<(visible.row + visible.rows) {
                for column in visible.column..<(visible.column + visible.columns) { underPicture.insert(Point(column: column, row: row)) }
            }
        }
        for row in 0..<frame.size.rows {
            svg += text(frame, row: row, theme: theme, defaults: defaults, cell: cell, underPicture: underPicture)
        }
        for placement in frame.pictures {
            svg += picture(placement, cell: cell, density: pictureDensity)
        }
        return svg + "</svg>\n"
    }

    // MARK: Colours

    private static func defaultColors(_ theme: ColorTheme) -> (foreground: RGB, background: RGB) {
        switch (theme.name, theme.background) {
        case (.highContrast, .dark): (RGB(0xFF, 0xFF, 0xFF), RGB(0x00, 0x00, 0x00))
        case (.highContrast, .light): (RGB(0x00, 0x00, 0x00), RGB(0xFF, 0xFF, 0xFF))
        case (_, .light): (RGB(0x1E, 0x1E, 0x1E), RGB(0xFF, 0xFF, 0xFF))
        case (_, .dark): (RGB(0xD4, 0xD4, 0xD4), RGB(0x1E, 0x1E, 0x1E))
        }
    }

    /// xterm's 16 system colours, for the ones a theme leaves as they are.
    private static let systemColors: [RGB] = [
        RGB(0x00, 0x00, 0x00), RGB(0xCD, 0x00, 0x00), RGB(0x00, 0xCD, 0x00), RGB(0xCD, 0xCD, 0x00),
        RGB(0x00, 0x00, 0xEE), RGB(0xCD, 0x00, 0xCD), RGB(0x00, 0xCD, 0xCD), RGB(0xE5, 0xE5, 0xE5),
        RGB(0x7F, 0x7F, 0x7F), RGB(0xFF, 0x00, 0x00), RGB(0x00, 0xFF, 0x00), RGB(0xFF, 0xFF, 0x00),
        RGB(0x5C, 0x5C, 0xFF), RGB(0xFF, 0x00, 0xFF), RGB(0x00, 0xFF, 0xFF), RGB(0xFF, 0xFF, 0xFF),
    ]

    /// `color` as the theme draws it; nil for the terminal's default.
    private static func rgb(_ color: Color, _ theme: ColorTheme) -> RGB? {
        switch theme.resolve(color) {
        case .default: nil
        case .rgb(let red, let green, let blue, _): RGB(red, green, blue)
        case .indexed(let index): RGB(paletteIndex: index) ?? systemColors[Int(index)]
        }
    }

    /// The foreground and background a cell is drawn in (reverse video swapped).
    private static func colors(_ style: Style, _ theme: ColorTheme, _ defaults: (foreground: RGB, background: RGB)) -> (foreground: RGB, background: RGB) {
        let foreground = rgb(style.foreground, theme) ?? defaults.foreground
        let background = rgb(style.background, theme) ?? defaults.background
        return style.reverse ? (background, foreground) : (foreground, background)
    }

    private static func hex(_ color: RGB) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + String([color.red, color.green, color.blue].flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
    }

    // MARK: Rows

    /// The row's backgrounds other than the default, a rectangle a run.
    private static func backgrounds(_ frame: Frame, row: Int, theme: ColorTheme, defaults: (foreground: RGB, background: RGB), cell: PixelSize) -> String {
        var out = ""
        var column = 0
        while column < frame.size.columns {
            let background = colors(frame[column, row].style, theme, defaults).background
            var end = column + 1
            while end < frame.size.columns, colors(frame[end, row].style, theme, defaults).background == background { end += 1 }
            if background != defaults.background {
                out += rect(column: column, row: row, columns: end - column, cell: cell, fill: background)
            }
            column = end
        }
        return out
    }

    /// Block elements drawn as rectangles: the part of the cell each inks (in eighths across, then down).
    private static let blocks: [String: (x: Int, y: Int, width: Int, height: Int)] = [
        "█": (0, 0, 8, 8), "▀": (0, 0, 8, 4), "▄": (0, 4, 8, 4), "▌": (0, 0, 4, 8), "▐": (4, 0, 4, 8),
    ]

    /// The row's text, in runs of one style; block elements as rectangles.
    private static func text(_ frame: Frame, row: Int, theme: ColorTheme, defaults: (foreground: RGB, background: RGB), cell: PixelSize,
                             underPicture: Set<Point>) -> String {
        func isBlank(_ column: Int) -> Bool {
            let grapheme = frame[column, row].grapheme
            return grapheme.isEmpty || grapheme == " " || underPicture.contains(Point(column: column, row: row))
        }
        var out = ""
        var column = 0
        while column < frame.size.columns {
            let first = frame[column, row]
            if first.isContinuation || isBlank(column) {
                column += 1
                continue
            }
            let foreground = colors(first.style, theme, defaults).foreground
            if let arms = boxArms[first.grapheme] {
                // A rule (─ or ═ cells in one colour) is one line.
                var end = column + 1
                if first.grapheme == "─" || first.grapheme == "═" {
                    while end < frame.size.columns, frame[end, row].grapheme == first.grapheme, !underPicture.contains(Point(column: end, row: row)),
                          colors(frame[end, row].style, theme, defaults).foreground == foreground { end += 1 }
                }
                out += boxLines(arms, column: column, columns: end - column, row: row, cell: cell, color: foreground)
                column = end
                continue
            }
            if let block = blocks[first.grapheme] {
                out += "<rect x=\"\(column * cell.width + block.x * cell.width / 8)\" y=\"\(row * cell.height + block.y * cell.height / 8)\" "
                    + "width=\"\(block.width * cell.width / 8)\" height=\"\(block.height * cell.height / 8)\" fill=\"\(hex(foreground))\"/>\n"
                column += 1
                continue
            }
            // A run: cells of this style, spaces within it included, up to a block element.
            // Trailing spaces belong to no run: `drawn` is the text up to the last inked cell.
            var end = column, text = "", drawn = "", lastInk = column
            while end < frame.size.columns {
                let current = frame[end, row]
                if current.isContinuation { end += 1; continue }
                let blank = isBlank(end)
                guard blocks[current.grapheme] == nil, boxArms[current.grapheme] == nil, blank || sameInk(current.style, first.style, theme, defaults) else { break }
                text += blank ? " " : Sanitizer.sanitize(current.grapheme)
                end += max(1, Int(current.width))
                if !blank {
                    lastInk = end
                    drawn = text
                }
            }
            let runColumns = lastInk - column
            var attributes = "x=\"\(column * cell.width)\" y=\"\(row * cell.height + cell.height * 4 / 5 - 1)\" textLength=\"\(runColumns * cell.width)\" "
                + "lengthAdjust=\"spacingAndGlyphs\" fill=\"\(hex(foreground))\""
            if first.style.bold { attributes += " font-weight=\"bold\"" }
            if first.style.italic { attributes += " font-style=\"italic\"" }
            if first.style.underline || first.style.link != 0 { attributes += " text-decoration=\"underline\"" }
            if first.style.dim { attributes += " fill-opacity=\"0.6\"" }
            out += "<text \(attributes)>\(escaped(drawn))</text>\n"
            column = end
        }
        return out
    }

    /// Box drawing as lines from the cell's centre (up, down, left, right; double lines as one of
    /// twice the weight), so borders and dividers meet across cells whatever the font.
    private static let boxArms: [String: (up: Bool, down: Bool, left: Bool, right: Bool, double: Bool)] = {
        var arms: [String: (up: Bool, down: Bool, left: Bool, right: Bool, double: Bool)] = [:]
        let light: [(String, Bool, Bool, Bool, Bool)] = [
            ("─", false, false, true, true), ("│", true, true, false, false), ("┌", false, true, false, true), ("┐", false, true, true, false),
            ("└", true, false, false, true), ("┘", true, false, true, false), ("├", true, true, false, true), ("┤", true, true, true, false),
            ("┬", false, true, true, true), ("┴", true, false, true, true), ("┼", true, true, true, true),
            ("╭", false, true, false, true), ("╮", false, true, true, false), ("╰", true, false, false, true), ("╯", true, false, true, false),
        ]
        let double: [(String, Bool, Bool, Bool, Bool)] = [
            ("═", false, false, true, true), ("║", true, true, false, false), ("╔", false, true, false, true), ("╗", false, true, true, false),
            ("╚", true, false, false, true), ("╝", true, false, true, false),
        ]
        for (glyph, up, down, left, right) in light { arms[glyph] = (up, down, left, right, false) }
        for (glyph, up, down, left, right) in double { arms[glyph] = (up, down, left, right, true) }
        return arms
    }()

    private static func boxLines(_ arms: (up: Bool, down: Bool, left: Bool, right: Bool, double: Bool), column: Int, columns: Int = 1, row: Int,
                                 cell: PixelSize, color: RGB) -> String {
        let weight = arms.double ? 2 : 1
        let left = column * cell.width, top = row * cell.height
        if columns > 1 { return "<rect x=\"\(left)\" y=\"\(top + (cell.height - weight) / 2)\" width=\"\(columns * cell.width)\" height=\"\(weight)\" fill=\"\(hex(color))\"/>\n" }
        let centreX = left + (cell.width - weight) / 2, centreY = top + (cell.height - weight) / 2
        var lines = ""
        func line(_ x: Int, _ y: Int, _ width: Int, _ height: Int) {
            lines += "<rect x=\"\(x)\" y=\"\(y)\" width=\"\(width)\" height=\"\(height)\" fill=\"\(hex(color))\"/>\n"
        }
        if arms.left || arms.right {
            let from = arms.left ? left : centreX, to = arms.right ? left + cell.width : centreX + weight
            line(from, centreY, to - from, weight)
        }
        if arms.up || arms.down {
            let from = arms.up ? top : centreY, to = arms.down ? top + cell.height : centreY + weight
            line(centreX, from, weight, to - from)
        }
        return lines
    }

    /// Whether two styles draw text alike (their backgrounds are drawn apart).
    private static func sameInk(_ one: Style, _ other: Style, _ theme: ColorTheme, _ defaults: (foreground: RGB, background: RGB)) -> Bool {
        colors(one, theme, defaults).foreground == colors(other, theme, defaults).foreground && one.bold == other.bold
            && one.italic == other.italic && one.underline == other.underline && one.dim == other.dim && (one.link != 0) == (other.link != 0)
    }

    private static func rect(column: Int, row: Int, columns: Int, cell: PixelSize, fill: RGB) -> String {
        "<rect x=\"\(column * cell.width)\" y=\"\(row * cell.height)\" width=\"\(columns * cell.width)\" height=\"\(cell.height)\" fill=\"\(hex(fill))\"/>\n"
    }

    private static func escaped(_ text: String) -> String {
        // Scalar by scalar: "&" followed by a combining mark is one Character, and must still be escaped.
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            // XML has no place for the noncharacters U+FFFE and U+FFFF: a document holding one is refused whole.
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    // MARK: Pictures

    /// A placed picture as a PNG image in its cells' pixels, inside a viewport of its visible cells.
    private static func picture(_ placement: PicturePlacement, cell: PixelSize, density: Double) -> String {
        let box = PixelSize(width: placement.rect.columns * cell.width, height: placement.rect.rows * cell.height)
        let made = PixelSize(width: max(1, Int((Double(box.width) * density).rounded())), height: max(1, Int((Double(box.height) * density).rounded())))
        guard box.width > 0, box.height > 0, placement.visible.columns > 0, placement.visible.rows > 0,
              let png = placement.source.png(fittingIn: made) else { return "" }
        var data: [UInt8] = []
        Base64.append(png[...], to: &data)
        let visible = placement.visible
        let offset = (x: (visible.column - placement.rect.column) * cell.width, y: (visible.row - placement.rect.row) * cell.height)
        return "<svg x=\"\(visible.column * cell.width)\" y=\"\(visible.row * cell.height)\" width=\"\(visible.columns * cell.width)\" "
            + "height=\"\(visible.rows * cell.height)\" viewBox=\"\(offset.x) \(offset.y) \(visible.columns * cell.width) \(visible.rows * cell.height)\">"
            + "<image width=\"\(box.width)\" height=\"\(box.height)\" href=\"data:image/png;base64,\(String(decoding: data, as: UTF8.self))\"/></svg>\n"
    }
}
