import XCTest
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI

@MainActor
final class SplitScreenTests: XCTestCase {
    private func context(_ columns: Int) -> RenderContext {
        RenderContext(size: Size(columns: columns, rows: 4), colorMode: .none)
    }

    func testWideSplitShowsBothPanesWithADivider() async {
        let split = SplitScreen(master: StubScreen(title: "list"), detail: StubScreen(title: "item"), masterPercent: 50)
        let text = PlainTextEncoder.encode(split.render(in: context(80)))
        let firstLine = text.split(separator: "\n", omittingEmptySubsequences: false)[0]
        XCTAssertTrue(firstLine.hasPrefix("list"))
        XCTAssertTrue(firstLine.contains("│item"), "detail starts right after the divider at column 40: \(firstLine)")
    }

    func testTabMovesFocusAndKeysGoToTheFocusedPane() async {
        let master = StubScreen(title: "list"), detail = StubScreen(title: "item")
        let split = SplitScreen(master: master, detail: detail)
        XCTAssertTrue(split.handle(.key(.down), in: context(100)) == false)
        XCTAssertEqual(master.received, [.key(.down)])
        XCTAssertTrue(split.handle(.key(.tab), in: context(100)))
        XCTAssertEqual(split.focus, .detail)
        _ = split.handle(.key(.up), in: context(100))
        XCTAssertEqual(master.received, [.key(.down), .key(.tab)], "the focused pane may claim tab first")
        XCTAssertEqual(detail.received, [.key(.up)])
    }

    func testMouseGoesToThePaneUnderThePointerInItsOwnCoordinates() async {
        let master = StubScreen(title: "list"), detail = StubScreen(title: "item")
        let split = SplitScreen(master: master, detail: detail, masterPercent: 50)
        _ = split.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 45, row: 2)), in: context(80))
        XCTAssertEqual(split.focus, .detail)
        XCTAssertEqual(detail.received, [.mouse(MouseEvent(kind: .press(button: 0), column: 4, row: 2))])
        XCTAssertTrue(master.received.isEmpty)
    }

    func testNarrowTerminalCollapsesToTheFocusedPane() async {
        let split = SplitScreen(master: StubScreen(title: "list"), detail: StubScreen(title: "item"))
        split.showDetail(StubScreen(title: "other"))
        let text = PlainTextEncoder.encode(split.render(in: context(40)))
        XCTAssertTrue(text.hasPrefix("other"))
        XCTAssertFalse(text.contains("list"))
    }
}
