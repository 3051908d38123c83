import Foundation

/// The pages of a contacts server, which sends its whole list at once (`GET /contacts.json`): the
/// list is fetched by ``performRefresh()``, sorted once, and paged and searched in memory. A search's
/// matches are kept for the pages that follow, so scrolling a search does not search again.
public actor FetchedContactDirectory: ContactDirectory {
    /// A contact with its order key and the words a search compares, computed once per fetch.
    struct Entry: Sendable {
        var summary: ContactSummary
        let orderKey: String
        /// The search words, each after a space (" anna zed"): a query word matches where
        /// " " + word occurs.
        let searchKey: [UInt8]

        init(_ summary: ContactSummary) {
            self.summary = summary
            // Each name folded once, for the order and the search.
            let first = ContactNameFolding.fold(summary.firstName), last = ContactNameFolding.fold(summary.lastName)
            orderKey = ContactNameFolding.orderKey(foldedFirst: first, foldedLast: last)
            var key: [UInt8] = []
            for word in ContactNameFolding.searchWords(folded: first + " " + last) {
                key.append(UInt8(ascii: " "))
                key.append(contentsOf: word.utf8)
            }
            searchKey = key
        }

        static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            if lhs.orderKey != rhs.orderKey { return lhs.orderKey.utf8.lexicographicallyPrecedes(rhs.orderKey.utf8) }
            return lhs.summary.id < rhs.summary.id
        }
    }

    private let service: any ContactsService
    private var entries: [Entry] = []
    /// The last search's words and the positions of `entries` they leave.
    private var matched: (words: [[UInt8]], positions: [Int])?

    public init(service: any ContactsService) {
        self.service = service
    }

    /// Refreshes asked so far, and the one whose list `entries` holds: the actor lets two refreshes
    /// wait for the server at once, and the older one may answer last.
    private var refreshesAsked = 0
    private var refreshShown = 0

    public func performRefresh() async throws(ContactsError) -> ContactRefresh {
        refreshesAsked += 1
        let refresh = refreshesAsked
        let list = try await service.obtainContacts()
        // An older answer never replaces a newer one (a reload asked before a save, answered after it).
        if refresh > refreshShown {
            var fetched = list.contacts.map(Entry.init)
            fetched.sort(by: Entry.precedes)
            entries = fetched
            matched = nil
            refreshShown = refresh
        }
        return ContactRefresh(skipped: list.skipped, storedAt: list.storedAt)
    }

    public func obtainIndex(matching query: String, locating id: Int?) -> ContactIndex {
        let positions = matches(query)
        var counts = [Int](repeating: 0, count: ContactNameFolding.sectionLetters.count)
        var position: Int?
        for (rank, index) in positions.enumerated() {
            counts[ContactNameFolding.sectionRank(ofOrderKey: entries[index].orderKey)] += 1
            if position == nil, entries[index].summary.id == id { position = rank }
        }
        let sections = zip(ContactNameFolding.sectionLetters, counts).filter { $0.1 > 0 }.map { ContactSection(letter: $0.0, count: $0.1) }
        return ContactIndex(sections: sections, total: entries.count, position: position)
    }

    public func obtainContacts(matching query: String, at positions: Range<Int>) -> [ContactSummary] {
        let found = matches(query)
        let range = positions.clamped(to: 0..<found.count)
        return range.map { entries[found[$0]].summary }
    }

    public func performNote(_ change: ContactDirectoryChange) {
        switch change {
        case .saved(let summary):
            entries.removeAll { $0.summary.id == summary.id }
            // A binary search for its place: a saved change costs O(log n) comparisons, not a sort.
            let entry = Entry(summary)
            var low = 0, high = entries.count
            while low < high {
                let middle = (low + high) / 2
                if Entry.precedes(entries[middle], entry) { low = middle + 1 } else { high = middle }
            }
            entries.insert(entry, at: low)
        case .deleted(let id):
            entries.removeAll { $0.summary.id == id }
        }
        matched = nil
    }

    /// The positions of `entries` whose names `query` matches; every one for a query without words.
    /// A byte search over keys made at fetch time: a keystroke is one pass over 10,000 short keys.
    private func matches(_ query: String) -> [Int] {
        let words = ContactNameFolding.queryWords(query).map { [UInt8(ascii: " ")] + Array($0.utf8) }
        if let matched, matched.words == words { return matched.positions }
        let positions = words.isEmpty ? Array(entries.indices) : entries.indices.filter { index in
            entries[index].searchKey.withUnsafeBufferPointer { key in words.allSatisfy { Self.contains(key, $0) } }
        }
        matched = (words, positions)
        return positions
    }

    static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        guard let first = needle.first else { return true }
        var start = 0
        let last = haystack.count - needle.count
        while start <= last {
            if haystack[start] == first {
                var matched = true
                for offset in 1..<needle.count where haystack[start + offset] != needle[offset] {
                    matched = false
                    break
                }
                if matched { return true }
            }
            start += 1
        }
        return false
    }
}
