/// The editable state of a single-line text field: its text and a cursor between characters.
///
/// The cursor counts grapheme clusters (0 = before the first character, `text.count` = at the end).
/// Text that enters the field is cleaned with ``Sanitizer/sanitizeInput(_:)``: line breaks and
/// tabs become spaces, other control characters are dropped.
public struct TextFieldState: Hashable, Sendable {
    /// The field's content, free of control characters.
    public private(set) var text: String
    /// The cursor position in grapheme clusters, 0…`text.count`.
    public private(set) var cursor: Int

    /// A field holding `text` with the cursor at the end.
    public init(text: String = "") {
        self.text = Sanitizer.sanitizeInput(text)
        self.cursor = self.text.count
    }

    /// Replaces the whole text and puts the cursor at the end.
    public mutating func setText(_ newText: String) {
        self = TextFieldState(text: newText)
    }

    /// Inserts `string` at the cursor and moves the cursor behind it.
    public mutating func insert(_ string: String) {
        let clean = Sanitizer.sanitizeInput(string)
        guard !clean.isEmpty else { return }
        let split = index(at: cursor)
        let before = String(text[..<split]) + clean
        text = before + String(text[split...])
        // Counted on the joined prefix: a combining mark merges with the character before it.
        cursor = min(before.count, text.count)
    }

    /// Deletes the character before the cursor (backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        let end = index(at: cursor)
        text.remove(at: text.index(before: end))
        cursor -= 1
    }

    /// Deletes the character after the cursor (delete).
    public mutating func deleteForward() {
        guard cursor < text.count else { return }
        text.remove(at: index(at: cursor))
    }

    /// Deletes the word before the cursor and the spaces after it (ctrl-w, as in a shell).
    public mutating func deleteWordBackward() {
        let characters = Array(text)
        var start = min(cursor, characters.count)
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        guard start < cursor else { return }
        text = String(characters[..<start]) + String(characters[cursor...])
        cursor = start
    }

    /// The most characters one paste may add: a field is for a name or an address, not a file.
    public static let maximumPasteLength = 10_000

    /// Inserts pasted text: cleaned like typing (no escape sequences, line breaks become spaces) and
    /// cut to ``maximumPasteLength`` characters.
    public mutating func paste(_ string: String) {
        insert(String(string.prefix(Self.maximumPasteLength)))
    }

    /// Moves the cursor one character left (stops at the start).
    public mutating func moveLeft() { cursor = max(0, cursor - 1) }
    /// Moves the cursor one character right (stops at the end).
    public mutating func moveRight() { cursor = min(text.count, cursor + 1) }
    /// Moves the cursor to the start.
    public mutating func moveHome() { cursor = 0 }
    /// Moves the cursor to the end.
    public mutating func moveEnd() { cursor = text.count }

    private func index(at offset: Int) -> String.Index {
        text.index(text.startIndex, offsetBy: min(max(0, offset), text.count))
    }

    /// Draws the field in the first row of `rect`: the row is filled with `style`, the text
    /// follows; when focused the cursor's cell is shown in reverse video. The text scrolls
    /// horizontally so the cursor is always visible; with `placeholder` and an empty,
    /// unfocused field the placeholder is shown dim.
    public func draw(into frame: inout Frame, rect: Rect, style: Style = .plain, isFocused: Bool, placeholder: String? = nil) {
        guard !rect.isEmpty else { return }
        let row = Rect(column: rect.column, row: rect.row, columns: rect.columns, rows: 1)
        frame.fill(row, style: style)
        if text.isEmpty, !isFocused, let placeholder {
            var placeholderStyle = style
            placeholderStyle.dim = true
            Label.draw(placeholder, into: &frame, rect: row, style: placeholderStyle)
            return
        }
        let characters = Array(text)
        let widths = characters.map(DisplayWidth.of)
        let cursorColumn = widths.prefix(cursor).reduce(0, +)
        let cursorWidth = cursor < characters.count ? max(1, widths[cursor]) : 1
        // Scroll just enough to show the cursor at the right edge.
        let scroll = max(0, cursorColumn + cursorWidth - rect.columns)
        var column = 0
        for (index, character) in characters.enumerated() {
            defer { column += widths[index] }
            guard column >= scroll else {
                if column + widths[index] > scroll { // a wide character cut by the left edge
                    frame.put(" ", at: Point(column: rect.column, row: rect.row), style: style, maxColumns: 1)
                }
                continue
            }
            let x = column - scroll
            guard x < rect.columns else { break }
            var cellStyle = style
            if isFocused, index == cursor { cellStyle.reverse.toggle() }
            frame.put(String(character), at: Point(column: rect.column + x, row: rect.row), style: cellStyle, maxColumns: rect.columns - x)
        }
        if isFocused, cursor == characters.count {
            var cursorStyle = style
            cursorStyle.reverse.toggle()
            frame.put(" ", at: Point(column: rect.column + cursorColumn - scroll, row: rect.row), style: cursorStyle, maxColumns: 1)
        }
    }
}
