import TextCells

/// The `/` search line of a list: the query being typed and whether keys go to it.
///
/// Every list that searches uses this one state and ``draw(into:rect:prompt:placeholder:colorMode:)``,
/// and the keys of `SearchInput` (Navigation), so search looks and works the same in every feature.
public struct SearchFieldState: Hashable, Sendable {
    /// The query and its cursor.
    public var field: TextFieldState
    /// Keys go to the query (after `/`, until enter or esc).
    public var isEditing: Bool

    public init(query: String = "", isEditing: Bool = false) {
        self.field = TextFieldState(text: query, maximumLength: Self.maximumLength)
        self.isEditing = isEditing
    }

    /// The longest query: matching folds and splits the query at every key, and no title or name is
    /// found by 200 characters that 200 fewer would not find.
    public static let maximumLength = 200

    /// What was typed.
    public var query: String { field.text }

    /// The search limits the list: being typed, or kept after enter.
    public var isActive: Bool { isEditing || !query.isEmpty }

    /// Draws the search line in the first row of `rect`: `prompt` (`/`), then the query with its cursor
    /// while editing, else the query dim; `placeholder` while nothing is typed.
    public func draw(into frame: inout Frame, rect: Rect, prompt: String = "/", placeholder: String? = nil, colorMode: ColorMode) {
        guard !rect.isEmpty else { return }
        var promptStyle = Style(bold: true)
        if isEditing, colorMode != .none { promptStyle.foreground = .cyan }
        let promptText = prompt + " "
        let promptWidth = min(rect.columns, DisplayWidth.of(promptText))
        frame.put(promptText, at: rect.origin, style: promptStyle, maxColumns: rect.columns)
        let input = Rect(column: rect.column + promptWidth, row: rect.row, columns: max(0, rect.columns - promptWidth), rows: 1)
        field.draw(into: &frame, rect: input, style: Style(dim: !isEditing), isFocused: isEditing,
                   placeholder: isEditing ? nil : placeholder)
    }
}
