import Navigation
import TerminalKit
import TerminalUI
import XCTest

/// A tab bar's keys wrap around; a press picks the tab under it; a disabled bar takes nothing.
final class TabInputTests: XCTestCase {
    private let rect = Rect(column: 0, row: 0, columns: 60, rows: 1)

    private func tab(_ event: InputEvent, selected: Int = 0, enabled: Bool = true) -> Int? {
        TabInput.tab(for: event, on: TabBar(titles: ["Alle", "Verfügbar", "Vorgemerkt"], selected: selected, isEnabled: enabled), in: rect,
                     next: [.right, .tab], previous: [.left, .backtab])
    }

    func testKeysWrapAroundAndAPressPicksTheTabUnderIt() {
        XCTAssertEqual(tab(.key(.right)), 1)
        XCTAssertEqual(tab(.key(.tab), selected: 2), 0, "past the last: the first")
        XCTAssertEqual(tab(.key(.left)), 2, "before the first: the last")
        XCTAssertEqual(tab(.key(.backtab), selected: 2), 1)
        XCTAssertEqual(tab(.mouse(MouseEvent(kind: .press(button: 0), column: 10, row: 0))), 1)
        XCTAssertNil(tab(.mouse(MouseEvent(kind: .press(button: 0), column: 50, row: 0))), "beside the tabs")
        XCTAssertNil(tab(.mouse(MouseEvent(kind: .release, column: 10, row: 0))), "a release is no choice")
        XCTAssertNil(tab(.key(.down)))
        XCTAssertNil(tab(.key(.right), enabled: false), "a disabled bar takes nothing")
    }
}
