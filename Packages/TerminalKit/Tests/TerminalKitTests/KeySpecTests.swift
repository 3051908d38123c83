import XCTest
import TerminalKit

final class KeySpecTests: XCTestCase {
    func testEveryNamedKey() throws {
        let expected: [String: Key] = [
            "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "esc": .escape,
            "tab": .tab, "backtab": .backtab, "space": .character(" "), "backspace": .backspace,
            "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end, "delete": .delete,
        ]
        for (name, key) in expected {
            XCTAssertEqual(try KeySpec.parse(name), [[.key(key)]], name)
        }
        XCTAssertEqual(Set(KeySpec.namedKeys.map(\.name)), Set(expected.keys))
    }

    func testControlKeys() throws {
        XCTAssertEqual(try KeySpec.parse("ctrl-a ctrl-c ctrl-z ctrl-C"),
                       [[.key(.ctrl("a"))], [.key(.ctrl("c"))], [.key(.ctrl("z"))], [.key(.ctrl("c"))]])
        // The same keys the decoder reports for those bytes.
        XCTAssertEqual(try KeySpec.parse("ctrl-i ctrl-m ctrl-j ctrl-h"),
                       [[.key(.tab)], [.key(.enter)], [.key(.enter)], [.key(.backspace)]])
    }

    func testSingleCharacters() throws {
        XCTAssertEqual(try KeySpec.parse("q / ä ? 😀 e\u{301}"), [
            [.key(.character("q"))], [.key(.character("/"))], [.key(.character("ä"))],
            [.key(.character("?"))], [.key(.character("😀"))], [.key(.character("e\u{301}"))],
        ])
    }

    func testClickIsPressAndReleaseAtZeroBasedCell() throws {
        XCTAssertEqual(try KeySpec.parse("click:1,1"), [[
            .mouse(MouseEvent(kind: .press(button: 0), column: 0, row: 0)),
            .mouse(MouseEvent(kind: .release, column: 0, row: 0)),
        ]])
        XCTAssertEqual(try KeySpec.parse("click:10,3"), [[
            .mouse(MouseEvent(kind: .press(button: 0), column: 9, row: 2)),
            .mouse(MouseEvent(kind: .release, column: 9, row: 2)),
        ]])
    }

    func testPressAndReleaseAloneLeaveATouchInBetween() throws {
        XCTAssertEqual(try KeySpec.parse("press:5,2 release:6,2"), [
            [.mouse(MouseEvent(kind: .press(button: 0), column: 4, row: 1))],
            [.mouse(MouseEvent(kind: .release, column: 5, row: 1))],
        ])
        XCTAssertThrowsError(try KeySpec.parse("press:0,2"))
        XCTAssertThrowsError(try KeySpec.parse("release:x"))
    }

    func testWheel() throws {
        XCTAssertEqual(try KeySpec.parse("wheelup wheeldown"), [
            [.mouse(MouseEvent(kind: .wheelUp, column: 0, row: 0))],
            [.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 0))],
        ])
    }

    func testSequencesAndWhitespace() throws {
        XCTAssertEqual(try KeySpec.parse("  down   down enter q "),
                       [[.key(.down)], [.key(.down)], [.key(.enter)], [.key(.character("q"))]])
        XCTAssertEqual(try KeySpec.parse(""), [])
    }

    func testErrorsNameTheTokenAndListValidKeys() {
        for token in ["foo", "ctrl-", "ctrl-1", "ctrl-ab", "click:0,1", "click:a,b", "click:1", "click:1,2,3",
                      "click:-1,4", "Up", "\u{07}"] {
            XCTAssertThrowsError(try KeySpec.parse("down \(token) up"), token) { error in
                guard let error = error as? KeySpecError else { return XCTFail("wrong error type") }
                XCTAssertEqual(error.token, token)
                XCTAssertTrue(error.message.contains("valid keys:"), error.message)
                XCTAssertTrue(error.message.contains("pgdn"), error.message)
                XCTAssertTrue(error.message.contains("click:COL,ROW"), error.message)
                XCTAssertFalse(error.message.unicodeScalars.contains { $0.properties.generalCategory == .control })
                if token != "\u{07}" {
                    XCTAssertTrue(error.message.contains("\"\(token)\""), error.message)
                }
            }
        }
    }
}
