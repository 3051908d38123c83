import SystemActions
import Synchronization

/// A ``URLOpener`` for tests that records every action and answers with ``answer``.
///
///     let opener = RecordingURLOpener()
///     // … drive the screen that offers "call" …
///     XCTAssertEqual(opener.actions, [try SystemAction.phone("+49 30 12345")])
///
/// Set ``answer`` to an `.unavailable` result to test how a screen shows a missing desktop opener.
/// Thread-safe: every property may be read and written from any task.
public final class RecordingURLOpener: URLOpener {
    private struct State {
        var actions: [SystemAction] = []
        var answer: SystemActionResult
    }

    private let state: Mutex<State>

    /// A recorder that answers `answer` (``SystemActionResult/opened`` unless told otherwise).
    public init(answer: SystemActionResult = .opened) {
        state = Mutex(State(answer: answer))
    }

    /// Every action opened so far, in call order.
    public var actions: [SystemAction] {
        state.withLock { $0.actions }
    }

    /// What ``open(_:)`` answers from now on.
    public var answer: SystemActionResult {
        get { state.withLock { $0.answer } }
        set { state.withLock { $0.answer = newValue } }
    }

    /// Appends `action` to ``actions`` and returns ``answer``.
    public func open(_ action: SystemAction) async -> SystemActionResult {
        state.withLock { state in
            state.actions.append(action)
            return state.answer
        }
    }
}
