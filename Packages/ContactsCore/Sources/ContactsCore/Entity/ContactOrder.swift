import TextSearch

/// The order of the contacts list: sections "A"…"Z" and "#", and within them the names folded by the
/// one folding of every search (``SearchQuery/fold(_:)``), so "Łukasz" is under L, beside "Lukas", and
/// sorting and search agree.
public enum ContactOrder {
    /// The sections of the list in order: "A"…"Z", then "#" for names that do not start with a Latin letter.
    public static let sectionLetters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + ["#"]

    /// The section of a folded name as its place in ``sectionLetters`` (0 for "A" … 26 for "#").
    public static func sectionRank(ofFolded name: String) -> Int {
        guard let scalar = name.unicodeScalars.first else { return 26 }
        // ASCII (most names): the letter itself, without Unicode case mapping.
        if scalar.isASCII {
            let upper = UInt8(scalar.value) & ~0x20  // only a–z and A–Z land on A–Z
            return (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(upper) ? Int(upper - UInt8(ascii: "A")) : 26
        }
        let letter = String(scalar).uppercased()
        guard letter.count == 1, let first = letter.unicodeScalars.first, ("A"..."Z").contains(first) else { return 26 }
        return Int(first.value) - Int(UInt8(ascii: "A"))
    }

    /// The key whose UTF-8 (binary) order is the list's order, before the id: the section as one byte
    /// ("A"…"Z", "[" for "#", which sorts after "Z"), then the folded first and last names joined by
    /// U+0001, so that first names decide first. The embedded store keeps it in a column; the list of
    /// a remote server is sorted by it in memory.
    public static func orderKey(firstName: String, lastName: String) -> String {
        orderKey(foldedFirst: SearchQuery.fold(firstName), foldedLast: SearchQuery.fold(lastName))
    }

    /// ``orderKey(firstName:lastName:)`` of names already folded.
    public static func orderKey(foldedFirst first: String, foldedLast last: String) -> String {
        let rank = sectionRank(ofFolded: first.isEmpty ? last : first)
        return String(UnicodeScalar(UInt8(ascii: "A") + UInt8(rank))) + first + "\u{1}" + last
    }

    /// The section rank an ``orderKey(firstName:lastName:)`` starts with.
    public static func sectionRank(ofOrderKey key: String) -> Int {
        key.utf8.first.map { Int($0) - Int(UInt8(ascii: "A")) } ?? 26
    }
}
