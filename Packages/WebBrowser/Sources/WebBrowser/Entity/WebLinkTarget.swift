import Foundation

/// Where a link leads, decided from its `href` and the page it is on: the browser loads web
/// pages itself and hands every other scheme (`mailto:`, `tel:`, `sms:`, `geo:` …) to its caller.
enum WebLinkTarget: Equatable, Sendable {
    /// An `http`/`https` page, loaded in the browser.
    case page(URL)
    /// Any other scheme: not the browser's to open.
    case external(URL)
    /// An `href` that is no address at all.
    case invalid

    /// Resolves `href` against `base`, the URL the page was served from.
    init(href: String, base: URL) {
        let trimmed = href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let target = URL(string: trimmed, relativeTo: base)?.absoluteURL, target.scheme != nil else {
            self = .invalid
            return
        }
        switch target.scheme?.lowercased() {
        case "http", "https": self = .page(target)
        default: self = .external(target)
        }
    }
}
