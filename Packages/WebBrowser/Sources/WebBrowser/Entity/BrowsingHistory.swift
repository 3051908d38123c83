import Foundation

/// The pages of one browser, like a browser tab's back/forward list: following a link drops the
/// pages ahead and appends the new one; back and forward move through the list. Each entry keeps
/// where the reader was on that page (scroll position, focused link), so back returns there.
struct BrowsingHistory: Equatable, Sendable {
    struct Entry: Equatable, Sendable {
        var url: URL
        var scrollOffset = 0
        var selectedLink: Int?
    }

    /// At most this many entries; the oldest are dropped first, so a long session stays small.
    static let capacity = 100

    private(set) var entries: [Entry]
    private(set) var index = 0

    init(start url: URL) {
        entries = [Entry(url: url)]
    }

    /// The page on screen.
    var current: Entry {
        get { entries[index] }
        set { entries[index] = newValue }
    }

    var canGoBack: Bool { index > 0 }
    var canGoForward: Bool { index < entries.count - 1 }

    /// Opens `url` after the current page; the pages that were ahead are forgotten.
    mutating func visit(_ url: URL) {
        entries.removeSubrange((index + 1)...)
        entries.append(Entry(url: url))
        if entries.count > Self.capacity { entries.removeFirst(entries.count - Self.capacity) }
        index = entries.count - 1
    }

    /// Moves to the previous page; `false` (and no change) on the first.
    mutating func goBack() -> Bool {
        guard canGoBack else { return false }
        index -= 1
        return true
    }

    /// Moves to the next page again; `false` (and no change) on the last.
    mutating func goForward() -> Bool {
        guard canGoForward else { return false }
        index += 1
        return true
    }
}
