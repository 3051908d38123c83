import Foundation
import Navigation
import TerminalKit
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// Runs a feature's first screen as every launch runs it, from the launch's options: full screen on
/// the terminal (asking it what it draws, unless told), or once as text with `--plain`, `--svg` or
/// `--keys`, or when stdout is not a terminal.
public enum FeatureRun {
    /// Runs the screen `make` builds, in `texts`' words for the host's own, and returns the exit status.
    @MainActor
    public static func run(_ make: @MainActor (LaunchEnvironment, any ScreenHost) throws -> any Screen,
                           texts: NavigationTexts, launch: LaunchEnvironment) async throws -> Int32 {
        let options = launch.options
        let plain = options.plain || options.svg || !options.keys.isEmpty || isatty(STDOUT_FILENO) == 0
        return plain ? try await runPlain(make, texts: texts, launch: launch) : try await runInteractive(make, texts: texts, launch: launch)
    }

    @MainActor
    private static func runPlain(_ make: @MainActor (LaunchEnvironment, any ScreenHost) throws -> any Screen,
                                 texts: NavigationTexts, launch: LaunchEnvironment) async throws -> Int32 {
        let size = Size(columns: launch.options.size.columns, rows: launch.options.size.rows)
        let svg = launch.options.svg
        // A picture of the screen is in colour, with the pictures in their own pixels unless a tier was asked for.
        let host = HeadlessHost(size: size, accessible: launch.options.accessible,
                                pictures: launch.options.images ?? (svg && !launch.options.accessible ? .kitty : nil),
                                colorMode: svg ? .trueColor : .none)
        host.controller.texts = texts
        host.controller.keyMap = launch.options.keyMap
        // Nothing to restore in plain mode: SIGQUIT ends the process quietly instead of drawing
        // Swift's crash report (the interactive session forwards it and restores the terminal).
        signal(SIGQUIT) { _ in _exit(131) }
        let screen = try make(launch, host.controller)
        let frame = await host.run(root: screen, keys: launch.options.keys)
        if svg {
            return Console.printOutput(SVGFrameEncoder.encode(frame, theme: ColorTheme.chosen(launch.options.theme, background: nil)))
        }
        return Console.printOutput(PlainTextEncoder.encode(frame))
    }

    @MainActor
    private static func runInteractive(_ make: @MainActor (LaunchEnvironment, any ScreenHost) throws -> any Screen,
                                       texts: NavigationTexts, launch: LaunchEnvironment) async throws -> Int32 {
        var inputFD = STDIN_FILENO
        if isatty(STDIN_FILENO) == 0 {
            inputFD = open("/dev/tty", O_RDWR)
            guard inputFD >= 0 else {
                throw LaunchError(message: "no terminal to read keys from; use --plain.", status: 69)
            }
        }
        let session = TerminalSession(inputFD: inputFD, outputFD: STDOUT_FILENO, mouse: launch.options.mouse)
        // Without --images (or APPS_CLI_IMAGES) the host asks the terminal what it can draw.
        let host = TerminalHost(session: session, colorMode: ColorMode.detect(environment: launch.environment),
                                pictures: launch.options.images, environment: launch.environment, theme: launch.options.theme,
                                accessible: launch.options.accessible,
                                log: launch.environment["APPS_CLI_LOG"].flatMap { $0.isEmpty ? nil : TerminalLog(path: $0) },
                                width: launch.options.width)
        host.controller.texts = texts
        host.controller.keyMap = launch.options.keyMap
        let screen = try make(launch, host.controller)
        do {
            return try await host.run(root: screen)
        } catch {
            throw LaunchError(message: "the terminal could not be set up (\(error)); use --plain.", status: 74)
        }
    }
}
