import Navigation
import TerminalKit
import TerminalUI
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

/// `--plain` settles on the content: a picture that never arrives (a host that does not resolve, a
/// server that never answers) holds the printed screen back only for the picture grace.
@MainActor
final class HeadlessPictureGraceTests: XCTestCase {
    private final class LoadingScreen: Screen {
        let work: WorkTracker
        var text = "loading"
        var picture = "picture loading"
        init(work: WorkTracker) { self.work = work }
        func screenDidAppear() {
            work.run { [weak self] in self?.text = "content" }
            work.runPicture { [weak self] in
                try? await Task.sleep(for: .seconds(60))
                self?.picture = "picture"
            }
        }
        func render(in context: RenderContext) -> Frame {
            var frame = Frame(size: context.size)
            frame.put(text + " / " + picture, at: Point(column: 0, row: 0))
            return frame
        }
        func handle(_ event: InputEvent, in context: RenderContext) -> Bool { false }
    }

    func testTheContentIsPrintedWithoutWaitingForAPictureThatNeverComes() async {
        let host = HeadlessHost(size: Size(columns: 40, rows: 2), pictureGrace: .milliseconds(200))
        let screen = LoadingScreen(work: host.controller.work)
        let started = ContinuousClock.now
        let frame = await host.run(root: screen, keys: [])
        XCTAssertTrue(frame.text.hasPrefix("content / picture loading"), frame.text)
        XCTAssertLessThan(ContinuousClock.now - started, .seconds(30), "it did not wait for the picture")
        XCTAssertFalse(host.controller.work.isContentIdle == false)
        XCTAssertEqual(host.controller.work.pendingCount, 1, "the picture is still loading")
    }
}
