import Foundation
import Glibc
internal import CTerminalGuard

/// Why the terminal could not be taken over.
public struct TerminalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What went wrong, for a one-line error message.
    public let message: String

    /// An error carrying `message`.
    public init(message: String) {
        self.message = message
    }

    /// The same as ``message``.
    public var description: String { message }
}

/// The real terminal: raw mode, alternate screen, mouse and paste reporting, input events,
/// resize and termination signals, and restoring everything on every way out.
///
/// Works on any pair of descriptors (tests use a pseudo-terminal). Use it from one thread (the
/// host's main actor); ``events()`` reads input on its own background thread.
///
/// Restoring: ``leave()`` on the normal path; while entered, a crash (SIGILL, SIGTRAP, SIGSEGV,
/// SIGBUS, SIGFPE, SIGABRT) restores the terminal from a C signal handler before the process dies;
/// SIGTERM / SIGHUP / SIGINT are reported as ``TerminalEvent/terminate(signal:)`` while
/// ``events()`` runs and otherwise restore the terminal and end the process.
public final class TerminalSession {
    /// Where input is read and termios is applied.
    public let inputFD: Int32
    /// Where output is written.
    public let outputFD: Int32
    /// Whether mouse reporting (clicks, wheel; SGR encoding) is switched on.
    public let mouse: Bool
    /// How long a lone ESC waits for the rest of a sequence (`ESCDELAY`, default 50 ms).
    public let escapeDelayMilliseconds: Int

    private let environment: [String: String]
    private var savedTermios: termios?
    private var reader: EventReader?
    private var standardErrorCapture: StandardErrorCapture?
    /// Keys read by ``probe(timeoutMilliseconds:)``, delivered first by ``events()``.
    private var keptInput: [InputEvent] = []
    /// The probe's decoder, handed to the event reader (see ``probe(timeoutMilliseconds:asksKitty:)``).
    private var keptDecoder: InputDecoder?

    /// Signals whose arrival means a crash; the C guard restores the terminal before dying.
    private static let crashSignals: [Int32] = [SIGILL, SIGTRAP, SIGSEGV, SIGBUS, SIGFPE, SIGABRT]

    /// A session on the given descriptors; nothing changes until ``enter()``.
    /// - Parameters:
    ///   - escapeDelayMilliseconds: overrides `ESCDELAY` from `environment`; clamped to 0…10 000.
    public init(
        inputFD: Int32 = STDIN_FILENO,
        outputFD: Int32 = STDOUT_FILENO,
        mouse: Bool = true,
        escapeDelayMilliseconds: Int? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.inputFD = inputFD
        self.outputFD = outputFD
        self.mouse = mouse
        self.environment = environment
        let requested = escapeDelayMilliseconds ?? environment["ESCDELAY"].flatMap { Int($0) } ?? 50
        self.escapeDelayMilliseconds = min(max(requested, 0), 10_000)
    }

    deinit {
        leave()
    }

    /// True between ``enter()`` and ``leave()``.
    public var isEntered: Bool { savedTermios != nil }
    /// True between ``suspend()`` and ``resume()``: the terminal is the shell's, so nothing is drawn.
    public private(set) var isSuspended = false

    /// The bytes that switch the UI on: alternate screen, hidden cursor, bracketed paste, no autowrap
    /// (a glyph a terminal draws wider than expected at the last column must not scroll the screen), mouse.
    public var enterSequence: String {
        "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?2004h\u{1b}[?7l" + (mouse ? "\u{1b}[?1000h\u{1b}[?1006h" : "")
            + (setsGraphemeClusterMode ? "\u{1b}[?2027h" : "")
    }

    /// Whether the session turned grapheme-cluster mode on (``enableGraphemeClusterMode()``): leaving
    /// (and a crash) turns it off again, coming back from a suspend on.
    public private(set) var setsGraphemeClusterMode = false

    /// Turns on grapheme-cluster mode (DEC mode 2027) in a terminal that said it can (DECRPM 2: reset),
    /// so that it gives each grapheme cluster one width, as the *clusters* width model measures.
    public func enableGraphemeClusterMode() {
        guard isEntered, !setsGraphemeClusterMode else { return }
        setsGraphemeClusterMode = true
        write("\u{1b}[?2027h")
        armTeardown()
    }

    /// The bytes that switch it off again, in reverse order of ``enterSequence``.
    public var leaveSequence: String {
        (setsGraphemeClusterMode ? "\u{1b}[?2027l" : "") + "\u{1b}[?2026l\u{1b}[0m\u{1b}[?25h\u{1b}[?7h\u{1b}[?2004l"
            + (mouse ? "\u{1b}[?1006l\u{1b}[?1000l" : "")
            + "\u{1b}[?1049l"
    }

    /// Saves the terminal settings, switches to raw mode and the alternate screen, and arms the
    /// crash guard. Does nothing when already entered.
    public func enter() throws(TerminalError) {
        guard savedTermios == nil else { return }
        var original = termios()
        guard tcgetattr(inputFD, &original) == 0 else {
            throw TerminalError(message: "input (fd \(inputFD)) is not a terminal: \(String(cString: strerror(errno)))")
        }
        var raw = original
        cfmakeraw(&raw)
        guard tcsetattr(inputFD, TCSANOW, &raw) == 0 else {
            throw TerminalError(message: "cannot switch the terminal to raw mode: \(String(cString: strerror(errno)))")
        }
        savedTermios = original
        armCrashGuard(original)
        write(enterSequence)
    }

    /// Restores the terminal exactly as ``enter()`` found it, stops ``events()``, and replays
    /// captured stderr. Safe to call any number of times.
    public func leave() {
        stopEvents()
        if var original = savedTermios {
            savedTermios = nil
            // Suspended, the terminal was already given back; in the background (killed after `bg`)
            // it is the shell's, and tcsetattr from there would stop the process with SIGTTOU.
            if !isSuspended, isForeground {
                write(leaveSequence)
                _ = tcsetattr(inputFD, TCSAFLUSH, &original)
            }
            isSuspended = false
            setsGraphemeClusterMode = false
            disarmCrashGuard()
        }
        if let capture = standardErrorCapture {
            standardErrorCapture = nil
            terminal_guard_set_stderr_replay(-1, -1)
            capture.finish()
        }
    }

    /// The current window size; `COLUMNS` / `LINES`, then 80×24, when the terminal cannot tell.
    public func size() -> TerminalSize {
        TerminalSize.measure(descriptors: [outputFD, inputFD], environment: environment)
    }

    /// Writes all of `bytes`, retrying after signals and partial writes. False when the terminal is gone.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        FileDescriptorWriter.writeAll(fd: outputFD, bytes: bytes[...])
    }

    /// Writes `string` as UTF-8.
    @discardableResult
    public func write(_ string: String) -> Bool {
        write(Array(string.utf8))
    }

    /// Ctrl-Z: restores the terminal and stops the process group (SIGTSTP with its default action).
    ///
    /// `kill` may return before the stop takes effect (another thread can take the signal), so
    /// raw mode is not re-entered here: the event stream reports ``TerminalEvent/resumed`` once
    /// SIGCONT arrives (after the shell has handed the terminal back), and the host calls
    /// ``resume()`` then. Until then ``isSuspended`` is true and nothing should be drawn.
    public func suspend() {
        guard var original = savedTermios, !isSuspended else { return }
        write(leaveSequence)
        _ = tcsetattr(inputFD, TCSAFLUSH, &original)
        isSuspended = true
        var previous = sigaction()
        let changed = terminal_guard_default_signal(SIGTSTP, &previous) == 0
        _ = kill(0, SIGTSTP)
        if changed {
            _ = terminal_guard_restore_signal(SIGTSTP, &previous)
        }
    }

    /// `true` while this process's group owns the terminal (it is not in the background after `bg`).
    public var isForeground: Bool {
        let owner = tcgetpgrp(inputFD)
        return owner < 0 || owner == getpgrp() // no controlling terminal: nobody else to share it with
    }

    /// `true` once ctrl-c was read, even while earlier events still wait in the stream.
    public var isInterruptPending: Bool { reader?.isInterruptPending ?? false }

    /// `true` while events from ``events()`` wait to be taken: a host that draws only when this is
    /// false draws a burst of keys (a paste, a flood) once, not once per key.
    public var hasQueuedEvents: Bool { reader?.hasQueuedEvents ?? false }

    /// Tells the session that the host took one event from ``events()`` (call it for each).
    public func eventTaken() {
        reader?.eventTaken()
    }

    /// After SIGCONT: switches back to raw mode and the alternate screen, and returns `true`; the
    /// caller then repaints everything. Does nothing and returns `false` unless ``suspend()`` ran.
    ///
    /// Continued in the background (`bg`), the terminal belongs to the shell: it returns `false` and
    /// the process runs on without touching the terminal. The event stream reports
    /// ``TerminalEvent/resumed`` again once `fg` hands the terminal back (`fg` sends a running job no
    /// SIGCONT, so the reader watches who owns the terminal). The process does not stop itself again:
    /// bash's `kill %1` sends SIGTERM and SIGCONT together, and a process that stopped on the SIGCONT
    /// before its SIGTERM handler ran would stay stopped with the termination unhandled.
    @discardableResult
    public func resume() -> Bool {
        guard isSuspended, let original = savedTermios else { return false }
        guard isForeground else { return false }
        isSuspended = false
        var raw = original
        cfmakeraw(&raw)
        _ = tcsetattr(inputFD, TCSANOW, &raw)
        write(enterSequence)
        return true
    }

    /// Starts reading input and signals; replaces a previous stream. The stream ends on
    /// ``stopEvents()``, ``leave()``, cancellation, or after reporting a hang-up.
    public func events() -> AsyncStream<TerminalEvent> {
        stopEvents()
        let started = EventReader.start(
            inputFD: inputFD,
            sizeDescriptors: [outputFD, inputFD],
            escapeDelayMilliseconds: Int32(escapeDelayMilliseconds),
            environment: environment,
            initialEvents: keptInput,
            decoder: keptDecoder ?? InputDecoder()
        )
        keptInput = []
        keptDecoder = nil
        guard let (stream, reader) = started else {
            return AsyncStream { $0.finish() }
        }
        self.reader = reader
        return stream
    }

    /// Input read before ``events()`` started (keys typed while the terminal was asked what it can do),
    /// and the decoder that read it, with whatever sequence it is in the middle of.
    func keepInput(_ events: [InputEvent], decoder: InputDecoder? = nil) {
        keptInput += events
        if let decoder { keptDecoder = decoder }
    }

    /// Stops the stream from ``events()`` and gives the signals back.
    public func stopEvents() {
        reader?.stop()
        reader = nil
    }

    /// Sends fd 2 to a temporary log until ``leave()``, which restores fd 2 and replays the log,
    /// so warnings and crash messages written meanwhile are seen after the screen is restored.
    public func captureStandardError() {
        guard standardErrorCapture == nil, let capture = StandardErrorCapture() else { return }
        standardErrorCapture = capture
        terminal_guard_set_stderr_replay(capture.logFD, capture.originalStandardErrorFD)
    }

    // MARK: - Crash guard

    private func armCrashGuard(_ original: termios) {
        armTeardown(original)
        for signalNumber in Self.crashSignals {
            _ = terminal_guard_install(signalNumber, 0)
        }
        // Until events() reports them, termination signals restore the terminal and end the
        // process; a signal that is ignored (nohup) or already forwarded by events() is left alone.
        for signalNumber in EventReader.terminationSignals {
            _ = terminal_guard_install(signalNumber, 1)
        }
    }

    /// Gives the C guard the terminal settings and the bytes that restore the terminal (again, when
    /// ``leaveSequence`` changed).
    private func armTeardown(_ original: termios? = nil) {
        guard var saved = original ?? savedTermios else { return }
        let teardown = Array(leaveSequence.utf8)
        _ = teardown.withUnsafeBufferPointer { buffer in
            terminal_guard_arm(outputFD, inputFD, &saved, buffer.baseAddress, buffer.count)
        }
    }

    private func disarmCrashGuard() {
        terminal_guard_disarm()
        for signalNumber in (Self.crashSignals + EventReader.terminationSignals).reversed() {
            _ = terminal_guard_uninstall(signalNumber)
        }
    }
}
