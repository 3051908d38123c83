import XCTest
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI

/// Remapped keys (the config file's `[keys]`): translated at the navigation controller's door, shown
/// in the key bar, the `?` overlay and help, and checked for keys two bindings would share.
@MainActor
final class KeyMapTests: XCTestCase {
    private let context = RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none)
    private let remapped = KeyMap(["quit": [.character("x"), .ctrl("c")], "filter": [.character("/"), .ctrl("f")], "favorite": [.character("s")]])

    /// A list screen's keys: move (j/k…), filter `/`, favourite `f`, and a question's `y` of its own.
    private var listKeys: [KeyHelp] {
        [ListInput.moveBinding(), SearchInput.filterBinding(), KeyBinding([.character("f")], KeyHelp("f", "favourite", bar: "f fav"), name: "favorite"),
         KeyBinding([.character("y")], KeyHelp("y", "yes"))].help
    }

    private func translate(_ key: Key, typing: Bool = false, map: KeyMap? = nil) -> InputEvent? {
        (map ?? remapped).translate(.key(key), screenKeys: listKeys, globalKeys: NavigationTexts.english.globalKeys, typing: typing)
    }

    func testAKeyTheMapGivesABindingArrivesAsThatBindingsOwnKey() async {
        XCTAssertEqual(translate(.ctrl("f")), .key(.character("/")), "filter's new key")
        XCTAssertEqual(translate(.character("/")), .key(.character("/")), "a key it keeps")
        XCTAssertEqual(translate(.character("x")), .key(.character("q")), "the host's quit")
        XCTAssertEqual(translate(.character("s")), .key(.character("f")), "the screen's favourite")
        XCTAssertEqual(translate(.character("j")), .key(.character("j")), "keys nobody remapped pass")
        XCTAssertEqual(translate(.down), .key(.down))
    }

    func testAKeyABindingGaveUpArrivesAsNothingButCtrlCAlwaysQuits() async {
        XCTAssertNil(translate(.character("q")), "quit is x now")
        XCTAssertNil(translate(.character("f")), "favourite is s now")
        XCTAssertEqual(translate(.ctrl("c"), map: KeyMap(["quit": [.character("x")]])), .key(.ctrl("c")))
    }

    func testTheScreensOwnKeysComeFirstAndTypingIsText() async {
        // quit = y: on a screen that asks with y, y still answers the question.
        XCTAssertEqual(translate(.character("y"), map: KeyMap(["quit": [.character("y")]])), .key(.character("y")))
        XCTAssertEqual(translate(.character("x"), typing: true), .key(.character("x")), "typed, not quit")
        XCTAssertEqual(translate(.character("q"), typing: true), .key(.character("q")), "typed, though quit gave it up")
        XCTAssertEqual(translate(.ctrl("f"), typing: true), .key(.ctrl("f")), "not a / typed into the field")
        // While typing nothing is swallowed (the field's own keys are not in the screen's help) and
        // nothing is turned into a character (it would be typed).
        let away = KeyMap(["back": [.character("h")], "open": [.character("o")], "reload": [.ctrl("r")]])
        XCTAssertEqual(translate(.backspace, typing: true, map: away), .key(.backspace))
        XCTAssertEqual(translate(.enter, typing: true, map: away), .key(.enter))
        XCTAssertEqual(translate(.ctrl("r"), typing: true, map: away), .key(.ctrl("r")), "not an r in the field")
        XCTAssertEqual(KeyMap.none.translate(.key(.character("q")), screenKeys: listKeys, globalKeys: [], typing: false), .key(.character("q")))
    }

    /// A key map is made from a config file that refuses such keys; were one given anyway, the key bar
    /// and help would show it escaped, never a bidi override or a mark that smears the bar.
    func testAnInvisibleKeyIsShownEscaped() async {
        let map = KeyMap(["filter": [.character("\u{202E}")], "favorite": [.character("\u{301}")]])
        let shown = map.remapped(listKeys)
        XCTAssertEqual(shown[1].keys, "\\u{202e}")
        XCTAssertEqual(shown[2].bar, "\\u{301} fav")
        XCTAssertEqual(KeyBinding.name(of: .character("#")), "#", "a visible key is itself")
    }

    func testHelpTheBarAndTheOverlayShowTheKeysInEffect() async {
        let shown = remapped.remapped(listKeys)
        XCTAssertEqual(shown[1].keys, "/ ctrl-f")
        XCTAssertEqual(shown[2].keys, "s")
        XCTAssertEqual(shown[2].bar, "s fav", "the bar's key part gives way")
        XCTAssertEqual(shown[1].bar, "/ ctrl-f " + NavigationTexts.english.filterKey.bar!.split(separator: " ").dropFirst().joined(separator: " "),
                       "the slash key is set apart with a space, not another slash")
        XCTAssertEqual(shown[0], listKeys[0], "an unnamed binding is as it was")
        let bar = listKeys.keyBar(.english, remapped)
        XCTAssertTrue(bar.contains("s fav"), bar)
        XCTAssertTrue(bar.hasSuffix("? keys  x/ctrl-c quit"), bar)
        XCTAssertEqual(listKeys.keyBar(.english), listKeys.keyBar, "no map: the bar as before")

        let controller = NavigationController()
        controller.keyMap = remapped
        controller.setRoot(StubScreen(title: "list", keys: listKeys))
        _ = controller.dispatch(.key(.character("?")), in: context)
        let overlay = controller.render(in: context).text
        XCTAssertTrue(overlay.contains("/ ctrl-f"), overlay)
        XCTAssertTrue(overlay.contains("x ctrl-c"), overlay)
    }

    func testTheControllerQuitsAndFiltersThroughTheMap() async {
        let controller = NavigationController()
        controller.keyMap = remapped
        let screen = StubScreen(title: "list", keys: listKeys) { $0 == .key(.character("/")) }
        controller.setRoot(screen)
        XCTAssertEqual(controller.dispatch(.key(.ctrl("f")), in: context), .none)
        XCTAssertEqual(screen.received, [.key(.character("/"))], "the screen saw its own filter key")
        XCTAssertEqual(controller.dispatch(.key(.character("q")), in: context), .none, "q is no longer quit")
        XCTAssertEqual(screen.received.count, 1, "and reaches nobody")
        XCTAssertEqual(controller.dispatch(.key(.character("x")), in: context), .quit)
        XCTAssertEqual(controller.dispatch(.key(.ctrl("c")), in: context), .interrupt)
    }

    /// The list's moves are one line of help and six names: each is remapped on its own (emacs' ctrl-n).
    func testAPartOfABindingIsRemappedOnItsOwn() async {
        let emacs = KeyMap(["down": [.down, .ctrl("n")], "up": [.up, .ctrl("p")]])
        XCTAssertEqual(translate(.ctrl("n"), map: emacs), .key(.down))
        XCTAssertEqual(translate(.ctrl("p"), map: emacs), .key(.up))
        XCTAssertNil(translate(.character("j"), map: emacs), "j gave way to ctrl-n")
        XCTAssertEqual(translate(.pageDown, map: emacs), .key(.pageDown), "the other moves keep their keys")
        let move = emacs.remapped(listKeys[0])
        XCTAssertEqual(move.keys, "↑ ctrl-p ↓ ctrl-n pgup pgdn space home end")
        XCTAssertEqual(move.bar, "↑/↓ move")
        XCTAssertEqual(KeyMap(["up": [.character("w")], "down": [.character("s")]]).remapped(listKeys[0]).bar, "w/s move")
        XCTAssertEqual(KeyMap(["down": [.character("k")]]).conflicts(in: listKeys).map(\.name), ["down"], "k is up's")
    }

    func testConflictsAreKeysARemappedBindingWouldShare() async {
        let keys = listKeys + NavigationTexts.english.globalKeys
        XCTAssertTrue(remapped.conflicts(in: keys).isEmpty)
        XCTAssertTrue(KeyMap.none.conflicts(in: keys).isEmpty, "esc shared by a screen and the host is the screens' design")
        let clash = KeyMap(["favorite": [.character("j")]]).conflicts(in: keys)
        XCTAssertEqual(clash.map(\.key), [.character("j")])
        XCTAssertEqual(clash.first?.name, "favorite")
        XCTAssertTrue(KeyMap(["favorite": [.character("/")], "filter": [.ctrl("f")]]).conflicts(in: keys).isEmpty, "a key given up is free")
    }

    /// The error view's retry is a binding like any other: remapped, translated, shown.
    func testTheErrorViewsRetryIsRemappable() async {
        let retry = NavigationTexts.english.retryKey
        XCTAssertEqual(retry.name, "retry")
        XCTAssertEqual(retry.boundKeys, ListInput.retryKeys)
        XCTAssertEqual(ListInput.retryBinding(.german).help.name, "retry")
        XCTAssertEqual(NavigationTexts.german.retryKey.boundKeys, ListInput.retryKeys)
        let map = KeyMap(["retry": [.ctrl("r")]])
        let onError = { (key: Key) in map.translate(.key(key), screenKeys: [retry], globalKeys: NavigationTexts.english.globalKeys, typing: false) }
        XCTAssertEqual(onError(.ctrl("r")), .key(.character("r")), "arrives as the error view's own r")
        XCTAssertNil(onError(.enter), "enter gave way to ctrl-r")
        XCTAssertNil(onError(.character(" ")))
        XCTAssertEqual(map.remapped([retry]).keyBar, "ctrl-r retry  ? keys  q quit")
        XCTAssertEqual(KeyMap(["quit": [.character(" ")]]).conflicts(in: [retry] + NavigationTexts.english.globalKeys).map(\.key), [.character(" ")],
                       "space retries on the error view")
    }

    /// A state that takes typing: a printable key is text there (no conflict, and a binding whose own
    /// key is printable does nothing there), but a key the field uses (ctrl-w, ←) is a conflict for a
    /// binding that still acts while typing (back, open, the moves).
    func testConflictsWhileTypingAreTheFieldsKeys() async {
        let typing = KeyState.typingFilter(over: listKeys)
        XCTAssertTrue(typing.takesTyping)
        XCTAssertFalse(KeyState(nil, listKeys).takesTyping)
        let keys = typing.keys + NavigationTexts.english.globalKeys
        XCTAssertEqual(KeyMap(["back": [.ctrl("w")]]).conflicts(in: keys, typing: true).map(\.key), [.ctrl("w")], "ctrl-w erases a word there")
        XCTAssertEqual(KeyMap(["down": [.left]]).conflicts(in: keys, typing: true).map(\.key), [.left], "← moves the cursor there")
        XCTAssertEqual(KeyMap(["back": [.ctrl("w")]]).conflicts(in: listKeys + NavigationTexts.english.globalKeys).map(\.key), [],
                       "the list alone has no ctrl-w")
        XCTAssertTrue(KeyMap(["favorite": [.ctrl("u")], "filter": [.ctrl("w")], "quit": [.character("j")]]).conflicts(in: keys, typing: true).isEmpty,
                      "favorite, filter and quit do nothing while typing (their own keys are text), and j is text")
    }
}
