/// Everything a running terminal session reports.
public enum TerminalEvent: Hashable, Sendable {
    /// A decoded key, mouse event or paste.
    case input(InputEvent)
    /// The window changed size (SIGWINCH); carries the new size.
    case resize(TerminalSize)
    /// SIGTERM, SIGHUP or SIGINT arrived, or the terminal hung up (reported as SIGHUP): the host
    /// should tear down and exit with 128 + signal.
    case terminate(signal: Int32)
    /// SIGCONT: the process runs again after a stop (`fg` after ctrl-z). The host calls
    /// ``TerminalSession/resume()`` and repaints everything.
    case resumed
}
