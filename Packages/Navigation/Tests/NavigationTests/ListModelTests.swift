import Navigation
import TextSearch
import XCTest

/// The list model every list presenter owns: rows the filter leaves, the selection kept on its item.
final class ListModelTests: XCTestCase {
    private struct Fruit: Sendable, Equatable {
        var id: Int
        var name: String
    }

    private func model(_ names: [String]) -> ListModel<[Fruit], Int> {
        var model = ListModel<[Fruit], Int>(visibleRows: 0..<3) { $0.id }
        load(names, into: &model)
        return model
    }

    private func load(_ names: [String], ids: [Int]? = nil, into model: inout ListModel<[Fruit], Int>) {
        let fruits = zip(ids ?? Array(names.indices), names).map { Fruit(id: $0, name: $1) }
        model.load(fruits, searchTexts: SearchTexts(folding: fruits.map(\.name)))
    }

    private func names(_ model: ListModel<[Fruit], Int>) -> [String] { model.rows.map(\.name) }

    func testTheSelectionStaysOnItsItemThroughAReloadThatReorders() {
        var list = model(["Apple", "Banana", "Cherry", "Date"])
        list.selection.select(2, firstVisibleRow: 1, count: 4)
        XCTAssertEqual(list.selectedItem?.name, "Cherry")
        load(["Date", "Cherry", "Banana", "Apple", "Elderberry"], ids: [3, 2, 1, 0, 4], into: &list)
        XCTAssertEqual(list.selectedItem?.name, "Cherry", "found again by its identity, not its row")
        XCTAssertEqual(list.selection.selectedIndex, 1)
        XCTAssertEqual(list.selection.firstVisibleRow, 1, "the top row stays")
        load(["Apple", "Banana"], into: &list)
        XCTAssertEqual(list.selection.selectedIndex, 0, "gone: the first row")
        XCTAssertEqual(list.selection.firstVisibleRow, 0)
    }

    /// Ids that repeat in a payload (issue 47, 3.8): the reload keeps the row, not the first item with its id.
    func testTheSelectionStaysOnItsRowThroughAReloadWhenIdsRepeat() {
        let names = (0..<30).map { "Item \($0)" }
        let ids = (0..<30).map { $0 % 5 }
        var list = ListModel<[Fruit], Int>(visibleRows: 0..<10) { $0.id }
        load(names, ids: ids, into: &list)
        list.selection.select(6, firstVisibleRow: 0, count: 30)
        XCTAssertEqual(list.selectedItem?.name, "Item 6")
        load(names, ids: ids, into: &list)
        XCTAssertEqual(list.selection.selectedIndex, 6, "the same payload again: the same row (7/30), not the first with id 1 (2/30)")
        XCTAssertEqual(list.selectedItem?.name, "Item 6")
        load(["New"] + names, ids: [9] + ids, into: &list)
        XCTAssertEqual(list.selectedItem?.name, "Item 6", "a row added above: the same occurrence of the id (its second), one row down")
        XCTAssertEqual(list.selection.selectedIndex, 7)
        load(Array(names.prefix(3)), ids: Array(ids.prefix(3)), into: &list)
        XCTAssertEqual(list.selectedItem?.name, "Item 1", "fewer of that id now: the last one left")
        list.filter(by: "item")
        list.selection.select(1, firstVisibleRow: 0, count: list.rowCount)
        load(names, ids: ids, into: &list)
        XCTAssertEqual(list.selectedItem?.name, "Item 1", "under a filter, the same item")
    }

    func testATypoRemembersTheSelectionAndItsCorrectionShowsItAgain() {
        var list = model(["Apple pie", "Banana bread", "Cherry pie", "Date loaf"])
        list.selection.select(2, firstVisibleRow: 0, count: 4)
        XCTAssertTrue(list.filter(by: "p"))
        XCTAssertEqual(names(list), ["Apple pie", "Cherry pie"])
        XCTAssertEqual(list.selectedItem?.name, "Cherry pie", "still shown: still selected")
        XCTAssertFalse(list.filter(by: "p"), "the same query changes nothing")
        list.filter(by: "px")
        XCTAssertEqual(names(list), [])
        XCTAssertNil(list.selectedItem)
        list.filter(by: "p")
        XCTAssertEqual(list.selectedItem?.name, "Cherry pie", "the typo erased: the same item, not the first row")
        list.filter(by: "b")
        XCTAssertEqual(names(list), ["Banana bread"])
        XCTAssertEqual(list.selectedItem?.name, "Banana bread", "its item filtered out: the first row")
        list.filter(by: "")
        XCTAssertFalse(list.isFiltered)
        XCTAssertEqual(list.rows.count, 4)
        XCTAssertEqual(list.selectedItem?.name, "Banana bread", "clearing keeps the selection")
    }

    func testAReloadUnderAFilterFiltersTheNewItemsAndKeepsTheHiddenSelection() {
        var list = model(["Apple", "Banana", "Cherry"])
        list.selection.select(1, firstVisibleRow: 0, count: 3)
        list.filter(by: "zz")
        load(["Banana split", "Cherry", "Banana", "Apple"], ids: [3, 2, 1, 0], into: &list)
        XCTAssertEqual(names(list), [], "the query applies to the new items")
        list.filter(by: "ban")
        XCTAssertEqual(names(list), ["Banana split", "Banana"])
        XCTAssertEqual(list.selectedItem?.id, 1, "the item hidden by the typo, found in the reloaded list")
    }

    func testTheRowsPicturesLoadForFollowTheFilter() {
        var list = model((0..<20).map { $0 % 2 == 0 ? "even \($0)" : "odd \($0)" })
        XCTAssertEqual(list.pictureItems(margin: 1).map(\.id), [0, 1, 2, 3], "the rows on screen, then the margin")
        list.filter(by: "odd")
        XCTAssertEqual(list.pictureItems(margin: 1).map(\.id), [1, 3, 5, 7], "the filtered rows on screen")
        list.selection.select(5, firstVisibleRow: 4, visibleRows: 4..<7, count: list.rows.count)
        XCTAssertEqual(list.pictureItems(margin: 1).map(\.id), [9, 11, 13, 7, 15])
    }

    func testARowIsFoundByItsItemsPositionAmongTheMatches() {
        var list = model((0..<1_000).map { $0 % 3 == 0 ? "fizz \($0)" : "plain \($0)" })
        list.filter(by: "fizz")
        let rows = list.rows
        XCTAssertEqual(rows.count, 334)
        XCTAssertEqual(rows.row(ofPosition: 999), 333)
        XCTAssertEqual(rows.row(ofPosition: 0), 0)
        XCTAssertNil(rows.row(ofPosition: 998), "not a match")
        XCTAssertNil(rows.row(ofPosition: 1_000), "not an item")
        XCTAssertEqual(rows.position(of: 333), 999)
    }

    /// A page's list (check24's): a scope per tab, a footer row after the products, texts folded late.
    private func pageModel(_ names: [String]) -> ListModel<[Fruit], Int> {
        var model = ListModel<[Fruit], Int>(items: [], visibleRows: 0..<2, trailingRows: 1, identity: { $0.id },
                                            locate: { fruits, id in fruits.indices.contains(id) && fruits[id].id == id ? id : nil })
        model.load(names.enumerated().map { Fruit(id: $0, name: $1) }, searchTexts: nil)
        return model
    }

    func testAScopeShowsSomeItemsAndTheFilterWorksWithinIt() {
        let names = ["Apple pie", "Banana bread", "Cherry pie", "Date loaf", "Elderberry pie"]
        var list = pageModel(names)
        XCTAssertEqual(list.rowCount, 6, "the products and the footer")
        list.selection.select(2, firstVisibleRow: 0, count: list.rowCount)
        list.scope(to: [0, 2, 4])
        XCTAssertEqual(self.names(list), ["Apple pie", "Cherry pie", "Elderberry pie"])
        XCTAssertEqual(list.selectedItem?.name, "Cherry pie", "still in the scope: still selected")
        XCTAssertEqual(list.scopeCount, 3)
        list.scope(to: [1, 3], keepsSelection: false)
        XCTAssertEqual(list.selection.selectedIndex, 0, "another tab starts at its top")
        list.scope(to: [0, 2, 4])
        list.selection.select(2, firstVisibleRow: 0, count: list.rowCount)
        list.scope(to: [0, 2])
        XCTAssertEqual(list.selectedItem?.name, "Cherry pie", "its product gone from the scope: the row it was on, kept inside the rows")
    }

    func testTextsForItemsLoadedSinceAreNotTaken() throws {
        var list = pageModel(["Apple pie", "Banana bread"])
        list.filter(by: "pie")
        let stale = try XCTUnwrap(list.requestSearchTexts())
        list.load([Fruit(id: 7, name: "Cherry pie")], searchTexts: nil)
        XCTAssertFalse(list.provideSearchTexts(SearchTexts(folding: ["Apple pie", "Banana bread"]), for: stale), "another load's texts")
        XCTAssertTrue(list.needsSearchTexts)
        XCTAssertTrue(list.provideSearchTexts(SearchTexts(folding: ["Cherry pie"]), for: try XCTUnwrap(list.requestSearchTexts())))
        XCTAssertEqual(names(list), ["Cherry pie"])
    }

    func testTextsMadeLaterFilterTheQueryTypedMeanwhile() throws {
        var list = pageModel(["Apple pie", "Banana bread", "Cherry pie"])
        list.selection.select(2, firstVisibleRow: 0, count: list.rowCount)
        XCTAssertTrue(list.filter(by: "pie"))
        XCTAssertTrue(list.needsSearchTexts)
        XCTAssertFalse(list.isFiltered, "no texts yet: the rows show unfiltered")
        XCTAssertEqual(list.rows.count, 3)
        let request = list.requestSearchTexts()
        XCTAssertNil(list.requestSearchTexts(), "asked once per load: the next keys wait for that job")
        XCTAssertTrue(list.provideSearchTexts(SearchTexts(folding: ["Apple pie", "Banana bread", "Cherry pie"]), for: try XCTUnwrap(request)))
        XCTAssertFalse(list.needsSearchTexts)
        XCTAssertNil(list.requestSearchTexts(), "they are there")
        XCTAssertEqual(names(list), ["Apple pie", "Cherry pie"])
        XCTAssertEqual(list.selectedItem?.name, "Cherry pie", "the selection stays on its item")
    }

    func testTheFooterStaysSelectedThroughAFilterAndAReload() throws {
        var list = pageModel(["Apple pie", "Banana bread", "Cherry pie"])
        list.provideSearchTexts(SearchTexts(folding: ["Apple pie", "Banana bread", "Cherry pie"]), for: try XCTUnwrap(list.requestSearchTexts()))
        list.selection.select(3, firstVisibleRow: 1, count: list.rowCount)
        XCTAssertNil(list.selectedItem, "the footer is no item")
        list.filter(by: "pie")
        XCTAssertEqual(list.selection.selectedIndex, 2, "the footer, after the two rows left")
        list.load([Fruit(id: 0, name: "Apple pie")], searchTexts: SearchTexts(folding: ["Apple pie"]))
        XCTAssertEqual(list.selection.selectedIndex, 1, "still the footer after a reload")
        list.filter(by: "zzz")
        XCTAssertEqual(list.rowCount, 1)
        XCTAssertEqual(list.selection.selectedIndex, 0, "nothing matches: the footer is the one row")
        var late = pageModel(["Apple pie", "Banana bread", "Cherry pie"])
        late.selection.select(3, firstVisibleRow: 1, count: late.rowCount)
        late.filter(by: "pie")
        late.provideSearchTexts(SearchTexts(folding: ["Apple pie", "Banana bread", "Cherry pie"]), for: try XCTUnwrap(late.requestSearchTexts()))
        XCTAssertEqual(late.selection.selectedIndex, 2, "the footer still, once the texts typed before them have come")
    }
}
