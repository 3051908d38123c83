import TerminalKit
import TerminalUI

/// What the view model of a list screen with a `/` filter holds (every feature's list has these).
public protocol FilteredListViewModel: SearchingViewModel, Sendable {
    associatedtype Row: Equatable & Sendable
    var title: String { get }
    var content: ListContent<Row> { get }
    /// The notice line ("Offline — as of …", skipped entries), if any.
    var notice: String? { get }
    var touchedIndex: Int? { get }
    /// What the list says when it has no rows (nothing loaded, or nothing matches the filter).
    var emptyMessage: String { get }
}

/// The view model of a list screen with a `/` filter and nothing else of its own (most lists: a
/// feature names it, `typealias NumbersListViewModel = ListScreenViewModel<NumberRowViewModel>`).
public struct ListScreenViewModel<Row: Equatable & Sendable>: FilteredListViewModel, Equatable {
    public var title: String
    public var content: ListContent<Row>
    public var notice: String?
    /// The row under a mouse press, drawn touched until the release (``TouchInput``).
    public var touchedIndex: Int?
    public var search: SearchFieldState
    public var emptyMessage: String

    public init(title: String, content: ListContent<Row>, notice: String? = nil, touchedIndex: Int? = nil,
                search: SearchFieldState = SearchFieldState(), emptyMessage: String = "") {
        self.title = title
        self.content = content
        self.notice = notice
        self.touchedIndex = touchedIndex
        self.search = search
        self.emptyMessage = emptyMessage
    }
}

extension Array where Element == String? {
    /// The notices there are, on one notice line (joined with " · "); nil without any.
    public var joinedNotice: String? {
        let notices = compactMap { $0 }
        return notices.isEmpty ? nil : notices.joined(separator: " · ")
    }
}

/// What a list screen with a `/` filter tells its presenter: the list's events, the first load and the filter.
@MainActor
public protocol FilteredListViewOutput: ListViewOutput {
    /// The screen appeared: load.
    func didLoad()
    /// The `/` filter changed (typing, enter, esc).
    func didEditSearch(_ search: SearchFieldState)
}

/// The words a list screen with a `/` filter shows, in its screen's language.
public struct FilteredListWords: Sendable {
    public var loading: String
    public var retry: String
    /// The filter line's text before anything is typed ("press / to filter").
    public var filterPlaceholder: String
    /// The key bar while the filter is typed.
    public var filterTypingBar: String

    public init(loading: String, retry: String, filterPlaceholder: String, filterTypingBar: String) {
        self.loading = loading
        self.retry = retry
        self.filterPlaceholder = filterPlaceholder
        self.filterTypingBar = filterTypingBar
    }
}

/// A list screen with a `/` filter, its skeleton supplied (bubbles' `list.Model` with its item
/// delegate): the first load when it appears, its keys (the error view's while it shows), the filter line
/// taking every key while typed, the layout (title, filter line, notice line kept so the list never
/// moves, rows of one height, key bar), the drawing and the input (the filter's keys first, then the
/// list's). A feature's view supplies its words and keys, its row height and how one row is drawn.
@MainActor
public protocol FilteredListView: ModuleView where ViewModel: FilteredListViewModel {
    /// The presenter as a list's presenter (`output` itself: its protocol refines ``FilteredListViewOutput``).
    static func listOutput(_ output: Output) -> any FilteredListViewOutput
    /// The screen's words.
    static var listWords: FilteredListWords { get }
    /// The keys the loaded list matches, with their words.
    static var bindings: [KeyBinding] { get }
    /// The words of the loaded list's keys (its ``bindings``', and the host's keys said in this
    /// screen's words): the key bar, the `?` overlay and `--help` read them.
    static var keys: [KeyHelp] { get }
    /// The keys of the error view (retry, and back on a screen that has one).
    static func failedKeys(for viewModel: ViewModel) -> [KeyHelp]
    /// Every row's height in lines.
    static var rowHeight: Int { get }
    /// `rows` laid out in `list`: by default every row ``rowHeight`` lines and selectable; a list whose
    /// rows differ (section headers) says how.
    static func layout(_ rows: LazyRows<ViewModel.Row>, list: Rect) -> VirtualListLayout
    /// Whether the notice line is kept while no notice shows (the list never moves; the default) or
    /// taken only while one shows.
    static var noticeLine: ListScreenLayout.NoticeLine { get }
    /// How the list's body marks a row (separator lines, where the marker goes); by default plainly.
    static var marks: ListBody.Marks { get }
    /// Draws what is above the list (by default the title, the notice and the filter line); returns
    /// the screen's layout.
    static func drawTop(_ viewModel: ViewModel, into frame: inout Frame, context: RenderContext) -> ListScreenLayout
    /// Draws one row into the list's body at `cell` (the row's look and marker are the body's).
    func drawRow(_ row: ViewModel.Row, cell: ListBody.Cell, into body: inout Frame, context: RenderContext)
}

extension FilteredListView {
    public static func didAppear(_ output: Output) { listOutput(output).didLoad() }

    /// The keys that work in `viewModel`'s state: the list's, or the error view's.
    public static func keys(for viewModel: ViewModel) -> [KeyHelp] {
        viewModel.content.isFailed ? failedKeys(for: viewModel) : keys
    }

    public static var editingKeyBar: String { listWords.filterTypingBar }

    public static var noticeLine: ListScreenLayout.NoticeLine { .reserved }
    public static var marks: ListBody.Marks { ListBody.Marks() }

    /// The title, the filter line, the notice line, the list, the key bar.
    public static func screenLayout(_ size: Size, notice: String?) -> ListScreenLayout {
        ListScreenLayout(size: size, hasSearch: true, hasNotice: notice != nil, noticeLine: noticeLine)
    }

    /// The rows laid out in `list`, each ``rowHeight`` lines.
    public static func layout(_ rows: LazyRows<ViewModel.Row>, list: Rect) -> VirtualListLayout {
        VirtualListLayout(count: rows.count, viewportRows: list.rows, height: { _ in rowHeight })
    }

    /// What the list's body says while loading, when empty, and on its retry button.
    public static func bodyWords(_ viewModel: ViewModel) -> ListBody.Words {
        ListBody.Words(loading: listWords.loading, empty: viewModel.emptyMessage, retry: listWords.retry)
    }

    /// Draws the title, the notice and the filter line (not on the error view: nothing to filter there);
    /// returns where the list goes.
    public static func drawTop(_ viewModel: ViewModel, into frame: inout Frame, context: RenderContext) -> ListScreenLayout {
        let screen = screenLayout(context.size, notice: viewModel.notice)
        screen.drawHeader(title: viewModel.title, notice: viewModel.notice, into: &frame)
        drawFilter(viewModel, in: screen, into: &frame, context: context)
        return screen
    }

    /// Draws the filter line where `screen` has one, except on the error view.
    public static func drawFilter(_ viewModel: ViewModel, in screen: ListScreenLayout, into frame: inout Frame, context: RenderContext) {
        guard !viewModel.content.isFailed, let search = screen.search else { return }
        viewModel.search.draw(into: &frame, rect: search, placeholder: listWords.filterPlaceholder, colorMode: context.colorMode)
    }

    /// The top, the rows on screen (each through ``drawRow(_:cell:into:context:)``), the key bar: the
    /// typing keys while the filter is typed, else the keys of the state shown.
    public func render(_ viewModel: ViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let screen = Self.drawTop(viewModel, into: &frame, context: context)
        ListBody.draw(viewModel.content, in: screen.list, into: &frame, layout: { Self.layout($0, list: screen.list) },
                      touchedIndex: viewModel.touchedIndex, words: Self.bodyWords(viewModel), context: context,
                      marks: Self.marks) { row, cell, body in
            drawRow(row, cell: cell, into: &body, context: context)
        }
        KeyBar.draw(viewModel.search.isEditing ? Self.listWords.filterTypingBar : Self.keys(for: viewModel).keyBar(.english, context.keyMap), into: &frame)
        return frame
    }

    /// The filter's keys first (`/`, typing, enter, esc), then the list's keys, touch and retry.
    public func handleList(_ event: InputEvent, viewModel: ViewModel, output: Output, in context: RenderContext) -> Bool {
        let output = Self.listOutput(output)
        if SearchInput.handleFilter(event, viewModel.search, listFailed: viewModel.content.isFailed, didEdit: output.didEditSearch) { return true }
        let list = Self.screenLayout(context.size, notice: viewModel.notice).list
        return ListInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex,
                                layout: { Self.layout($0, list: list) }, listRect: list,
                                retry: Self.listWords.retry, output: output)
    }

    public func handle(_ event: InputEvent, viewModel: ViewModel, output: Output, in context: RenderContext) -> Bool {
        handleList(event, viewModel: viewModel, output: output, in: context)
    }
}
