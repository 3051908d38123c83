import Foundation
import PictureUI
import TerminalUI
import TextSearch

/// A list presenter whose rows are a ``ListModel``'s, loaded by a ``ContentLoader`` and filtered by
/// `/`: reloading, moving the selection, typing in the filter and choosing an item work the same in
/// every such list, so they are written here once. A presenter supplies its model, its loader and
/// its filter's field, and what the rows on screen need besides being drawn (their pictures).
@MainActor
public protocol FilteredListPresenting: ListPresenting, FilteredListViewOutput {
    associatedtype Items: RandomAccessCollection & Sendable where Items.Index == Int, Items.Element: Sendable
    associatedtype ID: Hashable & Sendable
    associatedtype Content: Sendable
    associatedtype Failure: Error & Sendable
    /// The items, the rows the filter leaves and the selection.
    var model: ListModel<Items, ID> { get set }
    /// The content as it loads (kept, answered, failed, reloading).
    var loader: ContentLoader<Content, Failure> { get }
    /// The `/` field as typed.
    var search: SearchFieldState { get set }
    /// Starts what the rows on screen need besides being drawn (their pictures); by default nothing.
    func showImages()
    /// What every load does first (lets failed pictures be tried again); by default nothing.
    func willLoad()
    /// Makes the filter's texts, which a query now waits for (a long catalog folds them the first
    /// time the filter is used, then hands them to ``ListModel/provideSearchTexts(_:)``); by default
    /// nothing: the texts come with the items.
    func makeSearchTexts()
    /// The filter changed the rows, and with them maybe the selected item (`previous` was selected
    /// before; ``ListModel/selectedItem`` is now): what follows the selection follows it (a detail
    /// pane). By default nothing.
    func selectionDidChange(from previous: Items.Element?)
}

extension FilteredListPresenting {
    public var list: ListState {
        get { model.selection }
        set { model.selection = newValue }
    }

    /// The rows the filter leaves (and the trailing rows); none until the content is there.
    public var rowCount: Int { isLoaded ? model.rowCount : 0 }
    public var isLoaded: Bool { loader.content.value != nil }
    /// Whether a kept copy stands in for the server's answer, since when, and asking again.
    public var kept: KeptContent { loader.kept }

    public func showImages() {}
    public func willLoad() {}

    /// Starts the first load (``ContentLoader/start(kept:obtainOrThrow:willLoad:show:publish:)``): every
    /// load does ``willLoad()`` first, and a state without a value is published.
    public func startLoading(kept: @escaping @Sendable () async -> ContentLoader<Content, Failure>.Obtained?,
                             obtain: @escaping @Sendable () async throws(Failure) -> ContentLoader<Content, Failure>.Obtained,
                             show: @escaping @MainActor (Content) -> Void) {
        loader.start(kept: kept, obtainOrThrow: obtain, willLoad: { [weak self] in self?.willLoad() }, show: show,
                     publish: { [weak self] in self?.publish() })
    }
    public func makeSearchTexts() {}
    public func selectionDidChange(from previous: Items.Element?) {}

    public func didRequestReload() { loader.reload() }

    public func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
        showImages()
    }

    /// The `/` field changed: the model takes the query at once, also while the list first loads (it
    /// filters nothing yet), so the items that land next are filtered by what was typed.
    public func didEditSearch(_ newSearch: SearchFieldState) {
        search = newSearch
        let before = model.selectedItem
        guard model.filter(by: newSearch.query), isLoaded else { return publish() }
        if model.needsSearchTexts { makeSearchTexts() }
        selectionDidChange(from: before)
        publish()
        showImages()
    }

    /// The list screen's view model in the loader's state: `title` while loading, and over the error
    /// `failure` words; once there is content, what `loaded` makes of it (its title, rows, notices and
    /// empty message), with the selection, the top row, the touch and the filter. A kept copy's notice
    /// ("Offline — as of …") comes first; the notices are joined with " · ".
    public func listViewModel<Row>(title: String, failure: (Failure) -> String,
                                   loaded: (Content) -> (title: String, rows: LazyRows<Row>, notices: [String?], emptyMessage: String))
        -> ListScreenViewModel<Row> {
        switch loader.content {
        case .loading:
            return ListScreenViewModel(title: title, content: .loading, search: search)
        case .failed(let error):
            return ListScreenViewModel(title: title, content: .failed(message: failure(error)), search: search)
        case .loaded(let content), .reloading(let content):
            let made = loaded(content)
            return ListScreenViewModel(title: made.title, content: .loaded(rows: made.rows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                                       notice: ([kept.notice()] + made.notices).joinedNotice, touchedIndex: list.touchedIndex,
                                       search: search, emptyMessage: made.emptyMessage)
        }
    }

    /// Chooses row `index` (enter, or a release on the touched row) and shows it: its item, which the
    /// presenter opens, or nil when there is no such row any more.
    public func chooseItem(at index: Int) -> Items.Element? {
        guard chooseRow(index) != nil else { return nil }
        return model.selectedItem
    }

    /// Shows `items` (a load, a kept copy, another order) with their texts for the filter.
    public func show(_ items: Items, searchTexts: SearchTexts, keepsSelection: Bool = true) {
        model.load(items, searchTexts: searchTexts, keepsSelection: keepsSelection)
        publish()
        showImages()
    }
}

/// A filtered list whose rows have pictures: those of the rows on screen load, those on screen first,
/// then a margin's; rows that scrolled away stop loading, and a reload tries failed ones again.
@MainActor
public protocol PicturedListPresenting: FilteredListPresenting {
    /// The rows' pictures, made with their loads' start, fetch and change
    /// (``ImageSlots/init(maximumInFlight:start:fetch:changed:)``).
    var images: ImageSlots { get }
    /// An item's picture, if it has one.
    func pictureURL(of item: Items.Element) -> URL?
    /// How many rows above and below the screen load their pictures too.
    static var pictureMarginRows: Int { get }
}

extension PicturedListPresenting {
    public func showImages() {
        guard isLoaded else { return }
        images.show(model.pictureItems(margin: Self.pictureMarginRows).compactMap(pictureURL(of:)))
    }

    public func willLoad() { images.retryFailed() }
}
