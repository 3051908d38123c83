import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import XCTest

final class FormInputTests: XCTestCase {
    func testEditingKeysFollowReadline() {
        var field = TextFieldState(text: "hello world")
        for event: InputEvent in [.key(.ctrl("a")), .key(.right), .key(.character("X")), .key(.ctrl("e")), .key(.backspace)] {
            XCTAssertTrue(TextInput.edit(event, &field))
        }
        XCTAssertEqual(field.text, "hXello worl")
        XCTAssertTrue(TextInput.edit(.key(.ctrl("w")), &field))
        XCTAssertEqual(field.text, "hXello ")
        XCTAssertTrue(TextInput.edit(.paste("ab\u{1B}c"), &field))
        XCTAssertEqual(field.text, "hXello abc", "ESC never enters a field")
        XCTAssertFalse(TextInput.edit(.key(.enter), &field), "enter is the form's caller's")
    }

    func testTabAndClicksMoveTheFocusAndKeysEditTheFocusedField() {
        var form = FormState(fields: [FormState.Field(id: "a", label: "A"), FormState.Field(id: "b", label: "B")])
        let rect = Rect(column: 0, row: 2, columns: 40, rows: 6)
        XCTAssertTrue(FormInput.handle(.key(.tab), &form, rect: rect))
        XCTAssertTrue(FormInput.handle(.key(.character("x")), &form, rect: rect))
        XCTAssertEqual(form.values, ["a": "", "b": "x"])
        XCTAssertTrue(FormInput.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 5, row: 3)), &form, rect: rect))
        XCTAssertEqual(form.focus, 0)
        form.isSaving = true
        XCTAssertFalse(FormInput.handle(.key(.character("y")), &form, rect: rect))
        XCTAssertEqual(form.values["a"], "")
    }
}

@MainActor
final class ConfirmDialogTests: XCTestCase {
    private final class Output: ConfirmDialogOutput {
        var answers: [String] = []
        func confirmDialog(_ id: String, didFinish confirmed: Bool) { answers.append("\(id) \(confirmed)") }
    }

    private let context = RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none)

    func testCancelHasTheFocusFirstAndEveryAnswerDismisses() async {
        let output = Output(), navigator = RecordingNavigator()
        let dialog = ConfirmDialog(id: "discard", message: "Discard changes?", confirmTitle: "Discard",
                                   cancelTitle: "Keep editing", output: output, navigator: navigator)
        XCTAssertTrue(PlainTextEncoder.encode(dialog.render(in: context)).contains("Discard changes?"))
        XCTAssertTrue(dialog.handle(.key(.enter), in: context))
        XCTAssertTrue(dialog.handle(.key(.right), in: context))
        XCTAssertTrue(dialog.handle(.key(.enter), in: context))
        XCTAssertTrue(dialog.handle(.key(.character("y")), in: context))
        XCTAssertTrue(dialog.handle(.key(.escape), in: context))
        XCTAssertTrue(dialog.handle(.key(.character("q")), in: context), "a modal question keeps q")
        XCTAssertEqual(output.answers, ["discard false", "discard true", "discard true", "discard false"])
        XCTAssertEqual(navigator.calls, [.dismiss, .dismiss, .dismiss, .dismiss])
    }

    func testBothButtonsFitInsideTheBorderWhenTheMessageIsShort() async {
        let dialog = ConfirmDialog(id: "discard", message: "Discard this email?", confirmTitle: "Discard everything",
                                   cancelTitle: "Keep editing", output: Output(), navigator: RecordingNavigator())
        let lines = PlainTextEncoder.encode(dialog.render(in: context)).split(separator: "\n")
        let buttons = lines.first { $0.contains("[ Keep editing ]") }.map(String.init) ?? ""
        XCTAssertTrue(buttons.contains("[ Discard everything ]"), buttons)
        XCTAssertTrue(buttons.trimmingCharacters(in: .whitespaces).hasSuffix("│"), "the right border after the buttons: \(buttons)")
    }
}

final class TextAreaInputTests: XCTestCase {
    func testEnterBreaksALineAndArrowsMoveBetweenLines() {
        var area = TextAreaState(text: "Dear team,")
        for event: InputEvent in [.key(.enter), .key(.character("h")), .key(.character("i")), .key(.up), .key(.ctrl("e"))] {
            XCTAssertTrue(TextInput.edit(event, &area))
        }
        XCTAssertEqual(area.lines, ["Dear team,", "hi"])
        XCTAssertEqual(area.line, 0)
        XCTAssertEqual(area.column, 10)
        XCTAssertFalse(TextInput.edit(.key(.tab), &area), "tab moves the form's focus, it is no edit")
    }
}
