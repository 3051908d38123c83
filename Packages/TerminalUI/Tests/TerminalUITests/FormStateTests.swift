import XCTest
import TerminalUI
import TerminalUITesting

final class FormStateTests: XCTestCase {
    private func contactForm() -> FormState {
        FormState(fields: [
            FormState.Field(id: "first_name", label: "First name", text: "Amitabh"),
            FormState.Field(id: "email", label: "Email", placeholder: "name@example.com"),
            FormState.Field(id: "phone_number", label: "Phone"),
        ])
    }

    func testTheFocusRingWrapsBothWays() {
        var form = contactForm()
        form.moveFocus(by: -1)
        XCTAssertEqual(form.focus, 2)
        form.moveFocus(by: 1)
        XCTAssertEqual(form.focus, 0)
    }

    func testMessagesGoToTheirFieldsMoveTheFocusAndAnEditClearsOne() {
        var form = contactForm()
        form.setMessages(["email": "Email is invalid"])
        XCTAssertEqual(form["email"]?.message, "Email is invalid")
        XCTAssertEqual(form.focus, 1, "the focus moves to the first field to fix")
        form.editFocused { $0.insert("a@b.c") }
        XCTAssertNil(form["email"]?.message)
        XCTAssertEqual(form.values["email"], "a@b.c")
    }

    func testNothingIsEditedWhileSaving() {
        var form = contactForm()
        form.isSaving = true
        form.editFocused { $0.insert("x") }
        XCTAssertEqual(form.values["first_name"], "Amitabh")
    }

    func testTheFormDrawsLabelsInputsAndMessages() {
        var form = contactForm()
        form.setMessages(["email": "Email is invalid"])
        var frame = Frame(size: Size(columns: 40, rows: 9))
        form.draw(into: &frame, rect: frame.bounds, colorMode: .none)
        assertSnapshot(frame, named: "form-40x9")
        XCTAssertEqual(form.field(atRow: 4, in: frame.bounds), 1)
        XCTAssertNil(form.field(atRow: 9, in: frame.bounds))
    }

    func testCtrlWDeletesAWordAndAPasteIsCleanedAndCapped() {
        var field = TextFieldState(text: "Jalan Sudirman 12")
        field.deleteWordBackward()
        XCTAssertEqual(field.text, "Jalan Sudirman ")
        field.deleteWordBackward()
        XCTAssertEqual(field.text, "Jalan ")
        field.paste("a\u{1B}[2Jb\nc" + String(repeating: "x", count: 20_000))
        XCTAssertTrue(field.text.hasPrefix("Jalan a[2Jb c"), field.text.prefix(20).debugDescription)
        XCTAssertLessThanOrEqual(field.text.count, 6 + TextFieldState.maximumPasteLength)
    }
}
