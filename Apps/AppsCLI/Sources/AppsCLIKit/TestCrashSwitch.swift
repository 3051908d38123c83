import Navigation
import TerminalKit
import TerminalUI

/// A deliberate crash for the tests of crash recovery in a real terminal: with
/// `APPS_CLI_TEST_CRASH_KEY=<one character>` in the environment, pressing that key traps, so a test
/// can check that a crash still restores the terminal and shows its message after the screen is
/// gone. Without the variable (normal use) nothing is wrapped.
enum TestCrashSwitch {
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
        if event == .key(.character(key)) { fatalError("deliberate crash (\(TestCrashSwitch.variable))") }
        return wrapped.handle(event, in: context)
    }

    func screenDidAppear() { wrapped.screenDidAppear() }
    var keyHelp: [KeyHelp] { wrapped.keyHelp }
    var capturesText: Bool { wrapped.capturesText }
}
