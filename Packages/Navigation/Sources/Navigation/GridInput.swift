import TerminalKit
import TerminalUI

/// A grid of tiles as a view lays it out at one screen size (the product grid's): what ``GridInput``
/// needs to move the selection, find the tile under the mouse and scroll by rows of tiles.
public protocol TileGrid {
    /// Tiles in a row.
    var columns: Int { get }
    /// Every tile, on screen or not.
    var itemCount: Int { get }
    /// The first row of tiles on screen that keeps `index` visible, scrolling as little as possible from `previous`.
    func firstVisibleRow(showing index: Int, previous: Int) -> Int
    /// The tiles on screen when `firstVisibleRow` is the top row.
    func visibleTiles(firstVisibleRow: Int) -> Range<Int>
    /// The tile under `point`, if any.
    func index(at point: Point, firstVisibleRow: Int) -> Int?
    /// The tile a move leads to from `index` (↓ one row down, → the next tile in reading order).
    func index(after move: GridMove, from index: Int) -> Int
}

/// What ``ListInput`` is for a list of rows, for a grid of tiles: the keys that move in two
/// directions, enter, and the shared touch (press touches, release on the same tile opens), the
/// wheel and pull-to-refresh on the first row of tiles. The actions are the list's, so
/// ``ListInput/perform(_:touched:output:rowsBefore:)`` sends them.
public enum GridInput {
    /// What `event` does on a grid whose tile `selected` is selected: a move (`moves`: the keys of
    /// each), opening it, a touch, or a reload; nil for an event that is not the grid's.
    public static func action(for event: InputEvent, selected: Int, firstVisibleRow storedTop: Int, touched: Int?, grid: some TileGrid,
                              moves: [(keys: [Key], move: GridMove)]) -> ListInput.Action? {
        let top = grid.firstVisibleRow(showing: selected, previous: storedTop)
        func select(_ move: GridMove) -> ListInput.Action? {
            guard grid.itemCount > 0 else { return nil }
            let target = grid.index(after: move, from: selected)
            let newTop = grid.firstVisibleRow(showing: target, previous: top)
            return .select(index: target, firstVisibleRow: newTop, visibleRows: grid.visibleTiles(firstVisibleRow: newTop))
        }
        switch event {
        case .key(let key):
            if let move = moves.first(where: { $0.keys.contains(key) })?.move { return select(move) }
            return ListInput.openKeys.contains(key) && grid.itemCount > 0 ? .open(selected) : nil
        case .mouse(let mouse):
            let tile = grid.index(at: Point(column: mouse.column, row: mouse.row), firstVisibleRow: top)
            // Pull-to-refresh on the first row of tiles: the wheel turned up there, or a press released further down.
            let atTop = top == 0 && selected < grid.columns
            // TouchInput compares rows: here "further down" means rows of tiles.
            let gridRow = { (index: Int) in index / max(1, grid.columns) }
            switch TouchInput.action(for: event, rowAtPoint: tile.map(gridRow), touched: touched.map(gridRow), atTop: atTop) {
            case .touch?: return .touch(tile ?? 0)
            // Released on the pressed tile's row: the same tile opens, another one cancels.
            case .activate?: return tile.map { $0 == touched ? .open($0) : .cancelTouch } ?? .cancelTouch
            case .cancel?: return .cancelTouch
            case .pull?: return .reload
            case nil: break
            }
            switch mouse.kind {
            case .wheelDown: return select(.down)
            case .wheelUp where atTop: return .reload
            case .wheelUp: return select(.up)
            default: return nil
            }
        case .paste:
            return nil
        }
    }
}

extension GridInput {
    /// Everything the body of a grid screen does with `event`, in every state, as
    /// ``ListInput/handle(_:content:touched:layout:listRect:retry:output:rowsBefore:)`` does for a list:
    /// the loading and error states' keys (their status centred in `statusRect`), then on the tiles a
    /// key first ends a touch, `r` reloads, and the grid's moves, enter and touch reach `output`. False
    /// for an event that is the screen's own.
    @MainActor
    public static func handle<Tile, Grid: TileGrid>(_ event: InputEvent, content: ListContent<Tile>, touched: Int?, grid: (Int) -> Grid,
                                                    moves: [(keys: [Key], move: GridMove)], statusRect: Rect, retry: String,
                                                    output: any ListViewOutput) -> Bool {
        if let handled = ListInput.handleStatus(event, content: content, listRect: statusRect, retry: retry, reload: output.didRequestReload) {
            return handled
        }
        guard case .loaded(let tiles, let selected, let top) = content else { return false }
        if case .key = event, touched != nil { output.didCancelTouch() }
        if case .key(let key) = event, ListInput.reloadKeys.contains(key) {
            output.didRequestReload()
            return true
        }
        return ListInput.perform(action(for: event, selected: selected, firstVisibleRow: top, touched: touched, grid: grid(tiles.count), moves: moves),
                                 touched: touched, output: output)
    }
}
