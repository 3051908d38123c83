/// Virtual scrolling for a list of equally tall rows: which items are visible and where.
///
/// The offset is the index of the first visible item. Only whole items are shown; an item taller
/// than the viewport is shown alone, clipped to the viewport.
public struct ListLayout: Hashable, Sendable {
    /// The number of items.
    public let count: Int
    /// Rows each item takes (at least 1).
    public let rowHeight: Int
    /// Rows available for the list.
    public let viewportRows: Int
    /// The selected item, if any (clamped into the list).
    public let selected: Int?
    /// The first visible item, adjusted so the selection is visible.
    public let offset: Int

    /// Computes the offset from the previous one, scrolling as little as possible to keep
    /// `selected` visible and never leaving empty rows at the bottom that items could fill.
    public init(count: Int, rowHeight: Int = 1, viewportRows: Int, selected: Int?, previousOffset: Int = 0) {
        let count = max(0, count), rowHeight = max(1, rowHeight), viewportRows = max(0, viewportRows)
        self.count = count
        self.rowHeight = rowHeight
        self.viewportRows = viewportRows
        let clampedSelection = selected.flatMap { count == 0 ? nil : min(max(0, $0), count - 1) }
        self.selected = clampedSelection
        let visible = viewportRows == 0 ? 0 : max(1, viewportRows / rowHeight)
        var offset = min(max(0, previousOffset), max(0, count - visible))
        if let selection = clampedSelection, visible > 0 {
            if selection < offset { offset = selection }
            if selection >= offset + visible { offset = selection - visible + 1 }
        }
        self.offset = offset
    }

    /// How many items fit in the viewport (at least 1 when there is any room).
    public var visibleCapacity: Int {
        viewportRows == 0 ? 0 : max(1, viewportRows / rowHeight)
    }

    /// The items that are drawn.
    public var visibleRange: Range<Int> {
        offset..<min(count, offset + visibleCapacity)
    }

    /// Where item `index` is drawn inside `rect` (the list's area), or nil when it is not visible.
    public func rowRect(for index: Int, in rect: Rect) -> Rect? {
        guard visibleRange.contains(index) else { return nil }
        let top = rect.row + (index - offset) * rowHeight
        return Rect(column: rect.column, row: top, columns: rect.columns, rows: min(rowHeight, rect.maxRow - top))
    }

    /// The item under `point` (frame coordinates), or nil for a point outside the items.
    public func index(at point: Point, in rect: Rect) -> Int? {
        guard rect.contains(point) else { return nil }
        let index = offset + (point.row - rect.row) / rowHeight
        return visibleRange.contains(index) ? index : nil
    }

    /// How far page up / page down move the selection: one viewport of items less one, for context.
    public var pageStep: Int {
        max(1, visibleCapacity - 1)
    }
}

/// Draws the visible rows of a virtually scrolled list.
public enum ListView {
    /// Lays the list out in `rect` and calls `row` for each visible item only, with the item's
    /// rectangle (inside `rect`) and whether it is selected.
    /// - Returns: the layout, whose ``ListLayout/offset`` the caller keeps for the next draw.
    @discardableResult
    public static func draw(into frame: inout Frame, rect: Rect, count: Int, rowHeight: Int = 1, selected: Int?,
                            offset: Int, row: (_ index: Int, _ rowRect: Rect, _ isSelected: Bool, _ frame: inout Frame) -> Void) -> ListLayout {
        let layout = ListLayout(count: count, rowHeight: rowHeight, viewportRows: rect.rows, selected: selected, previousOffset: offset)
        for index in layout.visibleRange {
            guard let rowRect = layout.rowRect(for: index, in: rect) else { continue }
            row(index, rowRect, index == layout.selected, &frame)
        }
        return layout
    }

    /// The item under `point` for a list drawn with these parameters in `rect`.
    public static func index(at point: Point, rect: Rect, count: Int, rowHeight: Int = 1, offset: Int) -> Int? {
        ListLayout(count: count, rowHeight: rowHeight, viewportRows: rect.rows, selected: nil, previousOffset: offset)
            .index(at: point, in: rect)
    }
}
