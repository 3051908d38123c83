import TerminalKit
import TerminalUI

/// The keys and mouse of a one-column list, in one place for every list screen: ↑/↓ and k/j move the
/// selection, pgup/pgdn (and space) move a page, home/end jump, the wheel moves by one, enter opens,
/// and a press and release on a row opens it (``TouchInput``). Pull-to-refresh, as on a phone: the
/// wheel turned up on a list already at its top, or a press dragged down to a later row there, reloads.
/// Rows the layout marks unselectable
/// (section headers) are stepped over and cannot be touched; a section's header stays on screen
/// when its first row is selected.
///
/// The presenter owns the selection and the top row. ``action(for:selected:firstVisibleRow:touched:layout:listRect:)``
/// says what an event means, and ``handle(_:content:touched:layout:listRect:retry:output:rowsBefore:)``
/// calls the presenter (``ListViewOutput``): from a list view's key to its presenter's method, this
/// file is the only one between.
public enum ListInput {
    public enum Action: Equatable, Sendable {
        /// Select `index`, with `firstVisibleRow` at the top and `visibleRows` on screen.
        case select(index: Int, firstVisibleRow: Int, visibleRows: Range<Int>)
        /// Open `index` (enter, or a release on the touched row).
        case open(Int)
        /// Mark the row touched (mouse down on it).
        case touch(Int)
        /// The touch ended elsewhere.
        case cancelTouch
        /// Pull-to-refresh: end any touch and load the list again.
        case reload
    }

    /// What `event` does to a list of `layout.count` rows drawn in `listRect`; nil when it is not a
    /// list event (the screen's own keys, or an empty list).
    public static func action(for event: InputEvent, selected: Int, firstVisibleRow: Int, touched: Int?,
                              layout: VirtualListLayout, listRect: Rect) -> Action? {
        guard layout.count > 0 else { return nil }
        let top = layout.top(showing: selected, previousTop: firstVisibleRow)
        let atTop = top == 0 && selected <= layout.selectableRow(from: 0, step: 0)
        if case .mouse(let mouse) = event {
            let point = Point(column: mouse.column, row: mouse.row)
            let row = listRect.contains(point) ? layout.row(atLine: mouse.row - listRect.row, top: top)
                .flatMap { layout.isSelectable($0) ? $0 : nil } : nil
            switch TouchInput.action(for: event, rowAtPoint: row, touched: touched, atTop: atTop) {
            case .touch(let index): return .touch(index)
            case .activate(let index): return .open(index)
            case .cancel: return .cancelTouch
            case .pull: return .reload
            case nil: break
            }
            if mouse.kind == .wheelUp, atTop { return .reload }
        }
        func select(from index: Int, step: Int) -> Action {
            let target = layout.selectableRow(from: index, step: step)
            var newTop = layout.top(showing: target, previousTop: top)
            // The header above a section's first row comes along when that row reaches the top.
            if newTop == target, target > 0, !layout.isSelectable(target - 1) { newTop = target - 1 }
            return .select(index: target, firstVisibleRow: newTop, visibleRows: layout.visibleRange(top: newTop))
        }
        switch event {
        case .key(let key) where upKeys.contains(key): return select(from: selected, step: -1)
        case .key(let key) where downKeys.contains(key): return select(from: selected, step: 1)
        case .mouse(let mouse) where mouse.kind == .wheelUp: return select(from: selected, step: -1)
        case .mouse(let mouse) where mouse.kind == .wheelDown: return select(from: selected, step: 1)
        case .key(let key) where pageUpKeys.contains(key): return select(from: selected, step: -layout.pageStepUp(from: selected))
        case .key(let key) where pageDownKeys.contains(key): return select(from: selected, step: layout.pageStep(from: selected))
        case .key(let key) where firstKeys.contains(key): return select(from: 0, step: 0)
        case .key(let key) where lastKeys.contains(key): return select(from: layout.count - 1, step: 0)
        case .key(let key) where openKeys.contains(key): return .open(selected)
        default: return nil
        }
    }
}

// MARK: Sending to the presenter

/// What every list screen tells its presenter; a feature's view output refines it with its own
/// events (search, sort, add). Indexes are rows of the list the presenter published.
@MainActor
public protocol ListViewOutput: AnyObject {
    /// `r`, the error view's retry, or pull-to-refresh.
    func didRequestReload()
    /// The selection moved; `visibleRows` are the rows now on screen (their pictures load).
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>)
    /// Enter on the selection, or a press and release on a row.
    func didChooseRow(at index: Int)
    /// A mouse press on a row (drawn touched until the release).
    func didTouchRow(at index: Int)
    /// The press ended elsewhere, or a key came first.
    func didCancelTouch()
}

extension ListInput {
    /// Everything the body of a list screen does with `event`, in every state: on the error view
    /// `r`, enter, space or a click on the retry button try again (when trying can help); while
    /// loading `r` loads again; on the rows a key first ends a touch, `r` reloads, and the list's
    /// keys and mouse (``action(for:selected:firstVisibleRow:touched:layout:listRect:)``) reach
    /// `output`. False for an event that is the screen's own (its search, sort or add keys).
    ///
    /// `rowsBefore` rows of `content` come before the presenter's first row (a page's header, which
    /// scrolls with the list): `content`, `touched` and the layout count them, the events sent do not.
    @MainActor
    public static func handle<Row>(_ event: InputEvent, content: ListContent<Row>, touched: Int?, layout: (LazyRows<Row>) -> VirtualListLayout,
                                   listRect: Rect, retry: String, output: any ListViewOutput, rowsBefore: Int = 0) -> Bool {
        if let handled = handleStatus(event, content: content, listRect: listRect, retry: retry, reload: output.didRequestReload) {
            return handled
        }
        switch content {
        case .loading, .failed:
            return false
        case .loaded(let rows, let selected, let firstVisibleRow):
            if case .key = event, touched != nil { output.didCancelTouch() }
            if case .key(let key) = event, reloadKeys.contains(key) {
                output.didRequestReload()
                return true
            }
            guard !rows.isEmpty else { return false }
            return perform(action(for: event, selected: selected, firstVisibleRow: firstVisibleRow, touched: touched, layout: layout(rows),
                                  listRect: listRect), touched: touched, output: output, rowsBefore: rowsBefore)
        }
    }

    /// What `event` does while `content` is loading or failed, for a body of any shape (a list, a grid):
    /// `r` loads again; on the error view `r`, enter, space or a click on the retry button try again
    /// when trying can help, and are spent when not. Nil when there are rows (the caller's keys).
    @MainActor
    public static func handleStatus<Row>(_ event: InputEvent, content: ListContent<Row>, listRect: Rect, retry: String,
                                         reload: () -> Void) -> Bool? {
        switch content {
        case .loading:
            guard case .key(let key) = event, reloadKeys.contains(key) else { return false }
            reload()
            return true
        case .failed(let message, let canRetry):
            if canRetry, isRetry(event, button: ListBody.retryRect(message: message, retry: retry, in: listRect)) {
                reload()
                return true
            }
            if case .key(let key) = event { return retryKeys.contains(key) }
            return false
        case .loaded:
            return nil
        }
    }

    /// Whether `event` presses an error view's retry: `r`, enter, space, or a click on `button`.
    public static func isRetry(_ event: InputEvent, button: Rect?) -> Bool {
        switch event {
        case .key(let key) where retryKeys.contains(key): return true
        case .mouse(let mouse) where mouse.kind == .press(button: 0):
            return button?.contains(Point(column: mouse.column, row: mouse.row)) ?? false
        default: return false
        }
    }

    /// Sends `action` to `output`; false for no action. `rowsBefore` rows of the layout (a page
    /// header) come before the presenter's first row, so its indexes are the layout's less that.
    @MainActor
    public static func perform(_ action: Action?, touched: Int?, output: any ListViewOutput, rowsBefore: Int = 0) -> Bool {
        switch action {
        case .select(let index, let top, let visible):
            let rows = max(0, visible.lowerBound - rowsBefore)..<max(0, visible.upperBound - rowsBefore)
            // A row before the presenter's first (a page's header) selects its first row.
            output.didChangeSelection(to: max(0, index - rowsBefore), firstVisibleRow: top, visibleRows: rows)
        case .open(let index): output.didChooseRow(at: index - rowsBefore)
        case .touch(let index): output.didTouchRow(at: index - rowsBefore)
        case .cancelTouch: output.didCancelTouch()
        case .reload:
            if touched != nil { output.didCancelTouch() }
            output.didRequestReload()
        case nil: return false
        }
        return true
    }
}

// MARK: Keys

extension ListInput {
    public static let upKeys: [Key] = [.up, .character("k")]
    public static let downKeys: [Key] = [.down, .character("j")]
    public static let pageUpKeys: [Key] = [.pageUp]
    public static let pageDownKeys: [Key] = [.pageDown, .character(" ")]
    public static let firstKeys: [Key] = [.home]
    public static let lastKeys: [Key] = [.end]
    /// Every key that moves the selection (or scrolls), and how help writes them.
    public static let moveKeys = upKeys + downKeys + pageUpKeys + pageDownKeys + firstKeys + lastKeys
    public static let moveKeysHelp = "↑↓ jk pgup/pgdn/space home/end wheel"
    public static let openKeys: [Key] = [.enter]
    public static let reloadKeys: [Key] = [.character("r")]
    /// The error view's retry: `r`, enter or space.
    public static let retryKeys: [Key] = [.character("r"), .enter, .character(" ")]

    /// The list's moves, in `texts`' language (the wheel moves too); `action` when the screen words
    /// its selection its own way ("Produkt wählen").
    public static func moveBinding(_ texts: NavigationTexts = .english, action: String? = nil) -> KeyBinding {
        KeyBinding(moveKeys, KeyHelp(moveKeysHelp, action ?? texts.moveAction, bar: texts.moveBar), parts: moveParts)
    }

    /// The moves by name, as a config file remaps them (`down = ↓, j, ctrl-n`).
    public static let moveParts = [KeyPart("up", upKeys), KeyPart("down", downKeys), KeyPart("page-up", pageUpKeys),
                                   KeyPart("page-down", pageDownKeys), KeyPart("top", firstKeys), KeyPart("bottom", lastKeys)]

    /// Enter (or a click) opens the selected row: `action` says what opening it is ("open the number").
    public static func openBinding(_ action: String, bar: String = "enter open") -> KeyBinding {
        KeyBinding(openKeys, KeyHelp("enter/click", action, bar: bar), name: "open")
    }

    /// `r` loads the list again.
    public static func reloadBinding(_ texts: NavigationTexts = .english) -> KeyBinding {
        KeyBinding(reloadKeys, KeyHelp("r", texts.reloadAction, bar: texts.reloadBar), name: "reload")
    }

    /// The error view's retry, which a config file remaps as `retry` (``NavigationTexts/retryKey`` is its help).
    public static func retryBinding(_ texts: NavigationTexts = .english) -> KeyBinding {
        retryBinding(texts.retryKey)
    }

    /// The error view's retry with `help` of its own (a key bar that says less than ``retryKeys``).
    public static func retryBinding(_ help: KeyHelp) -> KeyBinding {
        KeyBinding(retryKeys, help, name: "retry")
    }
}
