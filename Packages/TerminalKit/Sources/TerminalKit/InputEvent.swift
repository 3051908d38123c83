/// A key press, decoded from the terminal's byte stream.
public enum Key: Hashable, Sendable {
    /// A printable character (already a whole grapheme/scalar; never a control character).
    case character(Character)
    case enter, tab, backtab, backspace, escape, delete, insert
    case up, down, left, right
    case home, end, pageUp, pageDown
    /// ctrl + a letter, lowercase (`ctrl("c")`); enter/tab/backspace/escape keep their own cases.
    case ctrl(Character)
    /// F1…F12.
    case function(Int)
}

/// A mouse event in 0-based cell coordinates.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press(button: Int)     // 0 left, 1 middle, 2 right
        case release
        case drag(button: Int)
        case wheelUp
        case wheelDown
    }
    public var kind: Kind
    public var column: Int
    public var row: Int
    public init(kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}

/// Everything the input decoder can produce.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// Bracketed paste, delivered as one event (escape characters stripped, size capped).
    case paste(String)
}
