import Navigation
import TerminalKit
import XCTest

/// A binding's help must name every key it matches; a screen's bindings never share a key.
final class KeyBindingTests: XCTestCase {
    func testHelpThatLeavesAKeyOutIsCaught() {
        let drifted = KeyBinding(ListInput.moveKeys, KeyHelp("↑↓ jk pgup/pgdn home/end wheel", "move the selection"))
        XCTAssertEqual(drifted.unnamedKeys, [.character(" ")], "space pages, and this help did not say so")
        XCTAssertEqual(ListInput.moveBinding().unnamedKeys, [])
        XCTAssertEqual(ListInput.moveBinding(.german).unnamedKeys, [])
        XCTAssertEqual(ListInput.retryBinding().unnamedKeys, [])
        XCTAssertEqual(SearchInput.filterBinding().unnamedKeys, [], "the slash key is named by a lone slash")
        XCTAssertEqual(KeyBinding([.character("e")], KeyHelp("enter", "")).unnamedKeys, [.character("e")], "enter does not name e")
        XCTAssertEqual(KeyBinding([.character("h")], KeyHelp("wheel", "")).unnamedKeys, [.character("h")], "nor wheel h")
        XCTAssertEqual(KeyBinding([.ctrl("c"), .character("c")], KeyHelp("ctrl-c", "")).unnamedKeys, [.character("c")], "ctrl-c is not c")
    }

    func testBindingsMatchTheirKeysAndFindSharedOnes() {
        let bindings = [ListInput.moveBinding(), ListInput.reloadBinding(), KeyBinding([.character("r"), .character("x")], KeyHelp("r x", ""))]
        XCTAssertEqual(bindings.sharedKeys, [.character("r")])
        XCTAssertEqual(bindings.first(matching: .key(.character("j")))?.help.action, "move the selection")
        XCTAssertNil(bindings.first(matching: .paste("j")))
        XCTAssertEqual(bindings.help.count, 3)
        XCTAssertEqual(KeyBinding.name(of: .character(" ")), "space")
        XCTAssertEqual(KeyBinding.name(of: .ctrl("c")), "ctrl-c")
    }

    /// A screen's key table runs the first binding's action that matches, and only that one.
    @MainActor
    func testAKeyTableRunsTheMatchingBindingsActionOnly() async {
        let copy = KeyBinding([.character("y")], KeyHelp("y", "copy"))
        let close = KeyBinding([.character("x"), .character("y")], KeyHelp("x y", "close"))
        var done: [String] = []
        let table: KeyValuePairs<KeyBinding, () -> Void> = [copy: { done.append("copy") }, close: { done.append("close") }]
        XCTAssertTrue(KeyBinding.perform(.key(.character("y")), table))
        XCTAssertTrue(KeyBinding.perform(.key(.character("x")), table))
        XCTAssertFalse(KeyBinding.perform(.key(.character("z")), table), "a key no binding holds is not taken")
        XCTAssertFalse(KeyBinding.perform(.paste("y"), table), "nor a paste")
        XCTAssertEqual(done, ["copy", "close"])
    }

    /// A typing binding matches every character and the keys that move and erase; its help says "typing".
    func testATypingBindingTakesEveryCharacter() {
        let bindings = TextInput.typingBindings(), typing = bindings[0]
        XCTAssertTrue(typing.matches(.character("q")) && typing.matches(.character("é")) && bindings.match(.ctrl("w")))
        XCTAssertFalse(bindings.match(.ctrl("s")))
        XCTAssertEqual(bindings.flatMap(\.unnamedKeys), [])
        XCTAssertEqual(bindings.sharedKeys, [])
        XCTAssertEqual([typing, KeyBinding([.character("s")], KeyHelp("s", ""))].sharedKeys, [.character("s")], "s would be typed")
        XCTAssertEqual(KeyBinding([], KeyHelp("letters", ""), matchesTyping: true).unnamedKeys.count, 1, "help that does not say typing")
    }
}
