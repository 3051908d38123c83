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
