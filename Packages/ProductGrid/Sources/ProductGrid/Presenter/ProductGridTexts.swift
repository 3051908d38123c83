import Foundation
import HTTPClientTexts
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// Every word the product-grid screens show, in one place (English): titles, states, notices,
/// errors and the keys (the `?` overlay, the key bars and `--help` list the same ``KeyHelp`` values).
enum ProductGridTexts {
    // MARK: Grid

    static let title = "Products"
    static func title(count: Int) -> String { "Products (\(count))" }
    /// "Products (12)", or "Products (3 of 12)" while the `/` filter leaves fewer.
    static func title(shown: Int, of total: Int, filtered: Bool) -> String {
        filtered ? "Products (\(shown) of \(total))" : title(count: total)
    }
    /// The query shown at most 40 characters long: the message is rebuilt at every key typed.
    static func noMatches(_ query: String) -> String {
        "No product matches “\(Truncation.leading(query, characters: 40))”."
    }
    /// The `/` filter's placeholder, key and typing bar: every list's one wording.
    static let filterPlaceholder = NavigationTexts.english.filterPlaceholder
    static let filterKey = NavigationTexts.english.filterKey
    static let filterTypingBar = NavigationTexts.english.filterTypingBar
    static let loading = "Loading products…"
    static let empty = "No products."
    /// The grid's moves, by direction (``ProductListView`` matches these).
    static let gridMoves: [(keys: [Key], move: GridMove)] = [
        ([.up, .character("k")], .up), ([.down, .character("j")], .down), ([.left, .character("h")], .left), ([.right, .character("l")], .right),
        ([.pageUp], .pageUp), ([.pageDown], .pageDown), ([.home], .first), ([.end], .last),
    ]
    static let gridBindings: [KeyBinding] = [
        KeyBinding(gridMoves.prefix(4).flatMap(\.keys), KeyHelp("↑↓←→ hjkl", "move", bar: "↑↓←→ move"),
                   parts: zip(["up", "down", "left", "right"], gridMoves.prefix(4)).map { KeyPart($0, $1.keys) }),
        KeyBinding(gridMoves.dropFirst(4).flatMap(\.keys), KeyHelp("pgup/pgdn home/end", "page, first, last"),
                   parts: zip(["page-up", "page-down", "top", "bottom"], gridMoves.dropFirst(4)).map { KeyPart($0, $1.keys) }),
        ListInput.openBinding("open product"),
        SearchInput.filterBinding(),
        ListInput.reloadBinding(),
    ]
    static let gridKeys = gridBindings.help
    static func loadingKeyBar(_ keyMap: KeyMap) -> String { [KeyHelp]().keyBar(.english, keyMap) }
    static func failedKeyBar(_ keyMap: KeyMap) -> String { [KeyHelp("r", "retry", bar: "r retry")].keyBar(.english, keyMap) }

    // MARK: Detail

    static let loadingDescription = "Loading description…"
    static let tryAgain = "Press r to try again."
    static let closeBinding = KeyBinding([.escape, .backspace], KeyHelp("esc/backspace", "back to the grid", bar: "esc back"))
    static let copyBinding = KeyBinding([.character("y")], KeyHelp("y", "copy the product's name"), name: "copy")
    static let detailBindings: [KeyBinding] = [
        closeBinding,
        ScrollInput.scrollBinding("scroll the description", bar: "↑↓ scroll"),
        ListInput.reloadBinding(),
        copyBinding,
    ]
    static let detailKeys = detailBindings.help

    // MARK: Errors and notices

    static func message(for error: ProductGridError) -> String {
        switch error {
        case .catalogUnavailable(let failure), .detailUnavailable(let failure):
            failure.message(.english)
        case .detailOfAnotherProduct(let asked, let answered):
            "The data from the server could not be read: the detail is of product \(quoted(answered)), not of \(quoted(asked))."
        }
    }

    /// "2 products could not be read and are not shown (price is missing)".
    static func skippedNotice(count: Int, firstReason: String?) -> String? {
        guard count > 0 else { return nil }
        return "\(count) product\(count == 1 ? "" : "s") could not be read and \(count == 1 ? "is" : "are") not shown"
            + (firstReason.map { " (\($0))" } ?? "")
    }

    private static func quoted(_ id: String) -> String {
        "“" + String(id.prefix(40)) + (id.count > 40 ? "…" : "") + "”"
    }
}
