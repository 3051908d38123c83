import TerminalKit
import TerminalUI

/// The keys of a list's search, in one place for every feature: `/` starts typing, the editing keys
/// of ``TextInput`` change the query (the list filters as you type), enter keeps the query and gives
/// the keys back to the list, esc (or backspace on an empty query) clears it. Keys that do not edit (↑↓, pgup/pgdn) are left to the
/// list, so the selection still moves while typing.
public enum SearchInput {
    /// What an event did to the search.
    public enum Outcome: Equatable, Sendable {
        /// Not a search key: the list handles it.
        case ignored
        /// `/`: typing starts (the query is kept, the cursor at its end).
        case began
        /// The query or its cursor changed.
        case edited
        /// Enter: typing ends, the query stays and keeps filtering.
        case finished
        /// Esc: the query is cleared and typing ends.
        case cleared
    }

    /// A list screen's `/` filter, before its other keys: `event` applied to a copy of `search`, and
    /// the result sent to `didEdit` when the event was the filter's. While the list shows its error
    /// view there is nothing to filter (a filter being typed still takes its keys).
    /// - Returns: whether the event was the filter's.
    @MainActor
    public static func handleFilter(_ event: InputEvent, _ search: SearchFieldState, listFailed: Bool = false,
                                    didEdit: (SearchFieldState) -> Void) -> Bool {
        guard !listFailed || search.isEditing else { return false }
        var search = search
        guard handle(event, &search) != .ignored else { return false }
        didEdit(search)
        return true
    }

    /// The keys that start typing a filter.
    public static let filterKeys: [Key] = [.character("/")]

    /// The keys of a filter being typed (``handle(_:_:)``): the field's (``TextInput/typingBindings(_:)``),
    /// enter keeps the filter, esc clears it. What a config file's remapping is checked against while
    /// a list's filter is typed (``KeyState/typingFilter(over:)``).
    public static let typingBindings: [KeyBinding] = TextInput.typingBindings("edits the filter") + [
        KeyBinding([.enter], KeyHelp("enter", "keeps the filter")),
        KeyBinding([.escape], KeyHelp("esc", "clears the filter")),
    ]

    /// `/`, in `texts`' language (esc clears a filter that is kept, before it means back).
    public static func filterBinding(_ texts: NavigationTexts = .english) -> KeyBinding {
        KeyBinding(filterKeys, texts.filterKey, name: "filter")
    }

    /// Applies `event` to `search`.
    public static func handle(_ event: InputEvent, _ search: inout SearchFieldState) -> Outcome {
        guard search.isEditing else {
            switch event {
            case .key(let key) where filterKeys.contains(key):
                search.isEditing = true
                search.field.moveEnd()
                return .began
            case .key(.escape) where !search.query.isEmpty:
                search = SearchFieldState()
                return .cleared
            default:
                return .ignored
            }
        }
        switch event {
        case .key(.enter):
            search.isEditing = false
            return .finished
        case .key(.escape):
            search = SearchFieldState()
            return .cleared
        case .key(.backspace) where search.query.isEmpty:
            // Backspace on an empty query closes the search, as if the `/` had been erased.
            search = SearchFieldState()
            return .cleared
        case .key(.up), .key(.down), .key(.pageUp), .key(.pageDown), .mouse:
            return .ignored
        default:
            return TextInput.edit(event, &search.field) ? .edited : .ignored
        }
    }
}

/// A screen that, while it ``Screen/capturesText`` (a `/` filter being typed), has a key bar of its
/// own typing keys and no `? keys  q quit` (both are text then). A container drawing one key bar for
/// several screens (``SplitScreen``) shows these words while that screen has the keys.
@MainActor
public protocol TextEditingScreen: Screen {
    /// The key bar while editing, such as ``NavigationTexts/filterTypingBar``.
    var editingKeyBar: String { get }
}
