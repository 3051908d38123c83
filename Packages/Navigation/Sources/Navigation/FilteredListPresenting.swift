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
    /// Makes the filter's texts, which a query now waits for (a long catalog folds them the first
    /// time the filter is used, then hands them to ``ListModel/provideSearchTexts(_:)``); by default
    /// nothing: the texts come with the items.
    func makeSearchTexts()
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
    public func makeSearchTexts() {}

    public func didRequestReload() { loader.reload() }

    public func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard selectRow(index, firstVisibleRow: row, visibleRows: rows) != nil else { return }
        publish()
        showImages()
    }

    public func didEditSearch(_ newSearch: SearchFieldState) {
        search = newSearch
        guard isLoaded, model.filter(by: newSearch.query) else { return publish() }
        if model.needsSearchTexts { makeSearchTexts() }
        publish()
        showImages()
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
