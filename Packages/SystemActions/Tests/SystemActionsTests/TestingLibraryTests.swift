import SystemActions
import SystemActionsTesting
import XCTest

final class TestingLibraryTests: XCTestCase {
    func testRecordingOpenerRecordsInOrderAndAnswersAsTold() async throws {
        let opener = RecordingURLOpener()
        let call = try SystemAction.phone("110")
        let page = try SystemAction.link("https://example.com")
        let first = await opener.open(call)
        XCTAssertEqual(first, .opened)
        opener.answer = .unavailable(message: "no opener")
        let second = await opener.open(page)
        XCTAssertEqual(second, .unavailable(message: "no opener"))
        XCTAssertEqual(opener.actions, [call, page])

        let failing = RecordingURLOpener(answer: .unavailable(message: "x"))
        let answer = await failing.open(call)
        XCTAssertEqual(answer, .unavailable(message: "x"))
    }

    func testRecordingOpenerIsSafeUnderConcurrentUse() async throws {
        let opener = RecordingURLOpener()
        let actions = try (0..<200).map { try SystemAction.phone(String($0)) }
        await withTaskGroup(of: Void.self) { group in
            for action in actions {
                group.addTask { _ = await opener.open(action) }
            }
        }
        XCTAssertEqual(Set(opener.actions), Set(actions))
        XCTAssertEqual(opener.actions.count, 200)
    }

    func testUnimplementedOpenerRecordsAndRefuses() async throws {
        let opener = UnimplementedURLOpener()
        XCTAssertEqual(opener.calls, [])
        let action = try SystemAction.link("https://example.com")
        let result = await opener.open(action)
        XCTAssertEqual(result, .unavailable(message: "UnimplementedURLOpener: nothing should be opened here, but https://example.com was"))
        XCTAssertEqual(opener.calls, [action])
    }
}
