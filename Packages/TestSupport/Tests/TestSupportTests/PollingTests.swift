import TestSupport
import XCTest

/// The one poll: it asks until the condition holds, then returns at once.
final class PollingTests: XCTestCase {
    func testThePollAsksUntilTheConditionHolds() async {
        var asked = 0
        await waitUntil("asked three times", every: .milliseconds(1)) {
            asked += 1
            return asked >= 3
        }
        XCTAssertEqual(asked, 3)
    }

    /// The synchronous form, for process and terminal tests: the same asking, blocking between.
    func testTheBlockingPollAsksUntilTheConditionHolds() {
        var asked = 0
        let held = pollUntil("asked three times", every: .milliseconds(1)) {
            asked += 1
            return asked >= 3
        }
        XCTAssertTrue(held)
        XCTAssertEqual(asked, 3)
    }
}
