import Foundation

/// A `/` filter's query, folded once, and the one matching rule every filtered list uses: case,
/// diacritics and width are ignored (`Ångström` is found by `angst`), and every word of the query
/// must occur somewhere in the text (`blue shirt` finds “Shirt, light blue”).
///
/// A list folds its texts once per load with ``fold(_:)`` (never per key) and, per key, keeps the
/// positions whose folded text ``matches(folded:)``. When the new query only adds to the previous one
/// (``narrows(_:)``: a letter typed at the end, another word), its matches are among the previous
/// ones, so ``matches(in:among:)`` scans those rather than the whole list.
public struct SearchQuery: Hashable, Sendable {
    /// The query's words, folded, in the order typed.
    public let words: [String]

    /// `query` folded and split at white space.
    public init(_ query: String) {
        words = Self.fold(query).split(whereSeparator: \.isWhitespace).map(String.init)
    }

    /// Nothing to match: every text is shown.
    public var isEmpty: Bool { words.isEmpty }

    /// Does `text`, folded with ``fold(_:)``, hold every word of the query?
    public func matches(folded text: String) -> Bool {
        words.allSatisfy { text.contains($0) }
    }

    /// Is every text this query matches also matched by `previous`? True when each of `previous`'s
    /// words lies within a word of this one (`ba` → `bag`, `ba` → `ba c`), so this query's matches
    /// are found among `previous`'s.
    public func narrows(_ previous: SearchQuery) -> Bool {
        previous.words.allSatisfy { old in words.contains { $0.contains(old) } }
    }

    /// The positions of `foldedTexts` that match, in order: among `candidates` (positions into
    /// `foldedTexts`, ascending) when given, else among all. Every position for an empty query.
    public func matches<Texts: RandomAccessCollection>(in foldedTexts: Texts, among candidates: [Int]? = nil) -> [Int]
    where Texts.Element == String, Texts.Index == Int {
        guard !isEmpty else { return candidates ?? Array(foldedTexts.indices) }
        if let candidates { return candidates.filter { matches(folded: foldedTexts[$0]) } }
        return foldedTexts.indices.filter { matches(folded: foldedTexts[$0]) }
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

/// A filter's query and the positions it matched, kept between keys so that the next key, when it
/// only adds to the query, scans these matches instead of the whole list.
public struct SearchMatches: Hashable, Sendable {
    /// The query these are the matches of.
    public let query: SearchQuery
    /// The matching positions, ascending.
    public let positions: [Int]

    /// The positions of `foldedTexts` that `query` matches, among `base` (ascending positions) when
    /// given: the list before filtering, such as a tab's products.
    public init<Texts: RandomAccessCollection>(_ query: SearchQuery, in foldedTexts: Texts, among base: [Int]? = nil)
    where Texts.Element == String, Texts.Index == Int {
        self.query = query
        positions = query.matches(in: foldedTexts, among: base)
    }

    /// The matches of `query` in the same texts and base: found among these when `query` narrows
    /// this query (a letter typed at the end), else among `base` again.
    public func refined<Texts: RandomAccessCollection>(to query: SearchQuery, in foldedTexts: Texts, among base: [Int]? = nil) -> SearchMatches
    where Texts.Element == String, Texts.Index == Int {
        if query == self.query { return self }
        return SearchMatches(query, in: foldedTexts, among: query.narrows(self.query) ? positions : base)
    }
}
