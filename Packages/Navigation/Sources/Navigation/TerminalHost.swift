import TerminalKit
import TerminalUI
import TextCells

/// The interactive host: owns the real terminal session, the diff renderer and the event loop.
///
/// Redraws only when something happened (input, resize, a tracked job starting or finishing);
/// the only timer is the spinner tick, and it runs only while work is pending, so idle CPU is zero.
/// Drawing waits until the events already queued have been handled: a burst of keys (a paste, a
/// held key, a flood of input) costs one frame, not one per key, and ctrl-c is honoured before the
/// burst is worked through. Work finishing (pictures arriving) is drawn once per turn of the main actor.
/// Pictures drawn in the terminal's pixels are encoded by a ``PictureMaker``, off the main actor: a
/// frame that places a new picture costs what one without it costs, and the picture follows.
@MainActor
public final class TerminalHost {
    public let controller = NavigationController()
    private let session: TerminalSession
    private var renderer: DiffRenderer
    private let colorMode: ColorMode
    /// The tier asked for; nil asks the terminal (``PictureTier/automatic(_:environment:)``).
    private let requestedPictures: PictureTier?
    private let environment: [String: String]
    /// The tier in use, decided when the terminal is entered.
    public private(set) var pictures: PictureTier
    /// The theme asked for (`--theme`); nil suits the terminal's background.
    private let requestedTheme: ColorTheme.Name?
    /// The theme in use, decided when the terminal is entered.
    public private(set) var theme: ColorTheme
    /// The accessible mode (`--accessible`): see ``RenderContext/accessible``.
    private let accessible: Bool
    /// Where the host notes what it does with the terminal (`APPS_CLI_LOG`), if anywhere.
    private let log: TerminalLog?
    private var size: Size
    private var tick = 0
    private var spinner: Task<Void, Never>?
    private var drawScheduled = false
    /// Between entering and leaving the terminal; a draw scheduled before quitting must not run after.
    private var isRunning = false
    private lazy var pictureMaker = PictureMaker { [weak self] in self?.setNeedsDraw() }
    /// The bytes written to the terminal since it was entered.
    private let written = ByteCount()
    /// Whether the log says already that every picture of the first screen is drawn.
    private var loggedPicturesDrawn = false
    /// The width model asked for (the config's `width`); nil asks the terminal.
    private let requestedWidth: WidthModel.Kind?
    /// How wide the terminal draws text, decided when the terminal is entered (``WidthDetection``):
    /// every frame is laid out and written with it.
    public private(set) var widths: WidthModel = .clusters

    /// - Parameters:
    ///   - pictures: how pictures are drawn (`--images`); nil asks the terminal what it can draw.
    ///   - environment: TERM, TERM_PROGRAM, COLORFGBG and the like, for choosing the pictures' tier and the theme.
    ///   - theme: the theme (`--theme`); nil asks the terminal for its background colour (OSC 11), else
    ///     reads COLORFGBG, else takes the dark one.
    ///   - accessible: pictures in words (unless `pictures` asks for a tier), a still spinner, no box
    ///     drawing, and the terminal's cursor on the focused element.
    ///   - log: where to note entering, suspending, continuing, resizing and leaving (``TerminalLog``).
    ///   - width: the width model (`width =` in the config); nil asks the terminal which it draws with.
    public init(session: TerminalSession, colorMode: ColorMode, pictures: PictureTier? = .halfBlocks,
                environment: [String: String] = [:], theme: ColorTheme.Name? = nil, accessible: Bool = false, log: TerminalLog? = nil,
                width: WidthModel.Kind? = nil) {
        self.session = session
        self.requestedWidth = width
        self.log = log
        self.colorMode = colorMode
        self.accessible = accessible
        let pictures = pictures ?? (accessible ? .text : nil)
        self.requestedPictures = pictures
        self.pictures = pictures ?? .halfBlocks
        self.requestedTheme = theme
        self.theme = .chosen(theme, background: nil)
        self.environment = environment
        self.renderer = DiffRenderer(sink: SessionSink(session: session, written: written), colorMode: colorMode)
        self.size = Size(columns: 80, rows: 24)
    }

    /// Asks the terminal what it draws, what its background is and how wide it draws text (in one
    /// batch, when asking is safe: ``TerminalProbe/shouldProbe(inputFD:outputFD:environment:)``), and sets
    /// up the renderer for the tier, the theme and the width model chosen, before the first frame.
    /// kitty's graphics query goes only where pictures in pixels may be drawn (colours, no tier that
    /// rules them out).
    private func askTerminal() {
        let wantsPixels = requestedPictures == nil || requestedPictures?.graphics != nil
        var capabilities = TerminalCapabilities.unknown
        // The widths are always asked (in the same batch, no extra wait): even a width the config
        // names takes its tables' Unicode version from the terminal's answer.
        if TerminalProbe.shouldProbe(inputFD: session.inputFD, outputFD: session.outputFD, environment: environment) {
            let asksPictures = colorMode != .none && wantsPixels
            capabilities = session.probe(timeoutMilliseconds: TerminalProbe.timeoutMilliseconds(environment: environment),
                                         asksKitty: asksPictures && TerminalProbe.asksKitty(environment: environment),
                                         widthSentinels: WidthDetection.sentinels)
        }
        let width = WidthDetection.choose(graphemeClusterMode: capabilities.graphemeClusterMode, sentinelWidths: capabilities.sentinelWidths,
                                          requested: requestedWidth)
        if width.setsGraphemeClusterMode { session.enableGraphemeClusterMode() }
        widths = width.model
        log?.note("width model: \(width.model): \(width.reason)")
        let background = capabilities.backgroundColor.map { RGB($0.red, $0.green, $0.blue).isLight ? ColorTheme.Background.light : .dark }
            ?? ColorTheme.background(colorFGBG: environment["COLORFGBG"])
        theme = .chosen(requestedTheme, background: background)
        let tier = colorMode == .none ? (requestedPictures ?? .ascii)
            : requestedPictures ?? PictureTier.automatic(capabilities, environment: environment)
        // Pictures in the terminal's pixels need colours; their boxes are sized from the cell's pixels,
        // and a cell size that is nonsense leaves the symbols (an explicit --images kitty too).
        let setup = PictureSetup.choose(tier: tier, reported: capabilities.cellPixels,
                                        windowCell: tier.graphics == nil ? nil : session.cellPixels(), environment: environment)
        pictures = setup.tier
        let graphics = colorMode == .none ? nil : GraphicsProtocol.forTier(pictures, environment: environment)
        renderer = DiffRenderer(sink: SessionSink(session: session, written: written), colorMode: colorMode, graphics: graphics,
                                cellPixels: setup.cell, sixelColors: capabilities.colorRegisters ?? 256, theme: theme, showsCursor: accessible,
                                makesPicturesLater: true, compressesPictures: PictureLink(environment: environment) == .remote,
                                widths: widths)
    }

    /// Runs `root` until the user quits.
    /// - Returns: the process exit status (0 quit, 130 ctrl-c, 128 + signal after SIGTERM/SIGHUP).
    public func run(root: any Screen) async throws -> Int32 {
        try session.enter()
        // Anything written to stderr while the screen is ours (a runtime warning, a crash's message)
        // would land on the alternate screen and vanish with it: it is kept and shown after leaving.
        session.captureStandardError()
        askTerminal()
        isRunning = true
        defer {
            isRunning = false
            spinner?.cancel()
            // No picture stays behind on the alternate screen or in the terminal's memory.
            session.write(renderer.teardown())
            session.leave()
            log?.note("left the terminal")
        }
        size = Size(session.size())
        log?.note("entered the terminal: \(size.columns)x\(size.rows), pictures \(pictures.rawValue), theme \(theme.name.rawValue)")
        controller.work.observeChanges { [weak self] in self?.workDidChange() }
        // `y` copies through the terminal (OSC 52), between frames.
        controller.clipboard = { [weak self] bytes in self?.session.write(bytes) }
        #if DEBUG
        controller.setRoot(DebugCrashSwitch.wrap(root, environment: environment))
        #else
        controller.setRoot(root)
        #endif
        draw()
        for await event in session.events() {
            session.eventTaken()
            if session.isInterruptPending { return 130 }
            switch event {
            case .input(let input):
                // Keys are handled in the terminal's widths too (a text field scrolls by them).
                switch WidthModel.$current.withValue(widths, operation: { controller.dispatch(input, in: context) }) {
                case .quit: return 0
                case .interrupt: return 130
                case .suspend:
                    // Drawing waits for .resumed: the terminal belongs to the shell until then.
                    session.write(renderer.teardown())
                    renderer.invalidate()
                    log?.note("suspended (ctrl-z): the screen is the shell's")
                    session.suspend()
                    takeBackIfNotStopped()
                    continue
                case .none: break
                }
            case .resumed:
                // After `bg` the process runs without the terminal: wait for the SIGCONT of `fg`.
                // A SIGCONT without our own suspend (an outside `kill -STOP`, then `fg`) still repaints:
                // the shell wrote over the screen meanwhile.
                if session.isSuspended, !session.resume() {
                    log?.note("continued in the background: the screen stays the shell's")
                    continue
                }
                log?.note("continued in the foreground: the screen is taken back")
                size = Size(session.size())
                renderer.invalidate()
            case .resize(let newSize):
                size = Size(newSize)
                log?.note("resized to \(size.columns)x\(size.rows)")
                // A font size change resizes the window too: the cell's pixels come from the window's.
                if let cell = Self.cellAfterResize(window: session.cellPixels()) { renderer.setCellPixels(cell) }
                renderer.invalidate()
            case .terminate(let signal):
                log?.note("ended by signal \(signal)")
                return 128 + signal
            }
            if controller.quitRequested { return 0 }
            // Events already waiting are handled first; the frame is drawn once they are all in.
            if !session.hasQueuedEvents { draw() }
        }
        return 0
    }

    /// The cell size a resize (or a font change) brings: the window's pixels over its cells, when that
    /// is a cell a terminal really has (``CellPixels/isPlausible``). Nil keeps the last good size: a
    /// window that reports 65535 × 65535 pixels never sizes a picture.
    nonisolated static func cellAfterResize(window: CellPixels?) -> PixelSize? {
        guard let window, window.isPlausible else { return nil }
        return PixelSize(window)
    }

    /// A process that cannot stop runs on after ctrl-z: in an orphaned process group (under `script`,
    /// say) the kernel discards the stop signal, and no SIGCONT will ever come. So a moment later a
    /// process that is still suspended, in the foreground and running takes its screen back. (After a
    /// real stop the 300 ms start when the process continues, so this usually runs after the SIGCONT's
    /// `.resumed`; whichever comes second finds nothing to do, or, in the background, the same answer.)
    private func takeBackIfNotStopped() {
        Task { @MainActor [weak self] in
            try? await Task.sleep(for: .milliseconds(300))
            guard let self, self.isRunning, self.session.isSuspended else { return }
            guard self.session.resume() else {
                self.log?.note("still in the background 300 ms after ctrl-z: the screen stays the shell's")
                return
            }
            self.log?.note("not stopped 300 ms after ctrl-z: the screen is taken back")
            self.size = Size(self.session.size())
            self.renderer.invalidate()
            self.draw()
        }
    }

    private var context: RenderContext {
        // The accessible mode's spinner stands still: a moving glyph is noise to a screen reader.
        RenderContext(size: size, colorMode: colorMode, tick: accessible ? 0 : tick, pictures: pictures, accessible: accessible)
    }

    private func draw() {
        guard isRunning, !session.isSuspended else { return }
        let frame = WidthModel.$current.withValue(widths) { controller.render(in: context) }
        // Blocks stay where pictures are drawn with them (an explicit --images half, say).
        renderer.render(accessible ? frame.withoutBoxDrawing(keepingBlocks: pictures.drawsBlocks && colorMode != .none) : frame)
        pictureMaker.makePictures(of: renderer)
        logPicturesDrawn()
    }

    /// Notes once, when the first screen with pictures has them all (nothing loading, none being
    /// made, every placement shown), how many and the bytes written until then: how long pictures take
    /// to reach a real terminal, for the log's reader and the bench.
    private func logPicturesDrawn() {
        guard let log, !loggedPicturesDrawn, controller.work.isIdle, pictureMaker.isIdle else { return }
        let counts = renderer.pictureCounts
        guard counts.shown > 0, counts.waiting == 0 else { return }
        loggedPicturesDrawn = true
        log.note("every picture on screen is drawn: \(counts.shown) pictures, \(written.value) bytes written")
    }

    /// Draws once the main actor is free, however many jobs finish in the meantime.
    private func setNeedsDraw() {
        guard !drawScheduled else { return }
        drawScheduled = true
        Task { @MainActor [weak self] in
            guard let self else { return }
            self.drawScheduled = false
            self.draw()
        }
    }

    /// A spinner frame every 125 ms: the arrow turns twice a second, as a `line` spinner does (130 ms),
    /// and a wait costs 8 wake-ups a second (each a timer, a hop to the main actor, a frame and a write:
    /// about 1 ms of CPU), not 10 (`Scripts/bench` row 5b, ticks while a request waits).
    static let spinnerInterval: Duration = .milliseconds(125)

    private func workDidChange() {
        setNeedsDraw()
        if controller.work.isIdle {
            spinner?.cancel()
            spinner = nil
        } else if spinner == nil {
            spinner = Task { @MainActor [weak self] in
                while !Task.isCancelled {
                    try? await Task.sleep(for: Self.spinnerInterval)
                    guard let self, !Task.isCancelled else { return }
                    self.tick &+= 1
                    self.setNeedsDraw()
                }
            }
        }
    }
}

/// Writes the renderer's bytes to the terminal, counting them.
private final class SessionSink: OutputSink {
    let session: TerminalSession
    let written: ByteCount
    init(session: TerminalSession, written: ByteCount) {
        self.session = session
        self.written = written
    }
    func write(_ bytes: [UInt8]) {
        written.value += bytes.count
        session.write(bytes)
    }
}

/// A count of bytes the host's sinks share.
private final class ByteCount {
    var value = 0
}

extension Size {
    init(_ size: TerminalSize) {
        self.init(columns: size.columns, rows: size.rows)
    }
}
