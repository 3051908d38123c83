import XCTest
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI

@MainActor
final class SplitScreenTests: XCTestCase {
    private let regular = RenderContext(size: Size(columns: 100, rows: 4), colorMode: .none)
    private let compact = RenderContext(size: Size(columns: 99, rows: 4), colorMode: .none)

    private func text(_ split: SplitScreen, _ context: RenderContext) -> String {
        PlainTextEncoder.encode(split.render(in: context))
    }

    /// Whether `title` starts right after the divider (│, or its top's focus marker ◄ ►).
    private func besideDivider<S: StringProtocol>(_ shown: S, _ title: String) -> Bool {
        ["│", "◄", "►"].contains { shown.contains($0 + title) }
    }

    func testTheSizeClassIsRegularFromOneHundredColumns() async {
        XCTAssertEqual(regular.sizeClass, .regular)
        XCTAssertEqual(compact.sizeClass, .compact)
    }

    func testRegularShowsBothPanesAndAPlaceholderUntilADetailIsShown() async {
        let split = SplitScreen(master: StubScreen(title: "list"), masterPercent: 50, placeholder: "Choose a number")
        var shown = text(split, regular)
        XCTAssertTrue(shown.hasPrefix("list"))
        XCTAssertTrue(shown.contains("Choose a number"), shown)
        split.replaceDetail(StubScreen(title: "item"))
        shown = text(split, regular)
        XCTAssertTrue(besideDivider(shown.split(separator: "\n")[0], "item"), "the detail starts after the divider at column 50:\n\(shown)")
    }

    func testARemovedDetailLeavesThePlaceholderAndTheMaster() async {
        let split = SplitScreen(master: StubScreen(title: "list"), masterPercent: 50, placeholder: "Choose a number")
        _ = split.render(in: compact)
        split.showDetail(StubScreen(title: "item"))
        XCTAssertTrue(text(split, compact).hasPrefix("item"))
        split.removeDetail()
        XCTAssertTrue(text(split, compact).hasPrefix("list"), "a pushed detail that is gone returns to the master")
        XCTAssertNil(split.detail)
        XCTAssertTrue(text(split, regular).contains("Choose a number"), text(split, regular))
    }

    /// The focus (the accessible mode's cursor) is the focused pane's only: tab moves it to the detail,
    /// and a pane without one leaves none rather than the other pane's.
    func testTheFocusIsTheFocusedPanes() async {
        let master = StubScreen(title: "list"), detail = StubScreen(title: "item")
        master.focus = Point(column: 0, row: 1)
        detail.focus = Point(column: 1, row: 2)
        let split = SplitScreen(master: master, masterPercent: 50)
        _ = split.render(in: regular)
        split.replaceDetail(detail)
        XCTAssertEqual(split.render(in: regular).cursor, Point(column: 0, row: 1), "the master has the keys")
        _ = split.handle(.key(.tab), in: regular)
        let onDetail = split.render(in: regular).cursor
        XCTAssertEqual(onDetail?.row, 2)
        XCTAssertGreaterThan(onDetail?.column ?? 0, 50, "in the detail pane")
        detail.focus = nil
        XCTAssertNil(split.render(in: regular).cursor, "not the master's row while the keys go to the detail")
    }

    /// A press owns the pointer until its release: the pane that got the press gets the release, wherever it is.
    func testAReleaseGoesToThePaneThatGotThePress() async {
        let master = StubScreen(title: "list") { _ in true }, detail = StubScreen(title: "item") { _ in true }
        let split = SplitScreen(master: master, masterPercent: 50)
        _ = split.render(in: regular)
        split.replaceDetail(detail)
        _ = split.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 5, row: 1)), in: regular)
        _ = split.handle(.mouse(MouseEvent(kind: .release, column: 80, row: 1)), in: regular)
        XCTAssertEqual(master.received, [.mouse(MouseEvent(kind: .press(button: 0), column: 5, row: 1)),
                                         .mouse(MouseEvent(kind: .release, column: 80, row: 1))])
        XCTAssertEqual(detail.received, [], "the detail never saw half a click")
        _ = split.handle(.mouse(MouseEvent(kind: .release, column: 80, row: 1)), in: regular)
        XCTAssertEqual(detail.received.count, 1, "a release without a press goes to the pane under it")
    }

    func testCompactShowsTheMasterUntilADetailIsOpenedAndEscReturnsToTheSameMaster() async {
        let master = StubScreen(title: "list")
        let split = SplitScreen(master: master)
        _ = split.render(in: compact)
        split.replaceDetail(StubScreen(title: "first"))
        XCTAssertTrue(text(split, compact).hasPrefix("list"), "a selection alone does not leave the master in compact width")
        split.showDetail(StubScreen(title: "item"))
        XCTAssertTrue(text(split, compact).hasPrefix("item"))
        XCTAssertTrue(split.handle(.key(.escape), in: compact), "esc is the split's: it must not pop the whole split")
        XCTAssertTrue(text(split, compact).hasPrefix("list"))
        XCTAssertTrue(split.master === master, "the master, and so its selection, is the same instance")
        XCTAssertFalse(split.handle(.key(.escape), in: compact), "esc on the master goes to the host")
    }

    func testCompactWithADetailPushedBecomesBothPanesWhenWidened() async {
        let split = SplitScreen(master: StubScreen(title: "list"), masterPercent: 50)
        _ = split.render(in: compact)
        split.showDetail(StubScreen(title: "item"))
        let shown = text(split, regular)
        XCTAssertTrue(shown.hasPrefix("list") && besideDivider(shown, "item"), shown)
        // Narrowed again, the detail that was open is still open.
        XCTAssertTrue(text(split, compact).hasPrefix("item"))
    }

    /// The Tapptic use case's first step: the first item is selected and shown by default in regular
    /// width, but the user opened nothing, so narrowing shows the master.
    func testRegularWithADetailThatFollowsTheSelectionNarrowsToTheMaster() async {
        let master = StubScreen(title: "list")
        let split = SplitScreen(master: master)
        _ = split.render(in: regular)
        split.replaceDetail(StubScreen(title: "item"))
        XCTAssertTrue(text(split, compact).hasPrefix("list"), "a detail the user never opened collapses onto the master")
        XCTAssertFalse(split.isDetailPushed)
        XCTAssertTrue(besideDivider(text(split, regular), "item"), "widened again: both, the detail kept")
    }

    func testRegularWithADetailOpenedNarrowsToThatDetailAndEscGoesToTheMaster() async {
        let split = SplitScreen(master: StubScreen(title: "list"))
        _ = split.render(in: regular)
        split.showDetail(StubScreen(title: "item"))
        XCTAssertTrue(text(split, compact).hasPrefix("item"), "the detail opened in regular width stays shown")
        XCTAssertTrue(split.handle(.key(.escape), in: compact))
        XCTAssertTrue(text(split, compact).hasPrefix("list"))
        XCTAssertTrue(besideDivider(text(split, regular), "item"), "widened again: both, the detail kept")
        // Opened, then the selection moved on in regular width: the opened one is gone, so narrowing shows the list.
        split.showDetail(StubScreen(title: "opened"))
        split.replaceDetail(StubScreen(title: "next"))
        XCTAssertTrue(text(split, compact).hasPrefix("list"))
    }

    /// Tab must visibly move the focus: the divider's top points at the focused pane and the other is dimmed.
    func testTheFocusedPaneIsVisibleAndOneKeyBarListsItsKeys() async {
        let master = StubScreen(title: "list", keys: [KeyHelp("↑↓", "move", bar: "↑↓ move")])
        let detail = StubScreen(title: "item", keys: [KeyHelp("r", "reload", bar: "r reload")])
        let split = SplitScreen(master: master, masterPercent: 50)
        let context = RenderContext(size: Size(columns: 100, rows: 4), colorMode: .trueColor)
        _ = split.render(in: context)
        split.replaceDetail(detail)
        let before = split.render(in: context)
        XCTAssertEqual(before[50, 0].grapheme, "◄")
        XCTAssertTrue(before[51, 0].style.dim, "the detail pane is dimmed while the list has the keys")
        XCTAssertFalse(before[0, 0].style.dim)
        XCTAssertTrue(split.handle(.key(.tab), in: context))
        let after = split.render(in: context)
        XCTAssertNotEqual(before, after)
        XCTAssertEqual(after[50, 0].grapheme, "►")
        XCTAssertTrue(after[0, 0].style.dim)
        XCTAssertFalse(after[51, 0].style.dim)
        let bar = PlainTextEncoder.encode(after).split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(bar.contains("r reload"), bar)
        XCTAssertFalse(bar.contains("↑↓ move"), "only the focused pane's keys: \(bar)")
        XCTAssertEqual(bar.components(separatedBy: "q quit").count, 2, "one key bar, not one per pane: \(bar)")
    }

    func testAPaneTypingTextKeepsTheKeyBarItDrew() async {
        let master = TypingScreen()
        let split = SplitScreen(master: master, masterPercent: 50)
        split.replaceDetail(StubScreen(title: "item", keys: [KeyHelp("r", "reload", bar: "r reload")]))
        let bar = { PlainTextEncoder.encode(split.render(in: self.regular)).split(separator: "\n").last.map(String.init) ?? "" }
        XCTAssertTrue(bar().contains("tab switch pane"), bar())
        master.capturesText = true
        XCTAssertEqual(bar(), " type to filter  enter keep  esc clear  ↑↓ move", "the typing keys, across both panes, without ? and q")
    }

    func testRegularKeysGoToTheFocusedPaneTabSwitchesAndTheMasterKeepsFocusWhenADetailOpens() async {
        let master = StubScreen(title: "list"), detail = StubScreen(title: "item")
        let split = SplitScreen(master: master)
        _ = split.render(in: regular)
        split.showDetail(detail)
        XCTAssertEqual(split.focus, .master, "arrows keep choosing in the master")
        XCTAssertFalse(split.handle(.key(.down), in: regular))
        XCTAssertEqual(master.received, [.key(.down)])
        XCTAssertTrue(split.handle(.key(.tab), in: regular))
        XCTAssertEqual(split.focus, .detail)
        _ = split.handle(.key(.up), in: regular)
        XCTAssertEqual(detail.received, [.key(.up)])
        XCTAssertTrue(split.handle(.key(.escape), in: regular), "esc in the detail pane returns focus to the master")
        XCTAssertEqual(split.focus, .master)
    }

    func testMouseGoesToThePaneUnderThePointerInItsOwnCoordinates() async {
        let master = StubScreen(title: "list"), detail = StubScreen(title: "item")
        let split = SplitScreen(master: master, detail: detail, masterPercent: 50)
        _ = split.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 55, row: 2)), in: regular)
        XCTAssertEqual(split.focus, .detail)
        XCTAssertEqual(detail.received, [.mouse(MouseEvent(kind: .press(button: 0), column: 4, row: 2))])
        XCTAssertTrue(master.received.isEmpty)
    }

    /// A detail appears once, when it is on screen: a selection moving in compact width loads nothing
    /// until the detail is opened or the terminal widens.
    func testADetailAppearsOnceAndOnlyWhenShown() async {
        let split = SplitScreen(master: StubScreen(title: "list"))
        _ = split.render(in: compact)
        split.screenDidAppear()
        let offScreen = StubScreen(title: "two")
        split.replaceDetail(offScreen)
        XCTAssertEqual(offScreen.appearances, 0, "chosen in compact width, not shown yet")
        _ = split.render(in: regular) // widened: now it is on screen
        XCTAssertEqual(offScreen.appearances, 1)
        _ = split.render(in: regular)
        split.screenDidAppear() // the host shows the split again after a modal
        XCTAssertEqual(offScreen.appearances, 1, "once per detail")
        let pushed = StubScreen(title: "three")
        _ = split.render(in: compact)
        split.showDetail(pushed)
        XCTAssertEqual(pushed.appearances, 1)
    }

    func testThePlaceholderIsCentredInTheDetailPaneAndAClickThereDoesNothing() async {
        let master = StubScreen(title: "list")
        let split = SplitScreen(master: master, masterPercent: 50, placeholder: "Pick")
        let wide = RenderContext(size: Size(columns: 100, rows: 3), colorMode: .none)
        let line = text(split, wide).split(separator: "\n", omittingEmptySubsequences: false)[1]
        let column = line.distance(from: line.startIndex, to: line.range(of: "Pick")!.lowerBound)
        XCTAssertEqual(column, 51 + (49 - 4) / 2, "centred in the 49 columns right of the divider:\n\(line)")
        XCTAssertFalse(split.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 70, row: 1)), in: wide))
        XCTAssertTrue(master.received.isEmpty, "a click on the empty detail pane is not the master's")
        XCTAssertEqual(split.focus, .master)
    }
}

/// A master that, while `capturesText`, takes every key as text and names its typing keys.
@MainActor
private final class TypingScreen: TextEditingScreen {
    var capturesText = false
    var keyHelp: [KeyHelp] { [KeyHelp("/", "filter", bar: "/ filter")] }
    let editingKeyBar = "type to filter  enter keep  esc clear  ↑↓ move"
    func render(in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        KeyBar.draw(capturesText ? editingKeyBar : keyHelp.keyBar, into: &frame)
        return frame
    }
    func handle(_ event: InputEvent, in context: RenderContext) -> Bool { false }
    func screenDidAppear() {}
}
