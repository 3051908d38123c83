import Foundation

/// Folding for sorting and search: lower case without accents, and the Latin letters that do not
/// decompose (`ł`, `ø`, `đ`, `ß`, `æ`, `œ`, `ı`, `þ`) as their base letters, so "Łukasz" is under L
/// and "lukasz" finds him.
public enum ContactNameFolding {
    private static let letters: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d", "ħ": "h",
    ]

    /// The Latin letters names mostly carry beyond ASCII (U+00C0–U+024F: Latin-1, Extended-A and -B).
    private static let latin: ClosedRange<UInt32> = 0xC0...0x24F

    /// Each of those letters folded once, by the whole fold below: a name made of ASCII and these
    /// folds letter by letter (precomposed letters decompose, lose their marks and lower-case one
    /// at a time), so 10,000 names do not each go through Foundation.
    private static let latinFolds: [String] = latin.map { foldWithFoundation(String(Character(Unicode.Scalar($0)!))) }

    /// `text` folded for sorting and search ("Łukasz Ärger" → "lukasz arger").
    public static func fold(_ text: String) -> String {
        // ASCII (most names): lower case is the whole fold, byte by byte over the contiguous UTF-8.
        var contiguous = text
        let ascii = contiguous.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in bytes.indices { buffer[index] = (0x41...0x5A).contains(bytes[index]) ? bytes[index] | 0x20 : bytes[index] }
                return bytes.count
            }
        }
        if let ascii { return ascii }
        var folded = ""
        folded.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                folded.unicodeScalars.append((0x41...0x5A).contains(scalar.value) ? Unicode.Scalar(scalar.value | 0x20)! : scalar)
            } else if latin.contains(scalar.value) {
                folded += latinFolds[Int(scalar.value - latin.lowerBound)]
            } else {
                // Combining marks, other scripts, width forms: the whole text through Foundation.
                return foldWithFoundation(text)
            }
        }
        return folded
    }

    /// The fold itself: Foundation's case, diacritic and width folding, then ``letters``.
    static func foldWithFoundation(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        guard folded.contains(where: { letters[$0] != nil }) else { return folded }
        return String(folded.flatMap { letters[$0] ?? String($0) })
    }
}

extension ContactNameFolding {
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
        orderKey(foldedFirst: fold(firstName), foldedLast: fold(lastName))
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

    /// The words a search compares: the text folded and split at every character that is not a
    /// letter, a digit or a mark ("O'Brien-Smith" → "o", "brien", "smith"). A query matches a
    /// name when each of its words starts a word of the name, as in the iOS Contacts app — the
    /// rule an index can answer (the embedded store's FTS5 table splits at the same characters).
    public static func searchWords(_ text: String) -> [Substring] {
        searchWords(folded: fold(text))
    }

    /// The words of a search query that decide its matches: each word is matched on its own (it must
    /// start a word of the name), so a word typed twice, or one that starts another word of the query
    /// (`jo` beside `john`), adds nothing. In sorted order a word that starts others comes right before
    /// them, so this costs a sort, not a comparison of every pair: a pasted `ab ab ab …` is one word.
    public static func queryWords(_ query: String) -> [Substring] {
        let sorted = searchWords(query).sorted()
        return sorted.indices.compactMap { index in
            index + 1 < sorted.count && sorted[index + 1].hasPrefix(sorted[index]) ? nil : sorted[index]
        }
    }

    /// ``searchWords(_:)`` of text already folded.
    public static func searchWords(folded: String) -> [Substring] {
        // ASCII (most names): letters and digits are the words, without Unicode properties.
        if folded.utf8.allSatisfy({ $0 < 0x80 }) {
            return folded.split { character in
                guard let byte = character.asciiValue else { return true }
                return !((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                         || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte))
            }
        }
        return folded.split { character in
            !character.unicodeScalars.contains { scalar in
                switch scalar.properties.generalCategory {
                case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                     .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
                    true
                default: false
                }
            }
        }
    }
}
