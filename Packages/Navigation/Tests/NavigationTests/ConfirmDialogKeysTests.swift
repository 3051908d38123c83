import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import XCTest

/// A question keeps every key to itself (q included), so "takes the key" says nothing: what counts is
/// that a key acts (moves the focus, or answers) exactly when the dialog's help names it.
@MainActor
final class ConfirmDialogKeysTests: XCTestCase {
    private final class Output: ConfirmDialogOutput {
        var answers: [Bool] = []
        func confirmDialog(_ id: String, didFinish confirmed: Bool) { answers.append(confirmed) }
    }

    func testEveryKeyThatActsIsInTheDialogsHelpAndNoOtherDoes() async {
        let context = RenderContext(size: Size(columns: 60, rows: 12))
        let output = Output(), navigator = RecordingNavigator()
        let bindings = ConfirmDialog(id: "q", message: "Discard?", confirmTitle: "Discard", output: output, navigator: navigator).bindings
        XCTAssertEqual(bindings.flatMap(\.unnamedKeys).map(KeyBinding.name(of:)), [])
        XCTAssertEqual(bindings.sharedKeys, [])
        for key in everyKey {
            let dialog = ConfirmDialog(id: "q", message: "Discard?", confirmTitle: "Discard", output: output, navigator: navigator)
            let answersBefore = output.answers.count
            XCTAssertTrue(dialog.handle(.key(key), in: context), "a question keeps \(KeyBinding.name(of: key)) to itself")
            let acted = dialog.confirmFocused || output.answers.count > answersBefore
            XCTAssertEqual(acted, bindings.match(key), KeyBinding.name(of: key))
        }
        XCTAssertEqual(ConfirmDialog(id: "q", message: "Discard?", confirmTitle: "Discard", output: output, navigator: navigator).keyBar,
                       "←→ choose  enter press  y Discard  n/esc Cancel", "the key bar is the bindings' short words")
    }
}
