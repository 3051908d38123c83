import Foundation

/// A section of the A–Z list: its letter and how many contacts (of those the search leaves) it holds.
public struct ContactSection: Sendable, Hashable {
    /// "A"…"Z" or "#".
    public var letter: String
    public var count: Int

    public init(letter: String, count: Int) {
        self.letter = letter
        self.count = count
    }
}

/// What the list needs to lay out its rows without holding them: the non-empty sections of the
/// contacts a search leaves, how many contacts there are in all, and where one contact is.
public struct ContactIndex: Sendable, Hashable {
    /// The sections in order ("A"…"Z", then "#"), empty ones left out.
    public var sections: [ContactSection]
    /// Every contact, whatever the search.
    public var total: Int
    /// The position (in the search's A–Z order) of the contact asked for, nil when it is not there.
    public var position: Int?

    public init(sections: [ContactSection], total: Int, position: Int? = nil) {
        self.sections = sections
        self.total = total
        self.position = position
    }

    /// The contacts the search leaves.
    public var matchCount: Int { sections.reduce(0) { $0 + $1.count } }
}

/// What reading the contacts again found: the entries that could not be read, and, when the server
/// could not be reached and the list kept from an earlier run stands in, when that list was current.
public struct ContactRefresh: Sendable, Hashable {
    public var skipped: [SkippedContact]
    public var storedAt: Date?

    public init(skipped: [SkippedContact] = [], storedAt: Date? = nil) {
        self.skipped = skipped
        self.storedAt = storedAt
    }
}

/// A change saved on another screen, for a directory that keeps a list it fetched.
public enum ContactDirectoryChange: Sendable, Hashable {
    case saved(ContactSummary)
    case deleted(id: Int)
}

/// The home list as pages: a count, the sections and the contacts at positions, for the whole
/// address book or for a search, so that a screen costs what it shows and not what the address
/// book holds. The order is the list's: sections A–Z then "#", each by the folded first and last
/// name (``ContactOrder/orderKey(firstName:lastName:)``), then the id; a search leaves the
/// contacts each of whose words starts a word of the name (``SearchQuery``, the rule of every list).
///
/// The embedded backend answers in SQL; a contacts server has no paging, so the feature's `FetchedContactDirectory`
/// keeps the list it fetched and pages it in memory.
public protocol ContactDirectory: Sendable {
    /// Reads the contacts again from where they live (the whole list of a server; nothing for a
    /// directory that reads its store at every call).
    func performRefresh() async throws(ContactsError) -> ContactRefresh
    /// The sections for `query` (every contact when it has no words), and the position of `id` among them.
    func obtainIndex(matching query: String, locating id: Int?) async throws(ContactsError) -> ContactIndex
    /// The contacts at `positions` of the order for `query` (fewer past the end).
    func obtainContacts(matching query: String, at positions: Range<Int>) async throws(ContactsError) -> [ContactSummary]
    /// Takes in a change saved on another screen (a directory reading its store finds it there already).
    func performNote(_ change: ContactDirectoryChange) async
}
