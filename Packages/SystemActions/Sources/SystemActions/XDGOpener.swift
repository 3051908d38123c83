import Foundation
import Glibc
import Synchronization

/// Opens links with the desktop's `xdg-open`, started directly with an argument vector, never a shell.
///
/// `open(_:)` runs `xdg-open <link>`: exactly one argument after the program path, with the
/// environment given to ``init(environment:exitWait:)``. The child
/// - is found by searching that environment's `PATH` (absolute entries only: an empty or relative
///   entry would search the working directory);
/// - gets `/dev/null` as stdin, stdout and stderr, so it can neither read keys meant for the app nor
///   draw over the screen, and inherits no other file descriptor where glibc can close them;
/// - runs in its own process group, so ctrl-c in the terminal does not reach it, with the default
///   action for every signal and none blocked (the app ignores some, and ignoring is inherited);
/// - is reaped by a thread of its own, so no zombie is left however long it runs.
///
/// The call waits at most `exitWait` for the exit status so that a failing `xdg-open` (no handler
/// for the scheme: status 3 or 4) can be reported; one still running after that counts as opened.
/// The wait suspends, it never blocks a thread the caller's actor needs.
///
/// The result is ``SystemActionResult/unavailable(message:)`` when neither `DISPLAY` nor
/// `WAYLAND_DISPLAY` is set (nothing is started), when there is no executable `xdg-open` on `PATH`,
/// when spawning fails, and when it exits non-zero or is killed.
public struct XDGOpener: URLOpener {
    /// The program looked up on `PATH`.
    public static let programName = "xdg-open"

    private let environment: [String: String]
    private let exitWait: Duration

    /// An opener for the session described by `environment` (usually `ProcessInfo.processInfo.environment`),
    /// which supplies `PATH`, `DISPLAY`/`WAYLAND_DISPLAY` and the child's whole environment.
    /// `exitWait` bounds how long ``open(_:)`` waits for `xdg-open` to exit.
    public init(environment: [String: String], exitWait: Duration = .seconds(2)) {
        self.environment = environment
        self.exitWait = exitWait
    }

    /// Starts `xdg-open` with `action`'s link and waits at most `exitWait` for it to fail; see the type.
    public func open(_ action: SystemAction) async -> SystemActionResult {
        let display = environment["DISPLAY"] ?? "", wayland = environment["WAYLAND_DISPLAY"] ?? ""
        guard !display.isEmpty || !wayland.isEmpty else {
            return unavailable(action, because: "no DISPLAY or WAYLAND_DISPLAY")
        }
        guard let program = Self.executable(named: Self.programName, path: environment["PATH"]) else {
            return unavailable(action, because: "\(Self.programName) is not on PATH")
        }
        let pid: pid_t
        switch Self.spawn(program: program, argument: action.url.absoluteString, environment: environment) {
        case .success(let spawned): pid = spawned
        case .failure(let error):
            return unavailable(action, because: "\(Self.programName) could not be started: \(String(cString: strerror(error.code.rawValue)))")
        }

        let report = ExitReport()
        Self.reap(pid, into: report)
        let timeout = Task { [exitWait] in
            guard (try? await Task.sleep(for: exitWait)) != nil else { return }
            report.deliver(.stillRunning)
        }
        let outcome = await withTaskCancellationHandler {
            await report.outcome()
        } onCancel: {
            report.deliver(.stillRunning)
        }
        timeout.cancel()

        switch outcome {
        case .exited(0), .stillRunning, .unknown:
            return .opened
        case .exited(let status):
            return unavailable(action, because: "\(Self.programName) exited with status \(status)")
        case .signaled(let signal):
            return unavailable(action, because: "\(Self.programName) was ended by signal \(signal)")
        }
    }

    private func unavailable(_ action: SystemAction, because reason: String) -> SystemActionResult {
        // The link is already validated printable ASCII; the sanitizing is a second line of defence.
        let link = TerminalSafeText.shown(action.url.absoluteString, limit: SystemAction.maximumLength)
        return .unavailable(message: "No desktop opener (\(reason)); the link is: \(link)")
    }

    // MARK: - Finding the program

    /// The first `directory/name` on `path` that is a regular file this process may execute.
    static func executable(named name: String, path: String?) -> String? {
        guard let path else { return nil }
        for directory in path.split(separator: ":") where directory.hasPrefix("/") {
            let candidate = String(directory.hasSuffix("/") ? directory + name : directory + "/" + name)
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 else { continue }
            return candidate
        }
        return nil
    }

    // MARK: - Spawning

    /// Starts `program argument` as described on the type; the child's pid, or the errno why not.
    static func spawn(program: String, argument: String, environment: [String: String]) -> Result<pid_t, POSIXError> {
        // posix_spawn wants NUL-terminated arrays of C strings; strdup'ed here and freed below.
        // An environment entry that cannot be one (a NUL inside, `=` in the name) is left out.
        let environmentEntries = environment
            .filter { key, value in !key.isEmpty && !key.contains("=") && !key.contains("\0") && !value.contains("\0") }
            .map { "\($0.key)=\($0.value)" }
            .sorted()
        let argv = [program, argument].map { (text: String) in strdup(text) } + [nil]
        let envp = environmentEntries.map { (text: String) in strdup(text) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        guard !argv.dropLast().contains(where: { $0 == nil }), !envp.dropLast().contains(where: { $0 == nil }) else { return .failure(POSIXError(.ENOMEM)) }

        var actions = posix_spawn_file_actions_t()
        guard posix_spawn_file_actions_init(&actions) == 0 else { return .failure(POSIXError(.ENOMEM)) }
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        guard posix_spawnattr_init(&attributes) == 0 else { return .failure(POSIXError(.ENOMEM)) }
        defer { posix_spawnattr_destroy(&attributes) }

        var defaultSignals = sigset_t(), noSignals = sigset_t()
        sigfillset(&defaultSignals)
        sigemptyset(&noSignals)
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK
        var status = posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        if status == 0 { status = posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0) }
        if status == 0 { status = posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0) }
        if status == 0 { status = addCloseFrom(&actions, STDERR_FILENO + 1) }
        if status == 0 { status = posix_spawnattr_setflags(&attributes, Int16(flags)) }
        if status == 0 { status = posix_spawnattr_setpgroup(&attributes, 0) }
        if status == 0 { status = posix_spawnattr_setsigdefault(&attributes, &defaultSignals) }
        if status == 0 { status = posix_spawnattr_setsigmask(&attributes, &noSignals) }
        var pid: pid_t = 0
        if status == 0 { status = posix_spawn(&pid, program, &actions, &attributes, argv, envp) }
        guard status == 0 else { return .failure(POSIXError(POSIXErrorCode(rawValue: status) ?? .EIO)) }
        return .success(pid)
    }

    /// `posix_spawn_file_actions_addclosefrom_np` (glibc 2.34+), looked up at run time because the
    /// Glibc module does not export it; without it the child keeps what the app opened without
    /// `O_CLOEXEC`, which is untidy but not unsafe, so its absence is not an error.
    private static func addCloseFrom(_ actions: inout posix_spawn_file_actions_t, _ lowest: Int32) -> Int32 {
        typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return 0 }
        return unsafeBitCast(symbol, to: AddCloseFrom.self)(&actions, lowest)
    }

    // MARK: - Reaping

    /// Waits for `pid` on a thread of its own (waitpid blocks; the cooperative pool must not) and
    /// delivers its exit to `report`.
    private static func reap(_ pid: pid_t, into report: ExitReport) {
        let thread = Thread {
            var status: Int32 = 0
            var result: pid_t
            repeat { result = waitpid(pid, &status, 0) } while result == -1 && errno == EINTR
            // ECHILD: someone else reaped it (SIGCHLD ignored makes the kernel do that); the status is lost.
            guard result == pid else { return report.deliver(.unknown) }
            // WIFEXITED/WEXITSTATUS/WTERMSIG are C macros Swift cannot import; these are their definitions.
            let signal = status & 0x7F
            report.deliver(signal == 0 ? .exited((status >> 8) & 0xFF) : .signaled(signal))
        }
        thread.name = "xdg-open reaper"
        thread.start()
    }
}

/// One child's end as the opener sees it. The first of the reaper's answer and the timeout wins.
final class ExitReport: Sendable {
    enum Outcome: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
        /// Still running when the wait ended; it is reaped later.
        case stillRunning
        /// Reaped, but the status was not ours to read.
        case unknown
    }

    private struct State {
        var outcome: Outcome?
        var waiter: CheckedContinuation<Outcome, Never>?
    }

    private let state = Mutex(State())

    /// Records `outcome` unless one was recorded before, and wakes the waiter.
    func deliver(_ outcome: Outcome) {
        let waiter = state.withLock { state -> CheckedContinuation<Outcome, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }

    /// The first outcome delivered, waiting for it if need be. Called once.
    func outcome() async -> Outcome {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> Outcome? in
                if let outcome = state.outcome { return outcome }
                state.waiter = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
