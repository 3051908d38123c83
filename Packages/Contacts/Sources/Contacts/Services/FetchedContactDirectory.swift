import ContactsCore
import Foundation
import JSONKit
import TextSearch

/// The pages of a contacts server, which sends its whole list at once (`GET /contacts.json`): the
/// list is fetched by ``performRefresh()``, sorted once, and paged and searched in memory. A search's
/// matches are kept for the pages that follow, so scrolling a search does not search again.
public actor FetchedContactDirectory: ContactDirectory {
    /// A contact with its order key and the words a search compares, computed once per fetch.
    struct Entry: Sendable {
        var summary: ContactSummary
        let orderKey: String
        /// The name's words as a search reads them (``SearchQuery/key(ofFolded:)``).
        let searchKey: [UInt8]

        init(_ summary: ContactSummary) {
            self.summary = summary
            // Each name folded once, for the order and the search.
            let first = SearchQuery.fold(summary.firstName), last = SearchQuery.fold(summary.lastName)
            orderKey = ContactOrder.orderKey(foldedFirst: first, foldedLast: last)
            searchKey = SearchQuery.key(ofFolded: first + " " + last)
        }

        static func precedes(_ lhs: Entry, _ rhs: Entry) -> Bool {
            switch Self.compareBytes(lhs.orderKey, rhs.orderKey) {
            case ..<0: true
            case 1...: false
            default: lhs.summary.id < rhs.summary.id
            }
        }

        /// The UTF-8 order of two keys, by `memcmp` over their bytes (sorting 10,000 names compares
        /// about 130,000 pairs; a byte iterator per pair was a tenth of the first load).
        private static func compareBytes(_ lhs: String, _ rhs: String) -> Int {
            let ordered = lhs.utf8.withContiguousStorageIfAvailable { left in
                rhs.utf8.withContiguousStorageIfAvailable { right -> Int in
                    let common = min(left.count, right.count)
                    let order = common == 0 ? 0 : Int(memcmp(left.baseAddress!, right.baseAddress!, common))
                    return order != 0 ? order.signum() : (left.count - right.count).signum()
                }
            }
            if let ordered = ordered ?? nil { return ordered }
            return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : (lhs.utf8.elementsEqual(rhs.utf8) ? 0 : 1)
        }
    }

    private let service: any ContactsService
    private var entries: [Entry] = []
    /// The entries' keys packed for searching, made again at the first search after a change.
    private var texts: SearchTexts?
    /// The last search's matches: the next key that adds to its query looks only at these.
    private var matched: SearchMatches?

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
            // Folding 10,000 names is a tenth of the first load: on every core.
            let contacts = list.contacts
            var fetched = ConcurrentChunks.mapPositions(count: contacts.count) { Entry(contacts[$0]) }
            fetched.sort(by: Entry.precedes)
            entries = fetched
            texts = nil
            matched = nil
            refreshShown = refresh
        }
        return ContactRefresh(skipped: list.skipped, storedAt: list.storedAt)
    }

    public func obtainIndex(matching query: String, locating id: Int?) -> ContactIndex {
        let positions = matches(query)
        var counts = [Int](repeating: 0, count: ContactOrder.sectionLetters.count)
        var position: Int?
        for (rank, index) in positions.enumerated() {
            counts[ContactOrder.sectionRank(ofOrderKey: entries[index].orderKey)] += 1
            if position == nil, entries[index].summary.id == id { position = rank }
        }
        let sections = zip(ContactOrder.sectionLetters, counts).filter { $0.1 > 0 }.map { ContactSection(letter: $0.0, count: $0.1) }
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
            entries.insert(entry, at: entries.partitioningIndex { !Entry.precedes($0, entry) })
        case .deleted(let id):
            entries.removeAll { $0.summary.id == id }
        }
        texts = nil
        matched = nil
    }

    /// The positions of `entries` whose names `query` matches (``SearchQuery``); every one for a query
    /// without words. A keystroke that adds to the last query looks only at its matches.
    private func matches(_ query: String) -> [Int] {
        let query = SearchQuery(query)
        if query.isEmpty { return Array(entries.indices) }
        if let matched, matched.query == query { return matched.positions }
        let texts = texts ?? SearchTexts(keys: entries.lazy.map(\.searchKey))
        self.texts = texts
        let found = matched?.refined(to: query, in: texts) ?? SearchMatches(query, in: texts)
        matched = found
        return found.positions
    }
}
