/// Hands a ``SystemAction`` to whatever opens links on this machine.
///
/// Features depend on this protocol so their tests can record what would be opened
/// (`RecordingURLOpener` in SystemActionsTesting); the app passes an ``XDGOpener``.
public protocol URLOpener: Sendable {
    /// Opens `action`, or says why it could not. Never throws and never blocks the caller's actor
    /// for long: an opener that cannot tell whether the link opened answers ``SystemActionResult/opened``.
    func open(_ action: SystemAction) async -> SystemActionResult
}

/// What came of ``URLOpener/open(_:)``.
public enum SystemActionResult: Sendable, Hashable {
    /// The link was handed to the desktop.
    case opened
    /// Nothing could open the link; `message` is a terminal-safe sentence for the person, naming the
    /// link so it can be copied by hand ("No desktop opener (…); the link is: tel:+4930123").
    case unavailable(message: String)
}
