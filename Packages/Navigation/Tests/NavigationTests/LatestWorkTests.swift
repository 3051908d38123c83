import Navigation
import Synchronization
import XCTest

/// A request the test answers when it chooses.
private final class Gate: Sendable {
    private let state = Mutex<(isOpen: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isOpen { return true }
                state.waiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isOpen = true
            defer { state.waiters.removeAll() }
            return state.waiters
        }
        waiters.forEach { $0.resume() }
    }
}

@MainActor
final class LatestWorkTests: XCTestCase {
    private final class Owner {}

    func testALaterJobOfTheSameKeyWinsAndTheEarlierIsCancelled() async {
        let work = WorkTracker()
        let owner = Owner()
        let slow = Gate()
        let sawCancellation = Mutex(false)
        var applied: [String] = []
        work.runLatest(WorkKey(owner, "load"), {
            await slow.wait()
            sawCancellation.withLock { $0 = Task.isCancelled }
            return "old"
        }, then: { applied.append($0) })
        work.runLatest(WorkKey(owner, "load"), { "new" }, then: { applied.append($0) })
        slow.open() // the stale answer arrives last
        await work.waitUntilIdle()
        XCTAssertEqual(applied, ["new"])
        XCTAssertTrue(sawCancellation.withLock { $0 }, "the superseded job is cancelled")
    }

    func testKeysOfDifferentNamesOrOwnersDoNotInterfere() async {
        let work = WorkTracker()
        let first = Owner(), second = Owner()
        var applied: [String] = []
        work.runLatest(WorkKey(first, "load"), { "first load" }, then: { applied.append($0) })
        work.runLatest(WorkKey(first, "picture"), { "first picture" }, then: { applied.append($0) })
        work.runLatest(WorkKey(second, "load"), { "second load" }, then: { applied.append($0) })
        await work.waitUntilIdle()
        XCTAssertEqual(Set(applied), ["first load", "first picture", "second load"])
    }

    func testACancelledKeyAppliesNothing() async {
        let work = WorkTracker()
        let owner = Owner()
        let gate = Gate()
        var applied: [String] = []
        work.runLatest(WorkKey(owner, "load"), { await gate.wait(); return "late" }, then: { applied.append($0) })
        work.cancel(WorkKey(owner, "load"))
        gate.open()
        await work.waitUntilIdle()
        XCTAssertEqual(applied, [])
        XCTAssertTrue(work.isIdle)
    }
}
