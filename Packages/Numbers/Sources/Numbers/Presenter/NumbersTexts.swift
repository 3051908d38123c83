import HTTPClientTexts
import Navigation
import TerminalUI
import TextCells
/// The feature's user-facing strings, in one place.
enum NumbersTexts {
    static let title = "Numbers"
    static let loading = "Loading…"
    static let empty = "No numbers to show."
    /// The query shown at most 40 characters long: the message is rebuilt at every key typed.
    static func noMatches(_ query: String) -> String {
        "No number matches “\(Truncation.leading(query, characters: 40))”."
    }
    /// "Numbers (52)", or "Numbers (3 of 52)" while the `/` filter leaves fewer.
    static func title(shown: Int, of total: Int, filtered: Bool) -> String {
        filtered ? "\(title) (\(shown) of \(total))" : "\(title) (\(total))"
    }
    /// The `/` filter's placeholder, key and typing bar: every list's one wording.
    static let filterPlaceholder = NavigationTexts.english.filterPlaceholder
    static let filterKey = NavigationTexts.english.filterKey
    static let filterTypingBar = NavigationTexts.english.filterTypingBar
    static let placeholder = "Choose a number"
    static let noText = "No text for this number."
    /// The error view's button: the one wording every English feature uses.
    static let retry = NavigationTexts.english.retryButton

    static func message(for error: NumbersError) -> String {
        switch error {
        case .noConnection(let endpoint):
            endpoint.isEmpty ? "No connection — check that you are online." : "No connection to \(endpoint) — check the network or the server."
        case .listUnavailable(let failure): "The numbers could not be loaded. " + failure.message(.english)
        case .detailUnavailable(let failure): "This number could not be loaded. " + failure.message(.english)
        }
    }

    static func skipped(_ reasons: [String]) -> String? {
        guard let first = reasons.first else { return nil }
        let count = reasons.count
        return "\(count) entr\(count == 1 ? "y" : "ies") could not be read and \(count == 1 ? "is" : "are") not shown (\(first))"
    }
}
