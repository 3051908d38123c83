import Navigation
import TerminalKit
import XCTest

final class TouchInputTests: XCTestCase {
    private func mouse(_ kind: MouseEvent.Kind) -> InputEvent { .mouse(MouseEvent(kind: kind, column: 3, row: 4)) }

    func testPressTouchesReleaseOnTheSameRowActivatesElsewhereCancels() {
        XCTAssertEqual(TouchInput.action(for: mouse(.press(button: 0)), rowAtPoint: 2, touched: nil), .touch(2))
        XCTAssertEqual(TouchInput.action(for: mouse(.release), rowAtPoint: 2, touched: 2), .activate(2))
        XCTAssertEqual(TouchInput.action(for: mouse(.release), rowAtPoint: 3, touched: 2), .cancel)
        XCTAssertEqual(TouchInput.action(for: mouse(.release), rowAtPoint: nil, touched: 2), .cancel)
        XCTAssertNil(TouchInput.action(for: mouse(.release), rowAtPoint: 2, touched: nil), "a release without a press does nothing")
    }

    func testDragOffTheRowOrAKeyCancelsAndOtherEventsAreNotTouches() {
        XCTAssertEqual(TouchInput.action(for: mouse(.drag(button: 0)), rowAtPoint: 5, touched: 2), .cancel)
        XCTAssertNil(TouchInput.action(for: mouse(.drag(button: 0)), rowAtPoint: 2, touched: 2))
        XCTAssertEqual(TouchInput.action(for: .key(.down), rowAtPoint: nil, touched: 2), .cancel)
        XCTAssertNil(TouchInput.action(for: .key(.down), rowAtPoint: nil, touched: nil))
        XCTAssertNil(TouchInput.action(for: mouse(.wheelDown), rowAtPoint: 2, touched: nil))
        XCTAssertNil(TouchInput.action(for: mouse(.press(button: 0)), rowAtPoint: nil, touched: nil), "a press beside the rows")
    }
}

final class LazyRowsTests: XCTestCase {
    func testRowsAreBuiltOnlyWhenRead() {
        nonisolated(unsafe) var built: [Int] = []
        let rows = LazyRows<String>(count: 100_000) { index in
            built.append(index)
            return "row \(index)"
        }
        XCTAssertEqual(rows.count, 100_000)
        XCTAssertEqual(rows[41_999], "row 41999")
        XCTAssertEqual(built, [41_999], "one row read, one row built")
        XCTAssertEqual(LazyRows(["a", "b"]), LazyRows(count: 2) { ["a", "b"][$0] })
    }
}
