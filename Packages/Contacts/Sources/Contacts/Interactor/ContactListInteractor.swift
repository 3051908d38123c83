import Foundation
import ImageKit

/// A contact as the home list needs it: its section letter, its place in the A–Z order and the
/// folded name the search compares, computed once per load (not per key press).
struct ContactEntry: Sendable, Hashable, Identifiable {
    var summary: ContactSummary
    /// "A"…"Z", or "#" for names that do not start with a Latin letter (digits, other scripts).
    var section: String
    /// The initials for the avatar of a contact without a picture ("AB").
    var initials: String
    var pictureURL: URL?
    /// First and last name folded (case, accents, `ł`/`ø`/`ß` …), joined by U+0001 so that the
    /// first names decide the A–Z order first; the search looks for words in its UTF-8 (a word
    /// never holds the separator, so none matches across it).
    let foldedName: String

    var id: Int { summary.id }
}

/// The home screen's use cases: load the contacts into A–Z sections, search them, load pictures.
final class ContactListInteractor: Sendable {
    let service: any ContactsService
    let images: any ImageLoading

    init(service: any ContactsService, images: any ImageLoading) {
        self.service = service
        self.images = images
    }

    /// Every contact, in sections A–Z then `#`, each by first then last name (case and accents ignored),
    /// and the entries of the server's list that could not be read.
    func obtainContacts() async throws(ContactsError) -> (entries: [ContactEntry], skipped: [SkippedContact]) {
        // The summaries are gone once mapped, and the entries sorted in place: 10,000 contacts are
        // held once at a time, not thrice.
        let list = try await service.obtainContacts()
        return (obtainSorted(list.contacts.map(obtainEntry)), list.skipped)
    }

    /// `entries` in section order (sorted in place when the caller hands them over).
    func obtainSorted(_ entries: consuming [ContactEntry]) -> [ContactEntry] {
        var sorted = entries
        sorted.sort(by: Self.precedes)
        return sorted
    }

    /// `entries` (in section order) with `entry` in its place, replacing the entry of the same contact:
    /// a binary search, so a saved change costs O(log n) comparisons, not a sort of 10,000 contacts.
    func obtainPlaced(_ entry: ContactEntry, in entries: [ContactEntry]) -> [ContactEntry] {
        var placed = entries
        if let old = placed.firstIndex(where: { $0.id == entry.id }) { placed.remove(at: old) }
        var low = 0, high = placed.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(placed[middle], entry) { low = middle + 1 } else { high = middle }
        }
        placed.insert(entry, at: low)
        return placed
    }

    private static func precedes(_ lhs: ContactEntry, _ rhs: ContactEntry) -> Bool {
        if lhs.section != rhs.section { return sectionRank(lhs.section) < sectionRank(rhs.section) }
        if lhs.foldedName != rhs.foldedName { return lhs.foldedName < rhs.foldedName }
        return lhs.summary.id < rhs.summary.id
    }

    /// The entry for one contact (after a save or a favorite toggle).
    func obtainEntry(_ summary: ContactSummary) -> ContactEntry {
        let first = ContactNameFolding.fold(summary.firstName), last = ContactNameFolding.fold(summary.lastName)
        return ContactEntry(summary: summary, section: Self.section(ofFolded: first.isEmpty ? last : first), initials: summary.initials,
                            pictureURL: service.pictureURL(for: summary.profilePic), foldedName: first + "\u{1}" + last)
    }

    /// "A"…"Z" for a folded name that starts with a Latin letter, "#" for anything else.
    static func section(ofFolded name: String) -> String {
        guard let scalar = name.unicodeScalars.first else { return "#" }
        // ASCII (most names): the letter itself, without Unicode case mapping.
        if scalar.isASCII {
            let upper = UInt8(scalar.value) & ~0x20  // only a–z and A–Z land on A–Z
            return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(upper) ? sectionLetters[Int(upper - UInt8(ascii: "A"))] : "#"
        }
        let letter = String(scalar).uppercased()
        return letter.count == 1 && ("A"..."Z").contains(letter) ? letter : "#"
    }

    private static let sectionLetters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }

    /// The positions in `entries` whose first or last name contains `query` (case and accents
    /// ignored; several words must all match); all of them for an empty query. A byte search over
    /// keys folded at load time, so a keystroke costs one pass over 10,000 short keys.
    func obtainMatches(in entries: [ContactEntry], query: String) -> [Int] {
        let words = ContactNameFolding.fold(query).split(separator: " ").map { Array($0.utf8) }
        guard !words.isEmpty else { return Array(entries.indices) }
        return entries.indices.filter { index in
            var key = entries[index].foldedName
            return key.withUTF8 { key in words.allSatisfy { Self.contains(key, $0) } }
        }
    }

    func obtainImage(at url: URL) async throws -> RGBImage {
        try await images.image(for: url)
    }

    private static func contains(_ haystack: UnsafeBufferPointer<UInt8>, _ needle: [UInt8]) -> Bool {
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

    /// `#` after Z, as in the iOS Contacts app.
    private static func sectionRank(_ section: String) -> String { section == "#" ? "~" : section }

}
