import TextCells

/// A form's state as the presenter owns it: ordered text fields, which one has the focus, each
/// field's validation message, and whether it is saving (then every field is disabled).
///
/// Ownership: the presenter owns the values, the focus and the messages (this value); the view maps
/// keys to edits (`FormInput` in Navigation) and draws it (``draw(into:rect:colorMode:)``); the
/// interactor validates and returns the messages by field id.
public struct FormState: Hashable, Sendable {
    public struct Field: Hashable, Sendable {
        public var id: String
        public var label: String
        public var state: TextFieldState
        public var placeholder: String?
        /// Shown under the field (in the error role) until the value changes.
        public var message: String?

        public init(id: String, label: String, text: String = "", placeholder: String? = nil) {
            self.id = id
            self.label = label
            self.state = TextFieldState(text: text)
            self.placeholder = placeholder
        }

        public var text: String { state.text }
    }

    public var fields: [Field]
    /// The focused field's index; the focus ring is the fields in order (tab / backtab).
    public var focus: Int
    /// While true the form ignores edits and is drawn dimmed ("Saving…").
    public var isSaving = false

    public init(fields: [Field], focus: Int = 0) {
        self.fields = fields
        self.focus = fields.isEmpty ? 0 : min(max(0, focus), fields.count - 1)
    }

    /// The field with `id`, if any.
    public subscript(id: String) -> Field? {
        fields.first { $0.id == id }
    }

    /// The values by field id, for the interactor.
    public var values: [String: String] {
        Dictionary(fields.map { ($0.id, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// Moves the focus to the next field (`step` 1) or the previous one (-1), wrapping around.
    public mutating func moveFocus(by step: Int) {
        guard !fields.isEmpty else { return }
        focus = ((focus + step) % fields.count + fields.count) % fields.count
    }

    /// Sets every field's message from `messages` (by id), clearing the others; the focus moves to
    /// the first field with a message, where the user has to act.
    public mutating func setMessages(_ messages: [String: String]) {
        for index in fields.indices { fields[index].message = messages[fields[index].id] }
        if let first = fields.firstIndex(where: { $0.message != nil }) { focus = first }
    }

    /// Edits the focused field; an edit clears its message. Does nothing while saving.
    public mutating func editFocused(_ edit: (inout TextFieldState) -> Void) {
        guard !isSaving, fields.indices.contains(focus) else { return }
        let before = fields[focus].state
        edit(&fields[focus].state)
        if fields[focus].state.text != before.text { fields[focus].message = nil }
    }

    /// Rows one field takes: label, input, message (always reserved, so fields never jump).
    public static let rowsPerField = 3

    /// The field drawn at `row` of a form drawn at `rect` (for a click), if any.
    public func field(atRow row: Int, in rect: Rect) -> Int? {
        guard row >= rect.row, row < rect.maxRow else { return nil }
        let index = (row - rect.row) / Self.rowsPerField
        return fields.indices.contains(index) ? index : nil
    }

    /// Draws every field: the label (bold when focused), the input line, and the message under it.
    public func draw(into frame: inout Frame, rect: Rect, colorMode: ColorMode) {
        for (index, field) in fields.enumerated() {
            let top = rect.row + index * Self.rowsPerField
            guard top < rect.maxRow else { break }
            let focused = index == focus && !isSaving
            var labelStyle = Style(bold: focused, dim: isSaving)
            if focused, colorMode != .none { labelStyle.foreground = .cyan }
            frame.put((focused ? "► " : "  ") + field.label, at: Point(column: rect.column, row: top), style: labelStyle,
                      maxColumns: rect.columns)
            let input = Rect(column: rect.column + 2, row: top + 1, columns: max(0, rect.columns - 2), rows: 1)
            let inputStyle = Style(dim: isSaving, underline: true)
            field.state.draw(into: &frame, rect: input, style: inputStyle, isFocused: focused, placeholder: field.placeholder)
            if let message = field.message, top + 2 < rect.maxRow {
                let style = colorMode == .none ? Style(bold: true) : Style(foreground: .red, bold: true)
                // One line under the field: a message too long for it ends with "…" (the status line says it whole).
                frame.put(Truncation.truncate("  ! " + message, width: rect.columns), at: Point(column: rect.column, row: top + 2), style: style,
                          maxColumns: rect.columns)
            }
        }
    }
}
