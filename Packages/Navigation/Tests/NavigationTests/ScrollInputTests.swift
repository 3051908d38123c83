import Navigation
import TerminalKit
import XCTest

final class ScrollInputTests: XCTestCase {
    func testScrollKeysAndTheWheel() {
        let table: [(InputEvent, Int?)] = [
            (.key(.up), -1), (.key(.character("k")), -1), (.key(.down), 1), (.key(.character("j")), 1),
            (.key(.pageUp), -9), (.key(.pageDown), 9), (.key(.character(" ")), 9),
            (.mouse(MouseEvent(kind: .wheelUp, column: 0, row: 0)), -1), (.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 0)), 1),
            (.key(.enter), nil), (.key(.character("x")), nil), (.mouse(MouseEvent(kind: .press(button: 0), column: 0, row: 0)), nil),
        ]
        for (event, delta) in table {
            XCTAssertEqual(ScrollInput.delta(for: event, page: 9), delta, "\(event)")
        }
        XCTAssertEqual(ScrollInput.delta(for: .key(.pageDown), page: 0), 1, "a page is at least one line")
    }

    func testOffsetsStayWithinTheContent() {
        XCTAssertEqual(ScrollInput.offset(3, movedBy: 1, maximum: 10), 4)
        XCTAssertEqual(ScrollInput.offset(3, movedBy: -5, maximum: 10), 0)
        XCTAssertEqual(ScrollInput.offset(3, movedBy: 50, maximum: 10), 10)
        XCTAssertEqual(ScrollInput.offset(30, movedBy: -1, maximum: 10), 9, "a stale offset is clamped first")
        XCTAssertEqual(ScrollInput.offset(5, movedBy: ScrollInput.delta(for: .key(.end), page: 1)!, maximum: 10), 10)
        XCTAssertEqual(ScrollInput.offset(5, movedBy: ScrollInput.delta(for: .key(.home), page: 1)!, maximum: 10), 0)
        XCTAssertEqual(ScrollInput.offset(5, movedBy: Int.max, maximum: 10), 10, "no overflow")
        XCTAssertEqual(ScrollInput.offset(2, movedBy: 1, maximum: -3), 0)
    }
}
