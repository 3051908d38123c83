import TerminalKit
import TerminalUI

/// What the view model of a list screen with a `/` filter holds (every feature's list has these).
public protocol FilteredListViewModel: Sendable {
    associatedtype Row: Equatable & Sendable
    var title: String { get }
    var content: ListContent<Row> { get }
    /// The notice line ("Offline — as of …", skipped entries), if any.
    var notice: String? { get }
    var search: SearchFieldState { get }
    var touchedIndex: Int? { get }
    /// What the list says when it has no rows (nothing loaded, or nothing matches the filter).
    var emptyMessage: String { get }
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

/// A list screen with a `/` filter, its skeleton supplied: the first load when it appears, its keys
/// (the error view's while it shows), the filter line taking every key while typed, the layout (title,
/// filter line, notice line kept so the list never moves, rows of one height, key bar), and the input
/// (the filter's keys first, then the list's). A feature's view supplies its view model, its words and
/// keys, its row height and how a row is drawn.
@MainActor
public protocol FilteredListView: TextEditingScreen {
    associatedtype ViewModel: FilteredListViewModel
    /// The state the presenter published last.
    var viewModel: ViewModel { get }
    /// The presenter.
    var listOutput: any FilteredListViewOutput { get }
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
}

extension FilteredListView {
    public func screenDidAppear() { listOutput.didLoad() }

    public var keyHelp: [KeyHelp] { Self.keys(for: viewModel) }

    /// The keys that work in `viewModel`'s state: the list's, or the error view's.
    public static func keys(for viewModel: ViewModel) -> [KeyHelp] {
        viewModel.content.isFailed ? failedKeys(for: viewModel) : keys
    }

    /// While the filter is typed, every printable key (q and ? too) is text.
    public var capturesText: Bool { viewModel.search.isEditing }
    public var editingKeyBar: String { Self.listWords.filterTypingBar }

    public static var noticeLine: ListScreenLayout.NoticeLine { .reserved }

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
    public static func drawHeader(_ viewModel: ViewModel, into frame: inout Frame, context: RenderContext) -> ListScreenLayout {
        let screen = screenLayout(context.size, notice: viewModel.notice)
        screen.drawHeader(title: viewModel.title, notice: viewModel.notice, into: &frame)
        if !viewModel.content.isFailed, let search = screen.search {
            viewModel.search.draw(into: &frame, rect: search, placeholder: listWords.filterPlaceholder, colorMode: context.colorMode)
        }
        return screen
    }

    /// Draws the key bar: the typing keys while the filter is typed, else the keys of the state shown.
    public static func drawKeyBar(_ viewModel: ViewModel, into frame: inout Frame) {
        KeyBar.draw(viewModel.search.isEditing ? listWords.filterTypingBar : keys(for: viewModel).keyBar, into: &frame)
    }

    /// The filter's keys first (`/`, typing, enter, esc), then the list's keys, touch and retry.
    public func handleList(_ event: InputEvent, in context: RenderContext) -> Bool {
        let output = listOutput
        if SearchInput.handleFilter(event, viewModel.search, listFailed: viewModel.content.isFailed, didEdit: output.didEditSearch) { return true }
        let list = Self.screenLayout(context.size, notice: viewModel.notice).list
        return ListInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex,
                                layout: { Self.layout($0, list: list) }, listRect: list,
                                retry: Self.listWords.retry, output: output)
    }

    public func handle(_ event: InputEvent, in context: RenderContext) -> Bool { handleList(event, in: context) }
}
