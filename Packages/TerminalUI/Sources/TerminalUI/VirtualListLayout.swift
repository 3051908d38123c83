/// Virtual scrolling for a list of rows of different heights (wrapped text, section headers),
/// whose cost per key press is the rows it draws, never the length of the list.
///
/// The scroll position is the first visible row (`top`), not a line offset: moving the selection,
/// paging, jumping to the end, hit testing and drawing each measure only the rows between the
/// old and the new screen, walking from a row the screen shows. Nothing is measured ahead of time,
/// so a list of 100,000 rows costs the same per key as one of 100. Heights come from a closure the
/// caller computes for the current width (wrap a row's text, say), called only for rows near the screen.
///
/// Rows for which `isSelectable` is false (section headers, a page header) are drawn and scrolled
/// like others but skipped by ``selectableRow(from:step:)``.
public struct VirtualListLayout {
    /// The number of rows.
    public let count: Int
    /// Lines available for the list.
    public let viewportRows: Int
    private let height: (Int) -> Int
    private let selectable: (Int) -> Bool

    /// - Parameters:
    ///   - count: the number of rows.
    ///   - viewportRows: the lines the list is drawn in.
    ///   - height: the lines row `index` takes at this width (values below 1 count as 1).
    ///   - isSelectable: whether a row can hold the selection (all rows by default).
    public init(count: Int, viewportRows: Int, height: @escaping (Int) -> Int,
                isSelectable: @escaping (Int) -> Bool = { _ in true }) {
        self.count = max(0, count)
        self.viewportRows = max(0, viewportRows)
        self.height = height
        self.selectable = isSelectable
    }

    /// One row on screen: its index, its first line relative to the viewport's top, and its height.
    public struct VisibleRow: Equatable, Sendable {
        public var index: Int
        public var line: Int
        public var height: Int
    }

    /// Whether row `index` can hold the selection (false for section headers).
    public func isSelectable(_ index: Int) -> Bool {
        index >= 0 && index < count && selectable(index)
    }

    /// The height of `index`, at least 1.
    public func heightOfRow(_ index: Int) -> Int { max(1, height(index)) }

    /// The largest useful top: the one that fills the viewport with the last rows.
    public var maximumTop: Int {
        count > 0 ? topEnding(at: count - 1) : 0
    }

    /// The first row of the screen whose last row is `index`: walks up from it while rows still fit.
    private func topEnding(at index: Int) -> Int {
        var top = index
        var used = heightOfRow(index)
        while top > 0 {
            let above = heightOfRow(top - 1)
            if used + above > viewportRows { break }
            used += above
            top -= 1
        }
        return top
    }

    /// `top` limited to the rows that exist and to ``maximumTop`` (no empty lines below the last row).
    public func clampedTop(_ top: Int) -> Int {
        guard count > 0 else { return 0 }
        return min(max(0, top), maximumTop)
    }

    /// The rows drawn when `top` is the first visible row, in order, until the viewport is full.
    public func visibleRows(top: Int) -> [VisibleRow] {
        var rows: [VisibleRow] = []
        var index = clampedTop(top)
        var line = 0
        while index < count, line < viewportRows {
            let rowHeight = heightOfRow(index)
            rows.append(VisibleRow(index: index, line: line, height: rowHeight))
            line += rowHeight
            index += 1
        }
        return rows
    }

    /// Whether rows (or lines of the last row drawn) are below the viewport when `top` is the first
    /// visible row: what a "more" hint may claim, counted on the rows drawn, never on a guessed height.
    public func continuesBelow(top: Int) -> Bool {
        guard let last = visibleRows(top: top).last else { return false }
        return last.index < count - 1 || last.line + last.height > viewportRows
    }

    /// The indices of the rows drawn from `top`.
    public func visibleRange(top: Int) -> Range<Int> {
        let rows = visibleRows(top: top)
        guard let first = rows.first, let last = rows.last else { return 0..<0 }
        return first.index..<(last.index + 1)
    }

    /// The top that shows row `index` whole (or its first lines, when it is taller than the viewport),
    /// scrolling as little as possible from `previousTop`.
    public func top(showing index: Int, previousTop: Int) -> Int {
        guard count > 0 else { return 0 }
        let index = min(max(0, index), count - 1)
        let previous = clampedTop(previousTop)
        if index < previous { return index }
        // Each row is at least one line: a row more than a viewport below the top cannot fit with it.
        if index - previous < viewportRows {
            var used = 0
            for row in previous...index { used += heightOfRow(row) }
            if used <= viewportRows { return previous }
        }
        // Put `index` at the bottom of the screen.
        return topEnding(at: index)
    }

    /// The nearest selectable row from `index` moving by `step` rows (±1 for a key, ±page for a page),
    /// within the list; `index` itself when no other selectable row lies that way.
    public func selectableRow(from index: Int, step: Int) -> Int {
        guard count > 0 else { return 0 }
        var target = min(max(0, index + step), count - 1)
        let direction = step >= 0 ? 1 : -1
        while !selectable(target) {
            let next = target + direction
            guard next >= 0, next < count else { return selectableRow(towards: target, direction: -direction, fallback: index) }
            target = next
        }
        return target
    }

    private func selectableRow(towards start: Int, direction: Int, fallback: Int) -> Int {
        var target = start
        while target >= 0, target < count {
            if selectable(target) { return target }
            target += direction
        }
        return fallback
    }

    /// How many rows a page key moves from `index`: the rows that fit on one screen from there (at least 1).
    public func pageStep(from index: Int) -> Int {
        guard count > 0 else { return 1 }
        var used = 0
        var step = 0
        var row = min(max(0, index), count - 1)
        while row < count {
            used += heightOfRow(row)
            if used > viewportRows { break }
            step += 1
            row += 1
        }
        return max(1, step)
    }

    /// How many rows a page up from `index` moves: the rows above it that fill one screen (at least one).
    /// Counted upwards, so that near the end of the list a page up still moves a whole screen.
    public func pageStepUp(from index: Int) -> Int {
        guard count > 0 else { return 1 }
        var used = 0
        var step = 0
        var row = min(max(0, index), count - 1) - 1
        while row >= 0 {
            used += heightOfRow(row)
            if used > viewportRows { break }
            step += 1
            row -= 1
        }
        return max(1, step)
    }

    /// The row drawn at `line` of the viewport (0 = its top) when `top` is the first visible row.
    public func row(atLine line: Int, top: Int) -> Int? {
        guard line >= 0, line < viewportRows else { return nil }
        return visibleRows(top: top).first { line >= $0.line && line < $0.line + $0.height }?.index
    }

    /// The scroll indicator's thumb within `trackRows` lines, by rows (not lines): cheap for any length.
    public func thumb(trackRows: Int, top: Int) -> Range<Int>? {
        let shown = visibleRange(top: top)
        guard trackRows > 0, count > shown.count, count > 0 else { return nil }
        let length = max(1, trackRows * shown.count / count)
        let maximum = max(1, count - shown.count)
        let start = (trackRows - length) * min(shown.lowerBound, maximum) / maximum
        return start..<(start + length)
    }
}
