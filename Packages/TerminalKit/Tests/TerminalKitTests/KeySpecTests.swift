import XCTest
import TerminalKit

final class KeySpecTests: XCTestCase {
    func testEveryNamedKey() throws {
        let expected: [String: Key] = [
            "up": .up, "down": .down, "left": .left, "right": .right, "enter": .enter, "esc": .escape,
            "tab": .tab, "backtab": .backtab, "space": .character(" "), "backspace": .backspace,
            "pgup": .pageUp, "pgdn": .pageDown, "home": .home, "end": .end, "delete": .delete,
            "hash": .character("#"), "semicolon": .character(";"), "comma": .character(","),
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

    /// A key binding takes only a key a person can see in a key bar and type: no control, no format
    /// character (bidi controls, zero-width ones), no combining mark without its base, nothing
    /// unassigned or private, no white space but `space`, one character as a terminal sends it.
    func testABindingRefusesWhatIsNotAVisibleKey() {
        let refused: [(String, String)] = [
            ("\u{202E}", "is an invisible format character (a bidi control or a zero-width one)"),
            ("\u{200B}", "is an invisible format character (a bidi control or a zero-width one)"),
            ("\u{FEFF}", "is an invisible format character (a bidi control or a zero-width one)"),
            ("\u{301}", "is a combining mark without a character to sit on"),
            ("\u{20DD}", "is a combining mark without a character to sit on"),
            ("\u{903}", "is a combining mark without a character to sit on"),
            ("\u{7}", "is a control character"),
            ("\u{85}", "is a control character"),
            ("\u{A0}", "is white space (the space bar is space)"),
            ("\u{2028}", "is white space (the space bar is space)"),
            ("\u{E000}", "is a private-use character, which no keyboard types"),
            ("\u{378}", "is not a character Unicode has assigned"),
            ("🇩🇪", "is more than one character, and a terminal sends a key's characters one by one"),
        ]
        for (token, reason) in refused {
            XCTAssertThrowsError(try KeySpec.key(token), token.debugDescription) { error in
                guard let error = error as? KeySpecError else { return XCTFail("wrong error type") }
                XCTAssertEqual(error.reason, reason, token.debugDescription)
                let escape = "\\u{" + String(token.unicodeScalars.first!.value, radix: 16) + "}"
                if token.unicodeScalars.first!.properties.generalCategory != .otherSymbol {
                    XCTAssertTrue(error.message.contains("\"" + escape + "\""), error.message)
                }
            }
        }
        XCTAssertEqual(try KeySpec.key("e\u{301}"), .character("é"), "as a terminal sends it: composed")
        XCTAssertEqual(try KeySpec.key("😀"), .character("😀"))
        XCTAssertEqual(try KeySpec.key("ä"), .character("ä"))
    }

    /// `#`, `;` and `,` have names (a config line's comment and its list of keys take the characters),
    /// and help's arrows are the arrow keys, so what help and `--print-config` write can be pasted back.
    func testEveryKeyHasANameThatReadsBackAsIt() throws {
        XCTAssertEqual(try KeySpec.key("hash"), .character("#"))
        XCTAssertEqual(try KeySpec.key("semicolon"), .character(";"))
        XCTAssertEqual(try KeySpec.key("comma"), .character(","))
        XCTAssertEqual(try ["↑", "↓", "←", "→"].map { try KeySpec.key($0) }, [.up, .down, .left, .right])
        let keys: [Key] = [.up, .down, .left, .right, .enter, .escape, .tab, .backtab, .backspace, .delete, .home, .end, .pageUp, .pageDown,
                           .ctrl("f"), .character(" "), .character("#"), .character(";"), .character(","), .character("q"), .character("/"),
                           .character("é"), .character("😀")]
        for key in keys {
            XCTAssertEqual(try KeySpec.key(KeySpec.name(of: key)), key, KeySpec.name(of: key))
        }
        XCTAssertEqual(keys.map(KeySpec.name(of:)).prefix(8), ["up", "down", "left", "right", "enter", "esc", "tab", "shift-tab"])
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
