import TextCells

/// A one-row button drawn as `[ Neuladen ]`: bold in reverse video when focused, dim when disabled.
/// The focused button is where the frame's ``Frame/cursor`` is (the accessible mode shows it there).
public struct Button: Hashable, Sendable {
    /// The label between the brackets (sanitized when drawn).
    public var title: String
    /// Whether keyboard focus is on the button (enter presses it).
    public var isFocused: Bool
    /// A disabled button is dim and ignores clicks.
    public var isEnabled: Bool

    /// A button labelled `title`.
    public init(title: String, isFocused: Bool = false, isEnabled: Bool = true) {
        self.title = title
        self.isFocused = isFocused
        self.isEnabled = isEnabled
    }

    /// Columns the button needs: the title plus `[ ` and ` ]`.
    public var width: Int { DisplayWidth.of(Sanitizer.sanitize(title)) + 4 }

    /// The button's area when drawn at `origin`.
    public func rect(at origin: Point) -> Rect {
        Rect(origin: origin, size: Size(columns: width, rows: 1))
    }

    /// Draws the button with its top-left at `origin`, at most `maxColumns` wide.
    /// - Returns: the area drawn.
    @discardableResult
    public func draw(into frame: inout Frame, at origin: Point, style: Style = .plain, maxColumns: Int? = nil) -> Rect {
        var buttonStyle = style
        if !isEnabled {
            // A disabled button can still have the focus (tab passes over it): dim, and reversed then.
            buttonStyle.dim = true
            buttonStyle.reverse = isFocused
        } else if isFocused {
            buttonStyle.bold = true
            buttonStyle.reverse = true
        }
        let drawn = frame.put("[ \(title) ]", at: origin, style: buttonStyle, maxColumns: maxColumns)
        if isFocused, drawn > 0 { frame.cursor = origin }
        return Rect(origin: origin, size: Size(columns: drawn, rows: 1))
    }

    /// Whether a click at `point` hits the button drawn at `origin` (never when disabled).
    public func contains(_ point: Point, drawnAt origin: Point) -> Bool {
        isEnabled && rect(at: origin).contains(point)
    }
}
