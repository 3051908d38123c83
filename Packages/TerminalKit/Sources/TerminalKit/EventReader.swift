import Foundation
import Glibc
import Synchronization
internal import CTerminalGuard

/// Reads the input descriptor on a background thread and turns signals into events.
///
/// The thread sleeps in `poll()` on the input and a wake pipe, so an idle session uses no CPU;
/// it wakes early only to resolve a pending escape after the escape delay. The wake pipe carries
/// one byte per event: 0 from ``stop()``, or a signal number from the C forwarding handler
/// (SIGWINCH, SIGCONT and the termination signals). Dispatch signal sources are not used: on Linux they
/// read a signalfd, which never sees a signal that another thread has already taken.
final class EventReader: Sendable {
    private struct State: ~Copyable {
        var stopped = false
        var wakeWriteFD: Int32
        var previousDispositions: [(signal: Int32, action: sigaction)] = []
    }

    /// Signals that end the session; reported instead of killing the process while events run.
    /// SIGQUIT (ctrl-\\ in cooked mode, `kill -QUIT`) is one of them: left to its default, Swift's
    /// runtime would draw a crash report over the screen and leave the terminal raw.
    static let terminationSignals: [Int32] = [SIGTERM, SIGHUP, SIGINT, SIGQUIT]

    private static let stopByte: UInt8 = 0

    /// How often a process running in the background looks whether `fg` gave it the terminal back.
    private static let backgroundCheckMilliseconds: Int32 = 100

    private let state: Mutex<State>
    /// Set by the reader thread as soon as it decodes ctrl-c, before the key waits its turn in the
    /// stream: the host checks it before each event, so a backlog of keys never delays quitting.
    private let interrupt = Atomic<Bool>(false)
    private let wakeReadFD: Int32
    private let continuation: AsyncStream<TerminalEvent>.Continuation

    private init(wakeReadFD: Int32, wakeWriteFD: Int32, continuation: AsyncStream<TerminalEvent>.Continuation) {
        self.wakeReadFD = wakeReadFD
        self.continuation = continuation
        self.state = Mutex(State(wakeWriteFD: wakeWriteFD))
    }

    deinit {
        // The reader thread holds a strong reference, so it has exited by now.
        close(wakeReadFD)
        state.withLock { state in
            if state.wakeWriteFD >= 0 { close(state.wakeWriteFD) }
        }
    }

    /// Starts reading `inputFD`; returns nil when the wake pipe cannot be created.
    static func start(
        inputFD: Int32,
        sizeDescriptors: [Int32],
        escapeDelayMilliseconds: Int32,
        environment: [String: String],
        initialEvents: [InputEvent] = [],
        decoder: InputDecoder = InputDecoder()
    ) -> (AsyncStream<TerminalEvent>, EventReader)? {
        var pipeFDs: [Int32] = [-1, -1]
        guard terminal_guard_make_wake_pipe(&pipeFDs) == 0 else { return nil }
        let (stream, continuation) = AsyncStream<TerminalEvent>.makeStream()
        let reader = EventReader(wakeReadFD: pipeFDs[0], wakeWriteFD: pipeFDs[1], continuation: continuation)
        reader.forwardSignals()
        continuation.onTermination = { _ in reader.stop() }
        for event in initialEvents {
            if case .key(.ctrl("c")) = event { reader.interrupt.store(true, ordering: .relaxed) }
            reader.emit(.input(event))
        }

        let thread = Thread {
            reader.run(inputFD: inputFD, escapeDelayMilliseconds: escapeDelayMilliseconds, decoder: decoder) {
                TerminalSize.measure(descriptors: sizeDescriptors, environment: environment)
            }
        }
        thread.name = "TerminalKit input"
        thread.start()
        return (stream, reader)
    }

    /// `true` once ctrl-c was read, however many events are still queued before it.
    var isInterruptPending: Bool { interrupt.load(ordering: .relaxed) }

    /// Events yielded and not yet taken by the consumer (see ``eventTaken()``).
    private let queued = Atomic<Int>(0)

    /// `true` while events wait in the stream: a consumer draws only once they are all handled.
    var hasQueuedEvents: Bool { queued.load(ordering: .acquiring) > 0 }

    /// The consumer took one event from the stream.
    func eventTaken() {
        queued.subtract(1, ordering: .releasing)
    }

    private func emit(_ event: TerminalEvent) {
        queued.add(1, ordering: .releasing)
        if case .dropped = continuation.yield(event) { queued.subtract(1, ordering: .releasing) }
    }

    /// Stops the thread, restores signal dispositions and finishes the stream.
    /// Idempotent and callable from any thread; returns once dispositions are restored.
    func stop() {
        let wasRunning = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            for saved in state.previousDispositions.reversed() {
                var action = saved.action
                _ = terminal_guard_restore_signal(saved.signal, &action)
            }
            state.previousDispositions.removeAll()
            terminal_guard_set_signal_pipe(-1)
            var wake = Self.stopByte
            _ = Glibc.write(state.wakeWriteFD, &wake, 1)
            close(state.wakeWriteFD)
            state.wakeWriteFD = -1
            return true
        }
        // Outside the lock: finishing runs onTermination, which calls stop() again.
        if wasRunning {
            continuation.finish()
        }
    }

    /// SIGWINCH, SIGCONT and the termination signals no longer kill or interrupt anything; each
    /// arrival becomes a byte in the wake pipe. (SIGCONT still continues a stopped process: that
    /// is the kernel's doing, not the handler's.)
    private func forwardSignals() {
        state.withLock { state in
            terminal_guard_set_signal_pipe(state.wakeWriteFD)
            for signalNumber in [SIGWINCH, SIGCONT] + Self.terminationSignals {
                var previous = sigaction()
                if terminal_guard_forward_signal(signalNumber, &previous) == 0 {
                    state.previousDispositions.append((signalNumber, previous))
                }
            }
        }
    }

    private func run(inputFD: Int32, escapeDelayMilliseconds: Int32, decoder initial: InputDecoder, measureSize: () -> TerminalSize) {
        var decoder = initial
        // A reply the probe's deadline cut goes on here: until the grace ends, a pending sequence waits
        // for its tail instead of becoming keys after the escape delay.
        let replyGraceEnd = Self.now() + UInt64(TerminalProbe.lateReplyGraceMilliseconds) * 1_000_000
        // A string from the terminal that never ends is dropped once it has been open that long (see below).
        let longestReply = UInt64(TerminalProbe.lateReplyGraceMilliseconds) * 1_000_000
        // When the string the decoder is inside began (one the probe's deadline cut: when reading began).
        var stringBegan: UInt64? = decoder.isInsideString ? Self.now() : nil
        var buffer = [UInt8](repeating: 0, count: 4096)
        var descriptors = [
            pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReadFD, events: Int16(POLLIN), revents: 0),
        ]
        var ownership = TerminalOwnership()
        readLoop: while true {
            // In the background (after ctrl-z and `bg`) the terminal's input is the shell's: reading it
            // would stop the process with SIGTTIN inside read(), which then blocks in cooked mode after
            // `fg`. So the input is left alone, and ownership is checked a few times a second: `fg` on
            // a running job hands the terminal back without a SIGCONT.
            let ownsTerminal = Self.ownsTerminal(inputFD)
            if ownership.observe(ownsTerminal: ownsTerminal) {
                emit(.resumed)
            }
            let now = Self.now()
            if decoder.isAwaitingReplies, now >= replyGraceEnd { decoder.isAwaitingReplies = false }
            var timeout: Int32 = decoder.hasPendingEscape ? escapeDelayMilliseconds : -1
            if decoder.hasPendingEscape, decoder.isAwaitingReplies {
                timeout = Int32(clamping: (replyGraceEnd - now) / 1_000_000 + 1)
            }
            if !ownsTerminal {
                timeout = timeout < 0 ? Self.backgroundCheckMilliseconds : min(timeout, Self.backgroundCheckMilliseconds)
            }
            descriptors[0].fd = ownsTerminal ? inputFD : -1
            descriptors[0].revents = 0
            descriptors[1].revents = 0
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                break readLoop
            }
            if ready == 0 {
                // Still within the grace (a wait cut short): wait again.
                if decoder.isAwaitingReplies, Self.now() < replyGraceEnd { continue }
                for event in decoder.resolveTimeout() {
                    emit(.input(event))
                }
                stringBegan = nil
                continue
            }
            if descriptors[1].revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(wakeReadFD, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
                    break readLoop
                }
                let wakeBytes = buffer[0..<count]
                if wakeBytes.contains(Self.stopByte) {
                    break readLoop
                }
                if wakeBytes.contains(UInt8(SIGWINCH)) {
                    emit(.resize(measureSize())) // one resize per burst is enough
                }
                // A termination first: `kill %1` on a stopped job sends SIGTERM and SIGCONT together.
                for byte in wakeBytes where byte != UInt8(SIGWINCH) && byte != UInt8(SIGCONT) {
                    emit(.terminate(signal: Int32(byte)))
                }
                if wakeBytes.contains(UInt8(SIGCONT)) {
                    ownership.continued()
                    emit(.resumed)
                }
                continue
            }
            let inputEvents = descriptors[0].revents
            if inputEvents & Int16(POLLIN) != 0 {
                guard Self.ownsTerminal(inputFD) else { continue }
                let count = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
                if count > 0 {
                    let arrived = Self.now()
                    // A terminal writes a reply whole: a string still open a reply's time after it began
                    // (keys typed without a pause never let the escape delay drop it) was never going to
                    // end, and what comes now is typed.
                    if let began = stringBegan, arrived - began >= longestReply { decoder.abandonString() }
                    let wasInsideString = decoder.isInsideString
                    for event in decoder.feed(buffer[0..<count]) {
                        if case .key(.ctrl("c")) = event { interrupt.store(true, ordering: .relaxed) }
                        emit(.input(event))
                    }
                    if !decoder.isInsideString {
                        stringBegan = nil
                    } else if !wasInsideString || stringBegan == nil {
                        stringBegan = arrived
                    }
                    continue
                }
                if count < 0 && (errno == EINTR || errno == EAGAIN) {
                    continue
                }
                // End of file or a read error: the terminal is gone.
                hangUp()
                break readLoop
            }
            if inputEvents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                hangUp()
                break readLoop
            }
        }
    }

    private static func now() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }

    /// `true` unless another process group (the shell, after `bg`) is the terminal's foreground group.
    private static func ownsTerminal(_ descriptor: Int32) -> Bool {
        let owner = tcgetpgrp(descriptor)
        return owner < 0 || owner == getpgrp()
    }

    private func hangUp() {
        emit(.terminate(signal: SIGHUP))
        continuation.finish()
    }
}

/// When the reader reports ``TerminalEvent/resumed`` from watching who owns the terminal.
///
/// After ctrl-z the host waits, suspended, for a `.resumed` it can act on: one sent while the terminal
/// is the shell's (`bg`) changes nothing, and `fg` on a running job sends no SIGCONT. So every SIGCONT
/// makes the next sight of the terminal as ours count as a resume, even if it was ours before the
/// stop: with `bg; fg` (or a busy machine) the terminal can come back before the host checked, and
/// without this no second `.resumed` came, leaving the app suspended in cooked mode, where the next
/// ctrl-z stopped it again (status 148) and `q` went to the shell.
struct TerminalOwnership {
    private var ownedTerminal = true

    /// A SIGCONT arrived: the process ran again, with the terminal or without it.
    mutating func continued() { ownedTerminal = false }

    /// Whether seeing the terminal as `ownsTerminal` now is a resume to report.
    mutating func observe(ownsTerminal: Bool) -> Bool {
        defer { ownedTerminal = ownsTerminal }
        return ownsTerminal && !ownedTerminal
    }
}
