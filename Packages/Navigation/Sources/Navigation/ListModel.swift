import TextSearch

/// A list's items with its `/` filter and selection, after bubbles' `list.Model`: a value the list's
/// presenter owns, which keeps
/// - the items and the texts the filter reads (their words, made once per load, off the main actor
///   where a list is long: ``load(_:searchTexts:)``);
/// - the query, its matches (narrowed by the next key when it only adds to the query) and the rows
///   they leave, in the items' order;
/// - the selection (``ListState``: the selected row, the top row, the touch, the rows on screen),
///   kept on its item by identity across a reload that reorders, and across a filter; a typo that
///   matches nothing remembers it, and the row is selected again when the query shows it.
///
/// A feature's presenter says what an item is (`identity`), what its row shows, and what choosing it
/// opens; the model does the rest, so every list filters and selects alike.
public struct ListModel<Item: Sendable, ID: Hashable & Sendable>: Sendable {
    /// The items, in their order (the rows are some of them, in the same order).
    public private(set) var items: [Item] = []
    /// The selection, the top row, the touch and the rows on screen, as rows of ``rows``.
    public var selection: ListState
    /// The filter's query as typed.
    public private(set) var query = ""
    private var searchQuery = SearchQuery("")
    private var texts = SearchTexts(keys: [[UInt8]]())
    /// The matches of a query with words; nil shows every item.
    private var matches: SearchMatches?
    /// The position of the item selected before a query left no rows (a typo), selected again when shown.
    private var hiddenSelection: Int?
    private let identity: @Sendable (Item) -> ID

    /// - Parameters:
    ///   - visibleRows: the rows taken to be on screen before the view has said (their pictures load).
    ///   - identity: what makes an item the same one after a reload (its id, its name).
    public init(visibleRows: Range<Int> = 0..<40, identity: @escaping @Sendable (Item) -> ID) {
        selection = ListState(visibleRows: visibleRows)
        self.identity = identity
    }

    // MARK: Reading

    /// The rows shown: the items the query leaves, in order (every item without a query).
    public var rows: ListRows<Item> { ListRows(items: items, positions: matches?.positions) }

    /// Whether a query with words filters the items.
    public var isFiltered: Bool { !searchQuery.isEmpty }

    /// The selected row's item, if there is one.
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
    /// filter (``SearchTexts``, one per item in the same order): the query filters them again, and the
    /// selection stays on its item when it is still there (found by identity), else goes to the first row.
    /// - Parameter keepsSelection: false for a list that starts at its top (a new sort order).
    public mutating func load(_ newItems: [Item], searchTexts: SearchTexts, keepsSelection: Bool = true) {
        let selected = keepsSelection ? (selectedItem ?? hiddenSelection.flatMap { items.indices.contains($0) ? items[$0] : nil }) : nil
        let kept = selected.map(identity)
        items = newItems
        texts = searchTexts
        matches = searchQuery.isEmpty ? nil : SearchMatches(searchQuery, in: texts)
        let position = kept.flatMap { id in newItems.firstIndex { identity($0) == id } }
        reselect(position)
        hiddenSelection = rows.isEmpty ? position : nil
    }

    /// The query typed (a letter, an erased one, a paste, esc): the rows it leaves, narrowed from the last
    /// matches when it only adds to them. The selection stays on its item while the query shows it, and
    /// is remembered through a query that shows nothing. Whether the query changed.
    @discardableResult
    public mutating func filter(by newQuery: String) -> Bool {
        guard newQuery != query else { return false }
        let before = selectedPosition ?? hiddenSelection
        query = newQuery
        searchQuery = SearchQuery(newQuery)
        matches = searchQuery.isEmpty ? nil : (matches?.refined(to: searchQuery, in: texts) ?? SearchMatches(searchQuery, in: texts))
        reselect(before)
        // A query that shows nothing for a moment (a typo) does not lose the selection.
        hiddenSelection = rows.isEmpty ? before : nil
        return true
    }

    /// Selects the row of the item at `position` when the rows show it, else the first row.
    private mutating func reselect(_ position: Int?) {
        let rows = rows
        selection.reselect(position.flatMap(rows.row(ofPosition:)), count: rows.count)
    }
}

/// Some of a list's items, in order, read through their positions (all of them without positions):
/// the rows a filter leaves, without copying an item.
public struct ListRows<Item: Sendable>: RandomAccessCollection, Sendable {
    let items: [Item]
    let positions: [Int]?

    public var startIndex: Int { 0 }
    public var endIndex: Int { positions?.count ?? items.count }
    public subscript(row: Int) -> Item { items[position(of: row)] }

    /// The place in the items of `row`.
    public func position(of row: Int) -> Int { positions.map { $0[row] } ?? row }

    /// The row showing the item at `position`, if one does: a binary search of the rows' positions,
    /// which are in the items' order (a selection found again among 100,000 matches).
    public func row(ofPosition position: Int) -> Int? {
        guard let positions else { return items.indices.contains(position) ? position : nil }
        return positions.sortedIndex(of: position)
    }
}
