import SystemActions
import Synchronization

/// A ``URLOpener`` for tests of code that must not open anything.
///
/// XCTest is not available to a library, and crashing would end the whole test run, so it records
/// each call in ``calls`` and answers ``SystemActionResult/unavailable(message:)`` with a message
/// that names it. A test asserts that ``calls`` is empty at its end:
///
///     let opener = UnimplementedURLOpener()
///     // … drive the screen …
///     XCTAssertEqual(opener.calls, [], "nothing may be opened here")
public final class UnimplementedURLOpener: URLOpener {
    private let recorded = Mutex<[SystemAction]>([])

    /// An opener with no calls yet.
    public init() {}

    /// Every action that was (wrongly) opened, in call order.
    public var calls: [SystemAction] {
        recorded.withLock { $0 }
    }

    /// Appends `action` to ``calls`` and refuses with a message that names this opener and the link.
    public func open(_ action: SystemAction) async -> SystemActionResult {
        recorded.withLock { $0.append(action) }
        return .unavailable(message: "UnimplementedURLOpener: nothing should be opened here, but \(action) was")
    }
}
