import TerminalKit
import TerminalUI

#if DEBUG
/// A deliberate crash for the tests of crash recovery in a real terminal, compiled into debug builds
/// only (the ones the tests run; a shipped, release binary has no such switch): with
/// `APPS_CLI_TEST_CRASH_KEY=<one character>` in the environment, pressing that key traps, so a test
/// can check that a crash still restores the terminal and shows its message after the screen is gone.
enum DebugCrashSwitch {
    static let variable = "APPS_CLI_TEST_CRASH_KEY"

    /// `screen`, or `screen` wrapped so that the switch's key traps.
    @MainActor
    static func wrap(_ screen: any Screen, environment: [String: String]) -> any Screen {
        guard let value = environment[variable], value.count == 1, let key = value.first else { return screen }
        return CrashOnKeyScreen(wrapped: screen, key: key)
    }
}

/// Forwards everything to the screen it wraps, except its key, which traps.
private final class CrashOnKeyScreen: Screen {
    let wrapped: any Screen
    let key: Character

    init(wrapped: any Screen, key: Character) {
        self.wrapped = wrapped
        self.key = key
    }

    func render(in context: RenderContext) -> Frame { wrapped.render(in: context) }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        if event == .key(.character(key)) { fatalError("deliberate crash (\(DebugCrashSwitch.variable))") }
        return wrapped.handle(event, in: context)
    }

    func screenDidAppear() { wrapped.screenDidAppear() }
    var keyHelp: [KeyHelp] { wrapped.keyHelp }
    var capturesText: Bool { wrapped.capturesText }
}
#endif
