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
        XCTAssertTrue(shown.split(separator: "\n")[0].contains("│item"), "the detail starts after the divider at column 50:\n\(shown)")
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
        XCTAssertTrue(shown.hasPrefix("list") && shown.contains("│item"), shown)
        // Narrowed again, the detail that was open is still open.
        XCTAssertTrue(text(split, compact).hasPrefix("item"))
    }

    func testRegularWithADetailShownNarrowsToThatDetailAndEscGoesToTheMaster() async {
        let split = SplitScreen(master: StubScreen(title: "list"))
        _ = split.render(in: regular)
        split.replaceDetail(StubScreen(title: "item"))
        XCTAssertTrue(text(split, compact).hasPrefix("item"), "the detail shown in regular width stays shown")
        XCTAssertTrue(split.handle(.key(.escape), in: compact))
        XCTAssertTrue(text(split, compact).hasPrefix("list"))
        XCTAssertTrue(text(split, regular).contains("│item"), "widened again: both, the detail kept")
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
