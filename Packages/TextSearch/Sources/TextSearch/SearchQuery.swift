import Foundation

/// A `/` filter's query, folded once, and the one matching rule every filtered list uses (and the
/// embedded contacts store's full-text index answers):
/// - **one folding** (``fold(_:)``): case, diacritics and width are ignored, and the Latin letters that
///   do not decompose count as their base letters (`Ångström` is found by `angst`, `Łukasz` by `luk`);
/// - **word prefixes**: the text is split into words at every character that is not a letter, a digit
///   or a mark (``words(ofFolded:)``), and every word of the query must start a word of the text, in
///   any order (`blue sh` finds “Shirt, light blue”; `irt` does not). This is the rule of the iOS
///   Contacts app and of Spotlight, and the one an index can answer for a million names.
///
/// A list folds its texts once per load into ``SearchTexts`` (never per key) and, per key, keeps the
/// positions whose words match (``SearchMatches``). When the new query only adds to the previous one
/// (``narrows(_:)``: a letter typed at the end, another word), its matches are among the previous
/// ones, so only those are looked at again.
public struct SearchQuery: Hashable, Sendable {
    /// The words that decide the matches, folded and sorted. A word typed twice, or one that starts
    /// another word of the query (`jo` beside `john`), adds nothing and is left out.
    public let words: [String]
    /// The words' UTF-8, searched for byte by byte in the texts' keys (Foundation's string search
    /// costs microseconds a call on Linux, too slow for 100,000 texts a key).
    private let patterns: [[UInt8]]

    /// `query` folded and split into words as texts are.
    public init(_ query: String) {
        let sorted = Self.words(ofFolded: Self.fold(query)).map(String.init).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        // In sorted order a word that starts others comes right before them: a pasted `ab ab ab …`
        // costs a sort, not a comparison of every pair.
        words = sorted.indices.compactMap { index in
            index + 1 < sorted.count && sorted[index + 1].utf8.starts(with: sorted[index].utf8) ? nil : sorted[index]
        }
        patterns = words.map { Array($0.utf8) }
    }

    /// Nothing to match: every text is shown.
    public var isEmpty: Bool { words.isEmpty }

    /// Does `text`, folded with ``fold(_:)``, have a word starting with each word of the query?
    public func matches(folded text: String) -> Bool {
        Self.key(ofFolded: text).withUnsafeBufferPointer { matches(key: $0) }
    }

    /// Does this key (``key(ofFolded:)``) have a word starting with each word of the query?
    func matches(key: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns.allSatisfy { Self.startsAWord($0, in: key) }
    }

    /// Whether `pattern` starts a word of `key` (each of whose words follows a space): `memchr` finds
    /// each place the pattern's first byte is (vectorized by the C library), and a place after a space
    /// is compared with `memcmp`.
    private static func startsAWord(_ pattern: [UInt8], in key: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.withUnsafeBufferPointer { pattern in
            guard let first = pattern.first, let patternBase = pattern.baseAddress else { return true }
            guard pattern.count < key.count, let base = key.baseAddress else { return false }
            let rest = pattern.count - 1
            var start = base + 1 // the key starts with a space
            let end = base + (key.count - rest) // a match starts before here
            while start < end {
                guard let found = memchr(start, Int32(first), end - start) else { return false }
                let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if (at - 1).pointee == wordSeparator, rest == 0 || memcmp(at + 1, patternBase + 1, rest) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }

    /// Is every text this query matches also matched by `previous`? True when each of `previous`'s
    /// words starts a word of this one (`ba` → `bag`, `ba` → `ba c`), so this query's matches are
    /// found among `previous`'s.
    public func narrows(_ previous: SearchQuery) -> Bool {
        previous.words.allSatisfy { old in words.contains { $0.utf8.starts(with: old.utf8) } }
    }
}

// MARK: - Folding

extension SearchQuery {
    /// The Latin letters that do not decompose, as the letters they are read as.
    private static let letters: [Character: String] = [
        "ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d", "ħ": "h",
    ]

    /// The Latin letters texts mostly carry beyond ASCII (U+00C0–U+024F: Latin-1, Extended-A and -B).
    private static let latin: ClosedRange<UInt32> = 0xC0...0x24F

    /// Each of those letters folded once, by the whole fold: a text made of ASCII and these folds
    /// letter by letter (precomposed letters decompose, lose their marks and lower-case one at a
    /// time), so 100,000 names do not each go through Foundation.
    private static let latinFolds: [String] = latin.map { foldWithFoundation(String(Character(Unicode.Scalar($0)!))) }

    /// `text` without case, diacritics and width differences, the same in every locale, and with
    /// `ł ø đ ß æ œ ı þ ð ħ` as `l o d ss ae oe i th d h` (`Łukasz Ärger` → `lukasz arger`, `ＡＢＣ` →
    /// `abc`). The one folding of every list's filter and of the contacts' order.
    public static func fold(_ text: String) -> String {
        // ASCII (most texts): lower case is the whole fold, byte by byte over the contiguous UTF-8.
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

// MARK: - Words

extension SearchQuery {
    /// What comes before every word of a key.
    static let wordSeparator = UInt8(ascii: " ")

    /// The words of folded text: the runs of letters, digits and marks, split at every other character,
    /// one Unicode scalar at a time ("o'brien-smith" → "o", "brien", "smith"). The embedded contacts
    /// store's index splits the same way (SQLite's `unicode61` tokenizer with categories `L* N* Co M*`).
    public static func words(ofFolded text: String) -> [Substring] {
        var words: [Substring] = []
        var wordStart: String.UnicodeScalarView.Index?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let inWord = isWordScalar(scalars[index])
            if inWord, wordStart == nil { wordStart = index }
            if !inWord, let start = wordStart {
                words.append(Substring(scalars[start..<index]))
                wordStart = nil
            }
            index = scalars.index(after: index)
        }
        if let start = wordStart { words.append(Substring(scalars[start..<scalars.endIndex])) }
        return words
    }

    /// The key a text is searched by: its ``words(ofFolded:)``, each after a space (" anna zed"), as
    /// bytes. ASCII text (most texts) is split byte by byte, without a `Substring` per word.
    public static func key(ofFolded text: String) -> [UInt8] {
        var key: [UInt8] = []
        let ascii = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
            key.reserveCapacity(bytes.count + 1)
            var inWord = false
            for byte in bytes {
                let isWordByte = isASCIIWordByte(byte)
                if isWordByte {
                    if !inWord { key.append(wordSeparator) }
                    key.append(byte)
                }
                inWord = isWordByte
            }
            return true
        }
        if ascii == true { return key }
        key.removeAll()
        for word in words(ofFolded: text) {
            key.append(wordSeparator)
            key.append(contentsOf: word.utf8)
        }
        return key
    }

    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// A letter, a digit (any number), a mark or a private-use character.
    private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isASCIIWordByte(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber, .nonspacingMark, .spacingMark, .enclosingMark, .privateUse:
            return true
        default:
            return false
        }
    }
}

/// The texts a list is filtered by, folded and split into words once per load (``SearchQuery/fold(_:)``,
/// ``SearchQuery/key(ofFolded:)``) and packed into one buffer: a key typed reads them front to back,
/// never 100,000 strings scattered over the heap.
public struct SearchTexts: Sendable {
    private let bytes: [UInt8]
    /// Where each text's key ends in `bytes` (it starts where the one before it ends).
    private let ends: [Int]

    /// `texts`, each folded with ``SearchQuery/fold(_:)``, in order.
    public init<Texts: Sequence>(folding texts: Texts) where Texts.Element == String {
        self.init(folded: texts.lazy.map(SearchQuery.fold))
    }

    /// Texts already folded with ``SearchQuery/fold(_:)``, in order.
    public init<Texts: Sequence>(folded texts: Texts) where Texts.Element == String {
        self.init(keys: texts.lazy.map(SearchQuery.key(ofFolded:)))
    }

    /// Texts as their keys (``SearchQuery/key(ofFolded:)``), in order: for a list that keeps each
    /// item's key and packs them again after a change.
    public init<Keys: Sequence>(keys: Keys) where Keys.Element == [UInt8] {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(keys.underestimatedCount)
        for key in keys {
            bytes.append(contentsOf: key)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// How many texts there are (one per row of the list).
    public var count: Int { ends.count }

    /// The words of the text at `position`, each after a space (" anna zed").
    public subscript(position: Int) -> String {
        String(decoding: bytes[start(of: position)..<ends[position]], as: UTF8.self)
    }

    private func start(of position: Int) -> Int { position == 0 ? 0 : ends[position - 1] }

    /// The positions whose text has a word starting with each word of `query`, in order: among
    /// `candidates` (ascending positions) when given, else among all. Every candidate for an empty query.
    public func positions(matching query: SearchQuery, among candidates: [Int]? = nil) -> [Int] {
        guard !query.isEmpty else { return candidates ?? Array(0..<count) }
        return bytes.withUnsafeBufferPointer { buffer in
            func matches(_ position: Int) -> Bool {
                let start = start(of: position)
                return query.matches(key: UnsafeBufferPointer(rebasing: buffer[start..<ends[position]]))
            }
            if let candidates { return candidates.filter(matches) }
            return (0..<count).filter(matches)
        }
    }
}

/// A filter's query and the positions it matched, kept between keys so that the next key, when it
/// only adds to the query, looks at these matches instead of the whole list.
public struct SearchMatches: Hashable, Sendable {
    /// The query these are the matches of.
    public let query: SearchQuery
    /// The matching positions, ascending.
    public let positions: [Int]
    /// How many texts there were: matches of other texts (a list loaded since) are never refined.
    private let textCount: Int

    /// The positions of `texts` that `query` matches, among `base` (ascending positions) when
    /// given: the list before filtering, such as a tab's products.
    public init(_ query: SearchQuery, in texts: SearchTexts, among base: [Int]? = nil) {
        self.query = query
        positions = texts.positions(matching: query, among: base)
        textCount = texts.count
    }

    /// The matches of `query` in the same texts and base: found among these when `query` narrows
    /// this query (a letter typed at the end), else among `base` again. Texts of another length
    /// than these matches were found in are searched afresh (their positions would not be theirs).
    public func refined(to query: SearchQuery, in texts: SearchTexts, among base: [Int]? = nil) -> SearchMatches {
        guard texts.count == textCount else { return SearchMatches(query, in: texts, among: base) }
        return SearchMatches(query, in: texts, among: query.narrows(self.query) ? positions : base)
    }
}
