import TextCells

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
    /// `text.count`, kept as the text changes: counting a Swift string walks all of it, and typing
    /// at the end must cost what the key adds, not what the field holds.
    private var count: Int
    /// The most characters the field takes (a search query); nil: no limit but the paste cap.
    public let maximumLength: Int?

    /// A field holding `text` with the cursor at the end.
    public init(text: String = "", maximumLength: Int? = nil) {
        self.maximumLength = maximumLength.map { max(0, $0) }
        let clean = Sanitizer.sanitizeInput(text)
        self.text = self.maximumLength.map { String(clean.prefix($0)) } ?? clean
        self.count = self.text.count
        self.cursor = count
    }

    /// Replaces the whole text and puts the cursor at the end.
    public mutating func setText(_ newText: String) {
        self = TextFieldState(text: newText, maximumLength: maximumLength)
    }

    /// Inserts `string` at the cursor and moves the cursor behind it; beyond ``maximumLength`` the
    /// rest is left out.
    public mutating func insert(_ string: String) {
        var clean = Sanitizer.sanitizeInput(string)
        if let maximumLength {
            let room = maximumLength - count
            guard room > 0 else { return }
            if clean.utf8.count > room, clean.count > room { clean = String(clean.prefix(room)) }
        }
        guard !clean.isEmpty else { return }
        if cursor == count {
            // Typing at the end: only the last character and what is added are counted (a combining
            // mark merges with the character before it). UTF-8 offsets stay valid across the append.
            let lastOffset = count > 0 ? text.utf8.distance(from: text.startIndex, to: text.index(before: text.endIndex)) : 0
            text.append(clean)
            let tail = text[text.utf8.index(text.startIndex, offsetBy: lastOffset)...].count
            count = max(0, count - 1) + tail
            cursor = count
            return
        }
        let split = index(at: cursor)
        let before = String(text[..<split]) + clean
        text = before + String(text[split...])
        count = text.count
        // Counted on the joined prefix: a combining mark merges with the character before it.
        cursor = min(before.count, count)
    }

    /// Deletes the character before the cursor (backspace).
    public mutating func deleteBackward() {
        guard cursor > 0 else { return }
        let end = cursor == count ? text.endIndex : index(at: cursor)
        text.remove(at: text.index(before: end))
        cursor -= 1
        count -= 1
    }

    /// Deletes the character after the cursor (delete).
    public mutating func deleteForward() {
        guard cursor < count else { return }
        text.remove(at: index(at: cursor))
        count -= 1
    }

    /// Deletes the word before the cursor and the spaces after it (ctrl-w, as in a shell).
    public mutating func deleteWordBackward() {
        let characters = Array(text)
        var start = min(cursor, characters.count)
        while start > 0, characters[start - 1].isWhitespace { start -= 1 }
        while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
        guard start < cursor else { return }
        text = String(characters[..<start]) + String(characters[cursor...])
        count = text.count
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
    public mutating func moveRight() { cursor = min(count, cursor + 1) }
    /// Moves the cursor to the start.
    public mutating func moveHome() { cursor = 0 }
    /// Moves the cursor to the end.
    public mutating func moveEnd() { cursor = count }

    private func index(at offset: Int) -> String.Index {
        if offset >= count { return text.endIndex }
        return text.index(text.startIndex, offsetBy: max(0, offset))
    }

    /// Draws the field in the first row of `rect`: the row is filled with `style`, the text
    /// follows; when focused the cursor's cell is shown in reverse video. The text scrolls
    /// horizontally so the cursor is always visible; with `placeholder` and an empty,
    /// unfocused field the placeholder is shown dim. Only the characters that fit before the
    /// cursor, and after it to the right edge, are looked at.
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
        let cursorIndex = index(at: cursor)
        let cursorWidth = cursorIndex < text.endIndex ? max(1, DisplayWidth.of(text[cursorIndex])) : 1
        // Walk back from the cursor while the characters fit beside it: they are what shows left of it.
        var start = cursorIndex, before = 0
        while start > text.startIndex {
            let previous = text.index(before: start)
            let width = DisplayWidth.of(text[previous])
            guard before + width + cursorWidth <= rect.columns else { break }
            before += width
            start = previous
        }
        // Scrolled (something left of `start` is hidden): the cursor sits at the right edge, and a
        // column a wide character could not fill stays blank at the left.
        let firstColumn = start == text.startIndex ? 0 : max(0, rect.columns - cursorWidth - before)
        var x = firstColumn
        var index = start
        while index < text.endIndex, x < rect.columns {
            let character = text[index]
            var cellStyle = style
            if isFocused, index == cursorIndex {
                cellStyle.reverse.toggle()
                frame.cursor = Point(column: rect.column + x, row: rect.row)
            }
            frame.put(String(character), at: Point(column: rect.column + x, row: rect.row), style: cellStyle, maxColumns: rect.columns - x)
            x += DisplayWidth.of(character)
            index = text.index(after: index)
        }
        if isFocused, cursorIndex == text.endIndex {
            var cursorStyle = style
            cursorStyle.reverse.toggle()
            let caret = Point(column: rect.column + min(firstColumn + before, rect.columns - 1), row: rect.row)
            frame.put(" ", at: caret, style: cursorStyle, maxColumns: 1)
            frame.cursor = caret
        }
    }
}
