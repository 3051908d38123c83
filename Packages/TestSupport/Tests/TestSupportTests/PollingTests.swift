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
}
