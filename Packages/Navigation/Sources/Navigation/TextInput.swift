import TerminalKit
import TerminalUI

/// The keys that edit text, in one place for every field of every feature (after readline):
/// characters insert, ←/→ move, home/ctrl-a and end/ctrl-e jump, backspace and delete erase,
/// ctrl-w erases a word, ctrl-u the whole line; a bracketed paste inserts cleaned, capped text.
public enum TextInput {
    /// Applies `event` to `field`; `true` when the event was an edit or a cursor move.
    @discardableResult
    public static func edit(_ event: InputEvent, _ field: inout TextFieldState) -> Bool {
        switch event {
        case .key(.character(let character)): field.insert(String(character))
        case .paste(let text): field.paste(text)
        case .key(.left): field.moveLeft()
        case .key(.right): field.moveRight()
        case .key(.home), .key(.ctrl("a")): field.moveHome()
        case .key(.end), .key(.ctrl("e")): field.moveEnd()
        case .key(.backspace): field.deleteBackward()
        case .key(.delete), .key(.ctrl("d")): field.deleteForward()
        case .key(.ctrl("w")): field.deleteWordBackward()
        case .key(.ctrl("u")): field.setText("")
        default: return false
        }
        return true
    }
}

extension TextInput {
    /// Typing into a field (``edit(_:_:)``): characters and the keys that move and erase, then their
    /// readline twins; two bindings, so that each line of `--help` fits 60 columns.
    public static func typingBindings(_ action: String = "edits the field") -> [KeyBinding] {
        [KeyBinding([.left, .right, .home, .end, .backspace, .delete], KeyHelp("typing ←→ home/end backspace delete", action), matchesTyping: true),
         KeyBinding([.ctrl("a"), .ctrl("e"), .ctrl("d"), .ctrl("w"), .ctrl("u")],
                    KeyHelp("ctrl-a/ctrl-e ctrl-d ctrl-w ctrl-u", "start, end, delete, erase a word, clear the field"))]
    }
}

extension TextInput {
    /// Typing into a multi-line area (``edit(_:_:)-(_,TextAreaState)``): characters, enter for a new
    /// line and the keys that move and erase, then their readline twins; two bindings, as a field's.
    public static func areaTypingBindings(_ action: String = "writes the text") -> [KeyBinding] {
        [KeyBinding([.enter, .left, .right, .up, .down, .home, .end, .backspace, .delete],
                    KeyHelp("typing enter ←→↑↓ home/end backspace delete", action), matchesTyping: true),
         KeyBinding([.ctrl("a"), .ctrl("e"), .ctrl("d")], KeyHelp("ctrl-a/ctrl-e ctrl-d", "start or end of the line, delete"))]
    }

    /// Applies `event` to a multi-line `area`: the same keys as a field, plus enter for a new line
    /// and ↑/↓ between lines (home/end and ctrl-a/ctrl-e work on the cursor's line).
    @discardableResult
    public static func edit(_ event: InputEvent, _ area: inout TextAreaState) -> Bool {
        switch event {
        case .key(.character(let character)): area.insert(String(character))
        case .paste(let text): area.paste(text)
        case .key(.enter): area.insertNewline()
        case .key(.left): area.moveLeft()
        case .key(.right): area.moveRight()
        case .key(.up): area.moveUp()
        case .key(.down): area.moveDown()
        case .key(.home), .key(.ctrl("a")): area.moveLineStart()
        case .key(.end), .key(.ctrl("e")): area.moveLineEnd()
        case .key(.backspace): area.deleteBackward()
        case .key(.delete), .key(.ctrl("d")): area.deleteForward()
        default: return false
        }
        return true
    }
}

/// The keys of a form: tab / backtab (and ↓/↑) move the focus ring, a click focuses a field, every
/// other editing key goes to the focused field (``TextInput``). Enter is the caller's (save).
public enum FormInput {
    /// Applies `event` to `form` drawn at `rect`; `true` when the form used it.
    @discardableResult
    public static func handle(_ event: InputEvent, _ form: inout FormState, rect: Rect) -> Bool {
        switch event {
        case .key(let key) where nextFieldKeys.contains(key):
            form.moveFocus(by: 1)
            return true
        case .key(let key) where previousFieldKeys.contains(key):
            form.moveFocus(by: -1)
            return true
        case .mouse(let mouse) where mouse.kind == .press(button: 0):
            guard let index = form.field(atRow: mouse.row, in: rect) else { return false }
            form.focus = index
            return true
        default:
            guard !form.isSaving else { return false }
            var used = false
            form.editFocused { used = TextInput.edit(event, &$0) }
            return used
        }
    }
}

extension FormInput {
    /// The keys that move the focus to the next field and to the one before.
    public static let nextFieldKeys: [Key] = [.tab, .down]
    public static let previousFieldKeys: [Key] = [.backtab, .up]
}
