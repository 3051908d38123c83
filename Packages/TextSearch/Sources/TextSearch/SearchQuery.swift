import Foundation

/// A `/` filter's query, folded once, and the one matching rule every filtered list uses: case,
/// diacritics and width are ignored (`Ångström` is found by `angst`), and every word of the query
/// must occur somewhere in the text (`blue shirt` finds “Shirt, light blue”).
///
/// A list folds its texts once per load into ``SearchTexts`` (never per key) and, per key, keeps the
/// positions whose folded text matches (``SearchMatches``). When the new query only adds to the
/// previous one (``narrows(_:)``: a letter typed at the end, another word), its matches are among the
/// previous ones, so only those are looked at again.
public struct SearchQuery: Hashable, Sendable {
    /// The query's words, folded, in the order typed.
    public let words: [String]
    /// The words' UTF-8, searched for byte by byte: folded text is compared exactly, and a valid
    /// UTF-8 word is found in valid UTF-8 only where a character starts (Foundation's `contains`
    /// costs microseconds a call on Linux, too slow for 100,000 texts a key).
    private let patterns: [[UInt8]]

    /// `query` folded and split at white space.
    public init(_ query: String) {
        words = Self.fold(query).split(whereSeparator: \.isWhitespace).map(String.init)
        patterns = words.map { Array($0.utf8) }
    }

    /// Nothing to match: every text is shown.
    public var isEmpty: Bool { words.isEmpty }

    /// Does `text`, folded with ``fold(_:)``, hold every word of the query?
    public func matches(folded text: String) -> Bool {
        var text = text
        return text.withUTF8 { matches(bytes: $0) }
    }

    /// Does this folded text's UTF-8 hold every word of the query?
    func matches(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        patterns.allSatisfy { Self.occurs($0, in: bytes) }
    }

    /// Whether `pattern` occurs in `bytes`: `memchr` finds each place its first byte is (vectorized by
    /// the C library), `memcmp` compares the rest there.
    private static func occurs(_ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.withUnsafeBufferPointer { pattern in
            guard let first = pattern.first, let patternBase = pattern.baseAddress else { return true }
            guard pattern.count <= bytes.count, let base = bytes.baseAddress else { return false }
            let rest = pattern.count - 1
            var start = base
            let end = base + (bytes.count - rest) // a match starts before here
            while start < end {
                guard let found = memchr(start, Int32(first), end - start) else { return false }
                let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                if rest == 0 || memcmp(at + 1, patternBase + 1, rest) == 0 { return true }
                start = at + 1
            }
            return false
        }
    }

    /// Is every text this query matches also matched by `previous`? True when each of `previous`'s
    /// words lies within a word of this one (`ba` → `bag`, `ba` → `ba c`), so this query's matches
    /// are found among `previous`'s.
    public func narrows(_ previous: SearchQuery) -> Bool {
        previous.words.allSatisfy { old in words.contains { $0.contains(old) } }
    }

    /// `text` without case, diacritics and width differences, the same in every locale
    /// (`Ärger` → `arger`, `ＡＢＣ` → `abc`). ASCII only needs lower-casing, done without Foundation.
    public static func fold(_ text: String) -> String {
        var text = text
        let ascii = text.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { buffer in
                for index in bytes.indices { buffer[index] = (0x41...0x5A).contains(bytes[index]) ? bytes[index] | 0x20 : bytes[index] }
                return bytes.count
            }
        }
        return ascii ?? text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
    }
}

/// The texts a list is filtered by, folded once per load (``SearchQuery/fold(_:)``) and packed into
/// one buffer: a key typed reads them front to back, never 100,000 strings scattered over the heap.
public struct SearchTexts: Sendable {
    private let bytes: [UInt8]
    /// Where each text ends in `bytes` (it starts where the one before it ends).
    private let ends: [Int]

    /// `texts`, each folded with ``SearchQuery/fold(_:)``, in order.
    public init<Texts: Sequence>(folding texts: Texts) where Texts.Element == String {
        self.init(folded: texts.lazy.map(SearchQuery.fold))
    }

    /// Texts already folded with ``SearchQuery/fold(_:)``, in order.
    public init<Texts: Sequence>(folded texts: Texts) where Texts.Element == String {
        var bytes: [UInt8] = []
        var ends: [Int] = []
        ends.reserveCapacity(texts.underestimatedCount)
        for text in texts {
            bytes.append(contentsOf: text.utf8)
            ends.append(bytes.count)
        }
        self.bytes = bytes
        self.ends = ends
    }

    /// How many texts there are (one per row of the list).
    public var count: Int { ends.count }

    /// The folded text at `position`.
    public subscript(position: Int) -> String {
        String(decoding: bytes[start(of: position)..<ends[position]], as: UTF8.self)
    }

    private func start(of position: Int) -> Int { position == 0 ? 0 : ends[position - 1] }

    /// The positions whose text holds every word of `query`, in order: among `candidates`
    /// (ascending positions) when given, else among all. Every candidate for an empty query.
    public func positions(matching query: SearchQuery, among candidates: [Int]? = nil) -> [Int] {
        guard !query.isEmpty else { return candidates ?? Array(0..<count) }
        return bytes.withUnsafeBufferPointer { buffer in
            func matches(_ position: Int) -> Bool {
                let start = start(of: position)
                return query.matches(bytes: UnsafeBufferPointer(rebasing: buffer[start..<ends[position]]))
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
