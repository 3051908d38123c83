import TextCells

/// One terminal cell: a grapheme cluster of display width 1 or 2 with a style.
///
/// A wide grapheme occupies its cell and the next one; the next one is a *continuation*
/// cell (empty grapheme, width 0) so that a wide character is never split.
public struct Cell: Hashable, Sendable {
    public var grapheme: String
    /// 1 or 2 for a leading cell, 0 for the continuation of a wide cell.
    public var width: UInt8
    public var style: Style

    public init(grapheme: String, width: UInt8 = 1, style: Style = .plain) {
        self.grapheme = grapheme
        self.width = width
        self.style = style
    }

    public static func blank(_ style: Style = .plain) -> Cell { Cell(grapheme: " ", width: 1, style: style) }
    public var isContinuation: Bool { width == 0 }

    /// Cells are equal when they write the same bytes: comparing UTF-8 skips the canonical-equivalence
    /// work of `String ==` on every cell of every frame the renderer diffs.
    public static func == (lhs: Cell, rhs: Cell) -> Bool {
        guard lhs.width == rhs.width, lhs.style == rhs.style else { return false }
        let left = lhs.grapheme.utf8, right = rhs.grapheme.utf8
        guard left.count == right.count else { return false }
        // Most cells hold one ASCII byte: compared without iterating the views.
        return left.count == 1 ? left.first == right.first : left.elementsEqual(right)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(style)
        for byte in grapheme.utf8 { hasher.combine(byte) }
    }
}

/// A rectangular grid of cells: what a view renders and what the renderer diffs.
public struct Frame: Hashable, Sendable {
    public let size: Size
    public private(set) var cells: [Cell]
    /// Pictures placed over some of the cells, drawn in the terminal's own pixels (see ``place(_:in:)``).
    public internal(set) var pictures: [PicturePlacement] = []
    /// The targets of the hyperlinks its cells belong to, by ``Style/link`` id (``putLink(_:target:at:style:maxColumns:)``).
    public internal(set) var links: [UInt64: String] = [:]
    /// Where the focused element is: a selected row's first cell, a focused button, a text field's
    /// caret. The accessible mode puts the terminal's cursor there, so screen readers and magnifiers
    /// follow the focus; the widget drawn last with the focus sets it (a dialog over a screen).
    public var cursor: Point?

    public init(size: Size, style: Style = .plain) {
        self.size = size
        self.cells = Array(repeating: .blank(style), count: size.columns * size.rows)
    }

    public var bounds: Rect { Rect(origin: Point(column: 0, row: 0), size: size) }

    /// The cell at `column`, `row`; a plain blank outside the frame.
    public subscript(column: Int, row: Int) -> Cell {
        get {
            guard column >= 0, row >= 0, column < size.columns, row < size.rows else { return .blank() }
            return cells[row * size.columns + column]
        }
    }

    /// Replaces one cell, repairing any wide cell it cuts in half (the orphaned half becomes a blank).
    ///
    /// A wide cell (width 2) also writes its continuation cell; a wide cell in the last column
    /// becomes a blank, and a continuation cell without a wide cell to its left becomes a blank,
    /// so the frame never holds half a character.
    public mutating func setCell(_ cell: Cell, column: Int, row: Int) {
        guard column >= 0, row >= 0, column < size.columns, row < size.rows else { return }
        let index = row * size.columns + column
        var cell = cell
        if cell.width == 2, column + 1 >= size.columns { cell = .blank(cell.style) }
        if cell.isContinuation {
            // Only valid right after a wide cell; then there is nothing to repair.
            guard column > 0, cells[index - 1].width == 2 else {
                replaceRepairing(index: index, column: column, with: .blank(cell.style))
                return
            }
            cells[index] = cell
            return
        }
        replaceRepairing(index: index, column: column, with: cell)
        if cell.width == 2 {
            let next = index + 1
            if cells[next].width == 2, column + 2 < size.columns { cells[next + 1] = .blank(cells[next + 1].style) }
            cells[next] = Cell(grapheme: "", width: 0, style: cell.style)
        }
    }

    private mutating func replaceRepairing(index: Int, column: Int, with cell: Cell) {
        let old = cells[index]
        if old.width == 2, column + 1 < size.columns {
            cells[index + 1] = .blank(cells[index + 1].style)
        } else if old.isContinuation, column > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        cells[index] = cell
    }

    /// The most scalars a cell keeps of one grapheme cluster: enough for any real emoji sequence
    /// (a family with skin tones is 11), while a letter followed by 2,000 joiners cannot make a cell
    /// that is kilobytes long and that terminals draw each their own way.
    public static let maximumScalarsPerCell = 16

    /// Writes `text` (sanitized) starting at `point`, clipped to `maxColumns` and the frame.
    /// A wide character that would not fit entirely is replaced by a space.
    /// - Returns: the number of columns written.
    @discardableResult
    public mutating func put(_ text: String, at point: Point, style: Style = .plain, maxColumns: Int? = nil) -> Int {
        guard point.row >= 0, point.row < size.rows else { return 0 }
        // Without maxColumns the frame's edge is the limit, also when the text starts left of column 0.
        let limit = maxColumns.map { min(size.columns, point.column + max(0, $0)) } ?? size.columns
        var column = point.column
        // Printable ASCII, box drawing and block elements (rules, borders, half-block pictures), the
        // common case, need neither sanitizing nor grapheme breaking nor a width lookup: none of them
        // combines with a neighbour, so each scalar is one cell of one column.
        if text.unicodeScalars.allSatisfy({ ($0.value >= 0x20 && $0.value < 0x7F) || (0x2500...0x259F).contains($0.value) }) {
            for scalar in text.unicodeScalars {
                if column >= limit { break }
                if column >= 0 {
                    setCell(Cell(grapheme: String(scalar), width: 1, style: style), column: column, row: point.row)
                }
                column += 1
            }
            return column - point.column
        }
        // Cell by cell as the terminal in front of us draws the text (WidthModel.current): a cluster it
        // draws as several glyphs (👩‍💻 in kitty or xterm) takes several cells, each written on its own.
        for (glyph, width) in WidthModel.current.cells(in: Sanitizer.sanitize(text)) {
            if width == 0 { continue } // zero-width clusters on their own (already merged into graphemes otherwise)
            if column + width > limit {
                if column < limit, width == 2 { setCell(.blank(style), column: column, row: point.row); column += 1 }
                break
            }
            if column >= 0 {
                var grapheme = String(glyph)
                if glyph.unicodeScalars.count > Self.maximumScalarsPerCell {
                    grapheme = String(String.UnicodeScalarView(glyph.unicodeScalars.prefix(Self.maximumScalarsPerCell)))
                }
                setCell(Cell(grapheme: grapheme, width: UInt8(width), style: style), column: column, row: point.row)
            } else if column + width > 0 {
                setCell(.blank(style), column: 0, row: point.row) // the visible half of a wide character cut by the left edge
            }
            column += width
        }
        return column - point.column
    }

    /// Fills `rect` (clipped to the frame) with blanks of `style`.
    public mutating func fill(_ rect: Rect, style: Style) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let blank = Cell.blank(style)
        for row in area.row..<area.maxRow {
            // Only the edges can cut a wide cell in half (setCell repairs it); between them every cell
            // is replaced whole, wide ones with their continuation (a picture's box erased costs a store a cell).
            setCell(blank, column: area.column, row: row)
            guard area.columns > 1 else { continue }
            let rowStart = row * size.columns
            for index in (rowStart + area.column + 1)..<(rowStart + area.maxColumn - 1) { cells[index] = blank }
            setCell(blank, column: area.maxColumn - 1, row: row)
        }
    }

    /// Changes the style of the cells in `rect` while keeping their text (e.g. to highlight a selection).
    public mutating func restyle(_ rect: Rect, _ transform: (inout Style) -> Void) {
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        for row in area.row..<area.maxRow {
            for column in area.column..<area.maxColumn {
                transform(&cells[row * size.columns + column].style)
            }
        }
    }

    /// Copies `other` into this frame with its top-left corner at `point`, clipped.
    /// Wide cells cut by the clip become blanks, so no half character is ever drawn.
    public mutating func draw(_ other: Frame, at point: Point) {
        if !other.pictures.isEmpty {
            carryPictures(of: other, from: other.bounds, shift: point, clip: bounds)
        }
        if !other.links.isEmpty { links.merge(other.links) { mine, _ in mine } }
        if let focus = other.cursor {
            let shifted = Point(column: focus.column + point.column, row: focus.row + point.row)
            if bounds.contains(shifted) { cursor = shifted }
        }
        for row in 0..<other.size.rows {
            let targetRow = point.row + row
            guard targetRow >= 0, targetRow < size.rows else { continue }
            for column in 0..<other.size.columns {
                let targetColumn = point.column + column
                guard targetColumn >= 0, targetColumn < size.columns else { continue }
                var cell = other[column, row]
                if cell.isContinuation, column == 0 || targetColumn == 0 { cell = .blank(cell.style) }
                if cell.width == 2, targetColumn + 1 >= size.columns { cell = .blank(cell.style) }
                setCell(cell, column: targetColumn, row: targetRow)
            }
        }
    }

    /// The frame's text, one line per row, trailing spaces trimmed (no styling).
    public var text: String {
        var lines: [String] = []
        lines.reserveCapacity(size.rows)
        for row in 0..<size.rows {
            var line = ""
            for column in 0..<size.columns {
                let cell = self[column, row]
                if !cell.isContinuation { line += cell.grapheme }
            }
            while line.last == " " { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}

extension Frame {
    /// The frame as the accessible mode shows it: box drawing (U+2500–257F) and block elements
    /// (U+2580–259F) become blanks, so a screen reader reads the words on screen and not "box drawings
    /// light horizontal" eighty times; the row markers stay as text (▌ selected and ► touched become
    /// ">", ◄ "<"). Styles, links, pictures and the cursor stay.
    /// - Parameter keepingBlocks: block elements stay (pictures drawn with them, asked for with `--images`).
    public func withoutBoxDrawing(keepingBlocks: Bool = false) -> Frame {
        var result = self
        for index in cells.indices {
            let utf8 = cells[index].grapheme.utf8
            // U+2500–U+25FF are E2 94 80 … E2 97 BF in UTF-8: one comparison rules out almost every cell.
            guard utf8.count == 3, utf8.first == 0xE2, let scalar = cells[index].grapheme.unicodeScalars.first?.value else { continue }
            switch scalar {
            case 0x25BA: result.cells[index].grapheme = ">"
            case 0x25C4: result.cells[index].grapheme = "<"
            case 0x2580...0x259F where keepingBlocks: continue
            case 0x258C: result.cells[index].grapheme = ">"
            case 0x2500...0x259F: result.cells[index].grapheme = " "
            default: continue
            }
        }
        return result
    }
}

extension Frame {
    /// Sets ``Cell/picture`` wherever `other` (of the same size) has it: a blank screen about to show
    /// `other`, whose picture cells are written as plain blanks, shows them already.
    mutating func markPictureCells(of other: Frame) {
        markPictureCells(of: other, in: bounds)
    }

    /// The same within `rect`.
    mutating func markPictureCells(of other: Frame, in rect: Rect) {
        guard other.size == size else { return }
        let area = rect.intersection(bounds)
        guard !area.isEmpty else { return }
        let picture = Cell.picture
        for row in area.row..<area.maxRow {
            let rowStart = row * size.columns
            for index in (rowStart + area.column)..<(rowStart + area.maxColumn) where other.cells[index].isPicture {
                cells[index] = picture
            }
        }
    }
}
