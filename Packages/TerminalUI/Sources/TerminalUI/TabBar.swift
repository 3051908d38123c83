import TextCells

/// A row of tabs such as `[ Alle ]  Verfügbar    Vorgemerkt`.
///
/// Every tab takes its title's width plus 4 columns whether selected or not, so tabs keep their
/// places when the selection moves. The selected tab is bracketed (a cue that needs no color) and
/// drawn bold in reverse video; a disabled bar is dim, shows no selection and is not clickable.
public struct TabBar: Hashable, Sendable {
    /// The tabs' titles (sanitized when drawn).
    public var titles: [String]
    /// The index of the selected tab.
    public var selected: Int
    /// A disabled bar is dim, highlights nothing and ignores clicks (e.g. filters during an error).
    public var isEnabled: Bool

    /// A bar of `titles` with `selected` highlighted.
    public init(titles: [String], selected: Int, isEnabled: Bool = true) {
        self.titles = titles
        self.selected = selected
        self.isEnabled = isEnabled
    }

    /// Columns the whole bar needs.
    public var width: Int { displayTitles.reduce(0) { $0 + DisplayWidth.of($1) + 4 } }

    /// Titles as drawn: sanitized, so widths match the cells.
    private var displayTitles: [String] { titles.map(Sanitizer.sanitize) }

    /// Each tab's area when the bar is drawn in `rect` (clipped to the rect's first row).
    public func tabRects(in rect: Rect) -> [Rect] {
        var column = rect.column
        return displayTitles.map { title in
            let tabWidth = DisplayWidth.of(title) + 4
            let tab = Rect(column: column, row: rect.row, columns: tabWidth, rows: 1).intersection(rect)
            column += tabWidth
            return tab
        }
    }

    /// Draws the bar in the first row of `rect`; what does not fit is cut off.
    public func draw(into frame: inout Frame, rect: Rect, style: Style = .plain) {
        guard !rect.isEmpty else { return }
        let titles = displayTitles
        for (index, tab) in tabRects(in: rect).enumerated() where !tab.isEmpty {
            let isHighlighted = isEnabled && index == selected
            var tabStyle = style
            if !isEnabled { tabStyle.dim = true }
            if isHighlighted {
                tabStyle.bold = true
                tabStyle.reverse = true
            }
            let text = isHighlighted ? "[ \(titles[index]) ]" : "  \(titles[index])  "
            frame.put(text, at: tab.origin, style: tabStyle, maxColumns: tab.columns)
        }
    }

    /// The tab under `point` when the bar is drawn in `rect`; nil elsewhere or when disabled.
    public func index(at point: Point, in rect: Rect) -> Int? {
        guard isEnabled else { return nil }
        return tabRects(in: rect).firstIndex { $0.contains(point) }
    }
}
