import Synchronization
import TestSupport
import XCTest

/// Calls a test answers when it chooses: a fake's "held-open" variant awaits ``hold()`` before it
/// answers, and the test releases the waiting calls in any order (the stale-response race: release
/// the newer call first, then the older one).
public final class HeldOpenCalls: Sendable {
    private struct State {
        var waiting: [(number: Int, continuation: CheckedContinuation<Void, Never>)] = []
        var started = 0
        var released: Set<Int> = []
    }
    private let state = Mutex(State())

    public init() {}

    /// How many calls have started (held or already released).
    public var startedCount: Int { state.withLock { $0.started } }

    /// Suspends the calling fake until the test releases this call (calls are numbered from 1).
    public func hold() async {
        await withCheckedContinuation { continuation in
            let releaseNow = state.withLock { state -> Bool in
                state.started += 1
                if state.released.contains(state.started) { return true }
                state.waiting.append((state.started, continuation))
                return false
            }
            if releaseNow { continuation.resume() }
        }
    }

    /// Lets call `number` (1 = the first call) answer; a call that has not started yet answers at once.
    public func release(_ number: Int) {
        let continuation = state.withLock { state -> CheckedContinuation<Void, Never>? in
            state.released.insert(number)
            guard let index = state.waiting.firstIndex(where: { $0.number == number }) else { return nil }
            return state.waiting.remove(at: index).continuation
        }
        continuation?.resume()
    }

    /// Waits (yielding, without sleeping) until `count` calls have started, or `timeout` has passed
    /// (a failing test's calls that never start do not keep a task spinning for the rest of the run).
    public func waitUntilStarted(_ count: Int, timeout: Duration = .seconds(10)) async {
        let deadline = ContinuousClock.now + timeout
        while startedCount < count, ContinuousClock.now < deadline { await Task.yield() }
    }
}

/// The "unimplemented" variant of a fake: the call fails the running test, naming what was called.
/// Returns the error the fake then throws, so the code under test still gets an answer.
public func unimplementedCall(_ name: String, file: StaticString = #filePath, line: UInt = #line) -> UnimplementedCallError {
    XCTFail("\(name) was called, and this test did not expect it", file: file, line: line)
    return UnimplementedCallError(name: name)
}

/// What an unimplemented fake throws after failing the test.
public struct UnimplementedCallError: Error, CustomStringConvertible {
    public var name: String
    public var description: String { "\(name) is not implemented in this test" }
}

/// Waits until `condition` holds (checked on the main actor between yields), failing the test after
/// `timeout`: for ordering steps of a race, such as "the newer answer is on screen".
@MainActor
public func waitUntil(_ description: String, timeout: Duration = .seconds(5), file: StaticString = #filePath, line: UInt = #line,
                      _ condition: @MainActor () -> Bool) async {
    await waitUntil(description, timeout: timeout, every: .milliseconds(1), file: file, line: line, asking: condition)
}
