/// How many terminal columns a grapheme cluster or a string occupies, in the model of the terminal
/// in front of us (``WidthModel/current``: the host's choice while it runs, else ``WidthModel/clusters``).
public enum DisplayWidth {
    /// The number of columns `character` occupies: 0, 1 or 2 (more in the *scalars* and *libc*
    /// models, for a sequence such as 👩‍💻 that they draw as its parts).
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F ? 1 : 0 }
        // Box drawing and block elements (every border and half-block picture cell) are one column in
        // every model: a frame full of them needs no look-up.
        let scalars = character.unicodeScalars
        if scalars.count == 1, let only = scalars.first, (0x2500...0x259F).contains(only.value) { return 1 }
        return WidthModel.current.width(of: character)
    }

    /// The number of columns `string` occupies: the sum of its grapheme clusters' widths.
    public static func of(_ string: String) -> Int {
        // ASCII needs no model (every model gives it the same widths), and most text is ASCII.
        if string.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return string.utf8.count }
        return WidthModel.current.width(of: string)
    }

    /// `true` for a cluster whose width terminals disagree on: several scalars (VS16, ZWJ sequences,
    /// flags, skin tones, combining marks) or an emoji. CJK ideographs and plain letters are certain.
    /// The diff renderer repaints the rest of a row after one, whatever model it measured with.
    public static func isUncertain(_ character: Character) -> Bool {
        if character.asciiValue != nil { return false }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.count > 1 { return true }
        // Below U+2000 nothing is an emoji; box drawing and blocks are single columns everywhere.
        if first.value < 0x2000 || (0x2500...0x259F).contains(first.value) { return false }
        return first.properties.isEmoji || WidthModel.isRegionalIndicator(first)
    }
}
