import TerminalUI

/// What a screen's content is while it loads, after bubbles' and isowords' loadable state: loading,
/// loaded, failed with the feature's own typed failure, or loading again over what is shown.
public enum Loadable<Value: Sendable, Failure: Error & Sendable>: Sendable {
    case loading
    case loaded(Value)
    case failed(Failure)
    /// A reload in progress: the content shown before stays until the answer.
    case reloading(Value)

    /// The content shown (loaded, or being reloaded).
    public var value: Value? {
        switch self {
        case .loaded(let value), .reloading(let value): value
        case .loading, .failed: nil
        }
    }

    /// The state a reload starts from: content on screen stays (``reloading(_:)``), else loading.
    public var reloaded: Loadable {
        value.map { .reloading($0) } ?? .loading
    }
}

/// Which of a screen's rows or controls (a sort button, a detail's actions) is under a mouse press:
/// marked on the press, ended by its release, a key or a release elsewhere (``TouchInput``).
public struct TouchState: Equatable, Sendable {
    /// The touched row or control, if any.
    public private(set) var touched: Int?

    public init() {}

    /// Marks `index` of `count` touched; false when there is no such row or control.
    @discardableResult
    public mutating func touch(_ index: Int, count: Int) -> Bool {
        guard (0..<count).contains(index) else { return false }
        touched = index
        return true
    }

    /// Ends a touch; whether there was one (so that nothing is redrawn for nothing).
    @discardableResult
    public mutating func cancel() -> Bool {
        guard touched != nil else { return false }
        touched = nil
        return true
    }
}

/// A list's selection as a presenter owns it, after ratatui's `ListState`: the selected row, the row
/// at the top of the screen, the row under a mouse press, and the rows on screen (their pictures load).
/// Every change is checked against the list's length, so a stale event never selects a row that is gone.
public struct ListState: Equatable, Sendable {
    public private(set) var selectedIndex = 0
    public private(set) var firstVisibleRow = 0
    private var touch = TouchState()
    public private(set) var visibleRows: Range<Int>

    /// The row under a mouse press, if any.
    public var touchedIndex: Int? { touch.touched }

    /// - Parameter visibleRows: the rows taken to be on screen before the view has said (pictures load for them).
    public init(visibleRows: Range<Int> = 0..<40) {
        self.visibleRows = visibleRows
    }

    /// Selects `index` of a list of `count` rows with `firstVisibleRow` at the top; whether the
    /// selection changed (false too for an index that does not exist, which changes nothing).
    @discardableResult
    public mutating func select(_ index: Int, firstVisibleRow top: Int, visibleRows rows: Range<Int>? = nil, count: Int) -> Bool {
        guard (0..<count).contains(index) else { return false }
        let changed = index != selectedIndex
        selectedIndex = index
        firstVisibleRow = max(0, top)
        if let rows { visibleRows = rows }
        return changed
    }

    /// Selects `index` (enter, a release on the row) and ends any touch; whether it changed.
    @discardableResult
    public mutating func choose(_ index: Int, count: Int) -> Bool {
        touch.cancel()
        guard (0..<count).contains(index) else { return false }
        defer { selectedIndex = index }
        return index != selectedIndex
    }

    /// Marks `index` touched (a mouse press on it); false when there is no such row.
    @discardableResult
    public mutating func touch(_ index: Int, count: Int) -> Bool {
        touch.touch(index, count: count)
    }

    /// Ends a touch; whether there was one (so that nothing is redrawn for nothing).
    @discardableResult
    public mutating func cancelTouch() -> Bool {
        touch.cancel()
    }

    /// After the rows changed (a filter, an order): selects `index` when there is such a row, keeping
    /// the top row, else `first` (the first selectable row, below any header) with the list at its top;
    /// any touch ends.
    public mutating func reselect(_ index: Int?, otherwise first: Int = 0, count: Int) {
        touch.cancel()
        if let index, (0..<count).contains(index) {
            selectedIndex = index
        } else {
            selectedIndex = max(0, min(first, count - 1))
            firstVisibleRow = 0
        }
    }

    /// Keeps the selection inside a list that now has `count` rows (after a reload or a filter).
    public mutating func clamp(count: Int) {
        selectedIndex = min(selectedIndex, max(0, count - 1))
        if let touched = touchedIndex, touched >= count { touch.cancel() }
    }

    /// The rows whose pictures should load: those on screen first, then `margin` rows before and after.
    /// When the rows shrank under the screen (a filter typed on a list scrolled down) the screen
    /// shows the last rows until the view says again: those load, not only what is left of the old window.
    public func pictureRows(count: Int, margin: Int) -> [Int] {
        let start = min(visibleRows.lowerBound, max(0, count - visibleRows.count))
        let onScreen = (start..<(start + visibleRows.count)).clamped(to: 0..<max(0, count))
        let around = max(0, onScreen.lowerBound - margin)..<min(count, onScreen.upperBound + margin)
        return Array(onScreen) + around.filter { !onScreen.contains($0) }
    }
}

/// A list screen's content as its view model carries it: loading, the error view (with a retry when
/// trying again can help), or the rows with the selection.
public enum ListContent<Row: Equatable & Sendable>: Equatable, Sendable {
    case loading
    case failed(message: String, canRetry: Bool = true)
    /// `firstVisibleRow` is the row at the top of the screen, kept across key presses.
    case loaded(rows: LazyRows<Row>, selectedIndex: Int, firstVisibleRow: Int)

    public var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
