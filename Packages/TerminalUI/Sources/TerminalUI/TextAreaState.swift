import TextCells

/// The editable state of a multi-line text area (a message body, a note): lines of text and a
/// cursor (line, character). Lines are split at `\n`; each line is cleaned like a single-line
/// field (``Sanitizer/sanitizeInput(_:)``), so no control character ever enters. Long lines are
/// shown soft-wrapped at the area's width; the cursor counts grapheme clusters within its line.
public struct TextAreaState: Hashable, Sendable {
    public private(set) var lines: [String]
    public private(set) var line: Int
    public private(set) var column: Int

    /// The most characters one paste may add.
    public static let maximumPasteLength = 100_000

    /// An area holding `text` with the cursor at its end.
    public init(text: String = "") {
        lines = Self.split(text)
        line = lines.count - 1
        column = lines[line].count
    }

    /// The whole text, lines joined by `\n`.
    public var text: String { lines.joined(separator: "\n") }

    private static func split(_ text: String) -> [String] {
        // "\r\n" is one Character in Swift, so each kind of line break is one separator.
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .map { Sanitizer.sanitizeInput(String($0)) }
    }

    /// Inserts `string` (which may hold line breaks) at the cursor and moves the cursor behind it.
    public mutating func insert(_ string: String) {
        let pieces = Self.split(string)
        let current = Array(lines[line])
        let before = String(current[..<column]), after = String(current[column...])
        if pieces.count == 1 {
            lines[line] = before + pieces[0] + after
            column = (before + pieces[0]).count
            return
        }
        var replacement = [before + pieces[0]]
        replacement += pieces[1..<(pieces.count - 1)]
        replacement.append(pieces[pieces.count - 1] + after)
        lines.replaceSubrange(line...line, with: replacement)
        line += pieces.count - 1
        column = pieces[pieces.count - 1].count
    }

    /// Pasted text, capped at ``maximumPasteLength`` characters.
    public mutating func paste(_ string: String) {
        insert(String(string.prefix(Self.maximumPasteLength)))
    }

    /// Splits the line at the cursor (enter).
    public mutating func insertNewline() { insert("\n") }

    /// Deletes the character before the cursor; at a line's start, joins it to the line above.
    public mutating func deleteBackward() {
        if column > 0 {
            var characters = Array(lines[line])
            characters.remove(at: column - 1)
            lines[line] = String(characters)
            column -= 1
        } else if line > 0 {
            let previousCount = lines[line - 1].count
            lines[line - 1] += lines[line]
            lines.remove(at: line)
            line -= 1
            column = previousCount
        }
    }

    /// Deletes the character after the cursor; at a line's end, joins the next line to it.
    public mutating func deleteForward() {
        var characters = Array(lines[line])
        if column < characters.count {
            characters.remove(at: column)
            lines[line] = String(characters)
        } else if line + 1 < lines.count {
            lines[line] += lines[line + 1]
            lines.remove(at: line + 1)
        }
    }

    public mutating func moveLeft() {
        if column > 0 { column -= 1 } else if line > 0 { line -= 1; column = lines[line].count }
    }

    public mutating func moveRight() {
        if column < lines[line].count { column += 1 } else if line + 1 < lines.count { line += 1; column = 0 }
    }

    public mutating func moveUp() {
        guard line > 0 else { column = 0; return }
        line -= 1
        column = min(column, lines[line].count)
    }

    public mutating func moveDown() {
        guard line + 1 < lines.count else { column = lines[line].count; return }
        line += 1
        column = min(column, lines[line].count)
    }

    public mutating func moveLineStart() { column = 0 }
    public mutating func moveLineEnd() { column = lines[line].count }

    /// One screen row of the area: which line, which characters of it.
    private struct VisualRow {
        var line: Int
        var characters: Range<Int>
    }

    /// The lines cut into rows of at most `width` columns, at word boundaries: a row ends after its
    /// last space, so the next one starts with a word, never with the space (a space that does not
    /// fit hangs at the end of its row). A word longer than the row is cut; wide characters never split.
    private func visualRows(width: Int) -> [VisualRow] {
        var rows: [VisualRow] = []
        for (index, text) in lines.enumerated() {
            let characters = Array(text)
            let widths = characters.map { max(1, DisplayWidth.of($0)) }
            var start = 0, used = 0
            var position = 0
            while position < characters.count {
                let characterWidth = widths[position]
                if used + characterWidth > width, position > start {
                    if characters[position] == " " {
                        rows.append(VisualRow(line: index, characters: start..<(position + 1)))
                        start = position + 1
                        used = 0
                        position += 1
                        continue
                    }
                    if let space = characters[start..<position].lastIndex(of: " ") {
                        rows.append(VisualRow(line: index, characters: start..<(space + 1)))
                        start = space + 1
                        used = widths[start..<position].reduce(0, +)
                    } else {
                        rows.append(VisualRow(line: index, characters: start..<position))
                        start = position
                        used = 0
                    }
                }
                used += characterWidth
                position += 1
            }
            rows.append(VisualRow(line: index, characters: start..<characters.count))
        }
        return rows
    }

    /// Draws the area into `rect`, soft-wrapped, scrolled so the cursor's row is visible; the cursor's
    /// cell is shown in reverse video when focused; an empty, unfocused area shows `placeholder` dim.
    public func draw(into frame: inout Frame, rect: Rect, style: Style = .plain, isFocused: Bool, placeholder: String? = nil) {
        guard !rect.isEmpty else { return }
        frame.fill(rect, style: style)
        if text.isEmpty, !isFocused, let placeholder {
            var placeholderStyle = style
            placeholderStyle.dim = true
            TextView.draw(placeholder, into: &frame, rect: rect, style: placeholderStyle)
            return
        }
        let rows = visualRows(width: rect.columns)
        // The cursor sits in the last row of its line whose range reaches it.
        let cursorRow = rows.lastIndex { $0.line == line && $0.characters.lowerBound <= column } ?? 0
        let top = max(0, cursorRow - rect.rows + 1)
        for (offset, row) in rows[top...].prefix(rect.rows).enumerated() {
            let characters = Array(lines[row.line])
            var x = rect.column
            for position in row.characters {
                var cellStyle = style
                if isFocused, row.line == line, position == column {
                    cellStyle.reverse.toggle()
                    frame.cursor = Point(column: x, row: rect.row + offset)
                }
                x += frame.put(String(characters[position]), at: Point(column: x, row: rect.row + offset), style: cellStyle,
                               maxColumns: rect.maxColumn - x)
            }
            if isFocused, top + offset == cursorRow, column == row.characters.upperBound {
                // A line that fills the row has its caret on the row's last cell (the focus stays on screen).
                let caret = Point(column: min(x, rect.maxColumn - 1), row: rect.row + offset)
                if x < rect.maxColumn {
                    var cursorStyle = style
                    cursorStyle.reverse.toggle()
                    frame.put(" ", at: caret, style: cursorStyle, maxColumns: 1)
                }
                frame.cursor = caret
            }
        }
    }
}
