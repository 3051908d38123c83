import TextSearch

/// A list's items with its `/` filter and selection, after bubbles' `list.Model`: a value the list's
/// presenter owns, which keeps
/// - the items (an array, or a catalog of its own that reads its items where they are), and the
///   texts the filter reads (their words, made once per load, off the main actor where a list is long;
///   a catalog of 100,000 makes them the first time the filter is used: ``provideSearchTexts(_:)``);
/// - the scope: the items the list shows before filtering (a tab's), all of them by default;
/// - the query, its matches (narrowed by the next key when it only adds to the query) and the rows
///   they leave, in the items' order;
/// - the selection (``ListState``: the selected row, the top row, the touch, the rows on screen),
///   kept on its item by identity across a reload that reorders (on the same occurrence of it where
///   ids repeat), and across a filter; a typo that
///   matches nothing remembers it, and the row is selected again when the query shows it. Rows after
///   the items (a page's footer) can be selected too and keep the selection on them.
///
/// A feature's presenter says what an item is (`identity`), what its row shows, and what choosing it
/// opens; the model does the rest, so every list filters and selects alike.
public struct ListModel<Items: RandomAccessCollection & Sendable, ID: Hashable & Sendable>: Sendable
where Items.Index == Int, Items.Element: Sendable {
    public typealias Item = Items.Element
    /// The items, in their order (the rows are some of them, in the same order).
    public private(set) var items: Items
    /// The selection, the top row, the touch and the rows on screen, as rows of ``rows`` then the trailing rows.
    public var selection: ListState
    /// The filter's query as typed.
    public private(set) var query = ""
    /// Rows after the items' (a page's footer): selectable, counted in ``rowCount``.
    public let trailingRows: Int
    /// The rows taken to be on screen at the top, before the view says (a new scope starts there).
    private let initialVisibleRows: Range<Int>
    private var searchQuery = SearchQuery("")
    /// The texts the filter reads; nil until they are made (the rows show unfiltered meanwhile).
    private var texts: SearchTexts?
    /// Which load the items are (counted), and the load whose texts were asked for.
    private var loadNumber = 0
    private var textsRequested: Int?
    /// The positions the list shows before filtering, ascending; nil for every item.
    private var scope: [Int]?
    /// The matches of a query with words; nil shows the scope whole.
    private var matches: SearchMatches?
    /// The position of the item selected before a query left no rows (a typo), selected again when shown.
    private var hiddenSelection: Int?
    private let identity: @Sendable (Item) -> ID
    private let locate: @Sendable (Items, ID) -> Int?

    /// - Parameters:
    ///   - items: the items before the first load (none).
    ///   - visibleRows: the rows taken to be on screen before the view has said (their pictures load).
    ///   - trailingRows: rows after the items (a footer).
    ///   - identity: what makes an item the same one after a reload (its id, its name).
    ///   - locate: where the item with an identity is in new items, for a catalog that knows faster
    ///     than a look at each item; by default that look.
    public init(items: Items, visibleRows: Range<Int> = 0..<40, trailingRows: Int = 0, identity: @escaping @Sendable (Item) -> ID,
                locate: (@Sendable (Items, ID) -> Int?)? = nil) {
        self.items = items
        selection = ListState(visibleRows: visibleRows)
        initialVisibleRows = visibleRows
        self.trailingRows = trailingRows
        self.identity = identity
        self.locate = locate ?? { items, id in items.firstIndex { identity($0) == id } }
    }

    // MARK: Reading

    /// The rows shown: the items of the scope the query leaves, in order (the scope whole without a query).
    public var rows: ListRows<Items> { ListRows(items: items, positions: matches?.positions ?? scope) }

    /// The rows and the trailing rows.
    public var rowCount: Int { rows.count + trailingRows }

    /// Whether a query filters the rows (it has words, and the texts are there to match them).
    public var isFiltered: Bool { matches != nil }

    /// Whether a query waits for the texts to filter (``provideSearchTexts(_:)``).
    public var needsSearchTexts: Bool { texts == nil && !searchQuery.isEmpty }

    /// How many items the scope shows before filtering.
    public var scopeCount: Int { scope?.count ?? items.count }

    /// The selected row's item, if there is one (not on a trailing row).
    public var selectedItem: Item? {
        selectedPosition.map { items[$0] }
    }

    /// The selected row's place in ``items``.
    public var selectedPosition: Int? {
        let rows = rows
        return rows.indices.contains(selection.selectedIndex) ? rows.position(of: selection.selectedIndex) : nil
    }

    /// The items whose pictures should load: those of the rows on screen first, then `margin` rows
    /// before and after.
    public func pictureItems(margin: Int) -> [Item] {
        let rows = rows
        return selection.pictureRows(count: rows.count, margin: margin).map { rows[$0] }
    }

    // MARK: Changing

    /// New items (a load, a reload, a kept list standing in, another order), with their texts for the
    /// filter (``SearchTexts``, one per item in the same order; nil to make them when the filter asks)
    /// and the scope shown (ascending positions; nil for all): the query filters them again, and the
    /// selection stays on its item when it is still there (found by identity; where ids repeat, the same
    /// occurrence of the id), else goes to the first row.
    /// - Parameter keepsSelection: false for a list that starts at its top (a new sort order).
    public mutating func load(_ newItems: Items, searchTexts: SearchTexts?, scope newScope: [Int]? = nil, keepsSelection: Bool = true) {
        let wasTrailing = isTrailingRowSelected
        let selected = keepsSelection ? (selectedPosition ?? hiddenSelection.flatMap { items.indices.contains($0) ? $0 : nil }) : nil
        let position = selected.flatMap { relocate(itemAt: $0, of: items, in: newItems) }
        items = newItems
        texts = searchTexts
        loadNumber += 1
        scope = newScope
        matches = match(refining: nil)
        reselect(position, trailing: keepsSelection && wasTrailing)
        hiddenSelection = rows.isEmpty ? position : nil
    }

    /// Shows another scope of the same items (a tab; the favourites after one changed). The selection
    /// stays on its item while the scope has it, else on its row, or at the top when `keepsSelection`
    /// is false (a tab chosen starts at its top, as a new page does).
    public mutating func scope(to newScope: [Int]?, keepsSelection: Bool = true) {
        let before = selectedPosition, index = selection.selectedIndex, wasTrailing = isTrailingRowSelected
        scope = newScope
        hiddenSelection = nil
        matches = match(refining: nil)
        guard keepsSelection else { return selection = ListState(visibleRows: initialVisibleRows) }
        if wasTrailing {
            reselect(nil, trailing: true)
        } else if let row = before.flatMap(rows.row(ofPosition:)) {
            selection.reselect(row, count: rowCount)
        } else {
            selection.reselect(min(index, max(0, rows.count - 1)), count: rowCount)
        }
    }

    /// Asks for the texts of the items loaded last, once per load (making them may not stop halfway:
    /// the keys typed meanwhile wait for that one job): the request to answer with
    /// ``provideSearchTexts(_:for:)``, or nil when they are asked for already, or there.
    public mutating func requestSearchTexts() -> SearchTextsRequest? {
        guard texts == nil, textsRequested != loadNumber else { return nil }
        textsRequested = loadNumber
        return SearchTextsRequest(load: loadNumber)
    }

    /// The texts the filter reads, made after the items (a long catalog's, the first time the filter
    /// is used) as `request` asked; whether they were taken (not when other items were loaded since).
    @discardableResult
    public mutating func provideSearchTexts(_ searchTexts: SearchTexts, for request: SearchTextsRequest) -> Bool {
        guard request.load == loadNumber else { return false }
        let before = selectedPosition, wasTrailing = isTrailingRowSelected
        texts = searchTexts
        matches = match(refining: nil)
        reselect(before, trailing: wasTrailing)
        return true
    }

    /// The query typed (a letter, an erased one, a paste, esc): the rows it leaves, narrowed from the last
    /// matches when it only adds to them. The selection stays on its item while the query shows it (on a
    /// trailing row when it was there), and is remembered through a query that shows nothing. Whether the
    /// query changed.
    @discardableResult
    public mutating func filter(by newQuery: String) -> Bool {
        guard newQuery != query else { return false }
        let before = selectedPosition ?? hiddenSelection
        let wasTrailing = isTrailingRowSelected
        query = newQuery
        searchQuery = SearchQuery(newQuery)
        matches = match(refining: matches)
        reselect(before, trailing: wasTrailing)
        // A query that shows nothing for a moment (a typo) does not lose the selection.
        hiddenSelection = rows.isEmpty ? before : nil
        return true
    }

    /// Where the item at `oldPosition` of `oldItems` is in `newItems`: the item with its identity, and
    /// where identities repeat (a payload with duplicate ids), the same occurrence of it (the k-th item
    /// with that id; the last one when there are fewer now), so a reload of the same payload keeps the
    /// row instead of jumping to the first duplicate. A unique item costs one ``locate``, as before; only
    /// an item after another with its id counts them (a reload reads the whole payload anyway).
    private func relocate(itemAt oldPosition: Int, of oldItems: Items, in newItems: Items) -> Int? {
        let id = identity(oldItems[oldPosition])
        guard let first = locate(newItems, id) else { return nil }
        guard locate(oldItems, id) != oldPosition else { return first }
        let occurrence = oldItems[..<oldPosition].count { identity($0) == id }
        guard occurrence > 0 else { return first }
        var found = first, seen = 0
        for position in newItems.indices[newItems.index(after: first)...] where identity(newItems[position]) == id {
            found = position
            seen += 1
            if seen == occurrence { break }
        }
        return found
    }

    /// Whether a trailing row is selected after rows of items (with no rows, it is the only row there is).
    private var isTrailingRowSelected: Bool {
        let count = rows.count
        return trailingRows > 0 && count > 0 && selection.selectedIndex >= count
    }

    /// The query's matches in the scope (narrowing `previous` when the query only adds to it); nil
    /// without words, or without texts yet.
    private func match(refining previous: SearchMatches?) -> SearchMatches? {
        guard !searchQuery.isEmpty, let texts else { return nil }
        return previous?.refined(to: searchQuery, in: texts, among: scope) ?? SearchMatches(searchQuery, in: texts, among: scope)
    }

    /// Selects the row of the item at `position` when the rows show it (the first trailing row for
    /// `trailing`), else the first row.
    private mutating func reselect(_ position: Int?, trailing: Bool) {
        let rows = rows
        let row = trailing ? rows.count : position.flatMap(rows.row(ofPosition:))
        selection.reselect(row, count: rowCount)
    }
}

extension ListModel {
    /// A list of items in an array, empty until the first load.
    public init<Element>(visibleRows: Range<Int> = 0..<40, identity: @escaping @Sendable (Element) -> ID) where Items == [Element] {
        self.init(items: [], visibleRows: visibleRows, identity: identity)
    }
}

/// Some of a list's items, in order, read through their positions (all of them without positions):
/// the rows a filter leaves, without copying an item.
public struct ListRows<Items: RandomAccessCollection & Sendable>: RandomAccessCollection, Sendable
where Items.Index == Int, Items.Element: Sendable {
    let items: Items
    let positions: [Int]?

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions?.count ?? items.count }
    public subscript(row: Int) -> Items.Element { items[position(of: row)] }

    /// The place in the items of `row`.
    public func position(of row: Int) -> Int { positions.map { $0[row] } ?? row }

    /// The row showing the item at `position`, if one does: a binary search of the rows' positions,
    /// which are in the items' order (a selection found again among 100,000 matches).
    public func row(ofPosition position: Int) -> Int? {
        guard let positions else { return items.indices.contains(position) ? position : nil }
        return positions.sortedIndex(of: position)
    }
}

/// A request for the texts of one load of a ``ListModel``'s items (``ListModel/requestSearchTexts()``).
public struct SearchTextsRequest: Sendable, Equatable {
    fileprivate let load: Int
}
