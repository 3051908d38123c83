import TerminalKit
import TerminalUI

/// The interactive host: owns the real terminal session, the diff renderer and the event loop.
///
/// Redraws only when something happened (input, resize, a tracked job starting or finishing);
/// the only timer is the spinner tick, and it runs only while work is pending, so idle CPU is zero.
@MainActor
public final class TerminalHost {
    public let controller = NavigationController()
    private let session: TerminalSession
    private let renderer: DiffRenderer
    private let colorMode: ColorMode
    private var size: Size
    private var tick = 0
    private var spinner: Task<Void, Never>?

    public init(session: TerminalSession, colorMode: ColorMode) {
        self.session = session
        self.colorMode = colorMode
        self.renderer = DiffRenderer(sink: SessionSink(session: session), colorMode: colorMode)
        self.size = Size(columns: 80, rows: 24)
    }

    /// Runs `root` until the user quits.
    /// - Returns: the process exit status (0 quit, 130 ctrl-c, 128 + signal after SIGTERM/SIGHUP).
    public func run(root: any Screen) async throws -> Int32 {
        try session.enter()
        defer {
            spinner?.cancel()
            session.leave()
        }
        size = Size(session.size())
        controller.work.observeChanges { [weak self] in self?.workDidChange() }
        controller.setRoot(root)
        draw()
        for await event in session.events() {
            switch event {
            case .input(let input):
                switch controller.dispatch(input, in: context) {
                case .quit: return 0
                case .interrupt: return 130
                case .suspend:
                    // Drawing waits for .resumed: the terminal belongs to the shell until then.
                    session.suspend()
                    continue
                case .none: break
                }
            case .resumed:
                session.resume()
                size = Size(session.size())
                renderer.invalidate()
            case .resize(let newSize):
                size = Size(newSize)
                renderer.invalidate()
            case .terminate(let signal):
                return 128 + signal
            }
            if controller.quitRequested { return 0 }
            draw()
        }
        return 0
    }

    private var context: RenderContext {
        RenderContext(size: size, colorMode: colorMode, tick: tick)
    }

    private func draw() {
        guard !session.isSuspended else { return }
        renderer.render(controller.render(in: context))
    }

    private func workDidChange() {
        draw()
        if controller.work.isIdle {
            spinner?.cancel()
            spinner = nil
        } else if spinner == nil {
            spinner = Task { @MainActor [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(nanoseconds: 100_000_000)
                    guard let self, !Task.isCancelled else { return }
                    self.tick &+= 1
                    self.draw()
                }
            }
        }
    }
}

/// Writes the renderer's bytes to the terminal.
private final class SessionSink: OutputSink {
    let session: TerminalSession
    init(session: TerminalSession) { self.session = session }
    func write(_ bytes: [UInt8]) { session.write(bytes) }
}

extension Size {
    init(_ size: TerminalSize) {
        self.init(columns: size.columns, rows: size.rows)
    }
}
