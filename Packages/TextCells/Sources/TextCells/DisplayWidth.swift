/// How many terminal columns a grapheme cluster or a string occupies.
///
/// Follows Unicode East Asian Width (Wide and Fullwidth are 2 columns) and emoji presentation:
/// - a cluster's width is the width of its first scalar; combining marks (Mn, Me), format
///   characters (Cf, including ZWJ) and variation selectors inside it add nothing;
/// - emoji with default emoji presentation, and emoji-capable scalars followed by VS16 (U+FE0F), are 2;
/// - a pair of regional indicators (a flag) is 2, a lone regional indicator is 1;
/// - a cluster made only of zero-width scalars (a lone combining mark, ZWSP, ZWJ) and control characters are 0.
///
/// Swift has no East-Asian-Width property and Glibc does not export `wcwidth`, so the wide ranges
/// live in an own sorted table searched by binary search.
public enum DisplayWidth {
    /// The number of columns `character` occupies: 0, 1 or 2.
    public static func of(_ character: Character) -> Int {
        if let ascii = character.asciiValue {
            // "\r\n" is one ASCII Character too; like every control it has no width.
            return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Box drawing and block elements (every half-block picture cell), alone: one column,
        // without the Unicode property look-ups below (they dominate a frame full of borders and pictures).
        if (0x2500...0x259F).contains(first.value), scalars.count == 1 { return 1 }
        if isRegionalIndicator(first) {
            return scalars.dropFirst().contains(where: isRegionalIndicator) ? 2 : 1
        }
        let base = width(of: first)
        if base == 1, first.properties.isEmoji, scalars.contains(variationSelector16) { return 2 }
        return base
    }

    /// `true` for a cluster whose width terminals disagree on: several scalars (VS16, ZWJ sequences,
    /// flags, skin tones, combining marks) or an emoji. CJK ideographs and plain letters are certain.
    public static func isUncertain(_ character: Character) -> Bool {
        if character.asciiValue != nil { return false }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return false }
        if scalars.count > 1 { return true }
        // Below U+2000 nothing is an emoji; box drawing and blocks are single columns everywhere.
        if first.value < 0x2000 || (0x2500...0x259F).contains(first.value) { return false }
        return first.properties.isEmoji || isRegionalIndicator(first)
    }

    /// The number of columns `string` occupies: the sum of its grapheme clusters' widths.
    public static func of(_ string: String) -> Int {
        var total = 0
        for character in string { total += of(character) }
        return total
    }

    /// The width of one scalar on its own: 0 for controls and zero-width scalars, 2 for wide ones, else 1.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        if value < 0x300 { return 1 } // Latin-1 and Latin Extended: nothing wide or zero-width (U+00AD shows as a hyphen)
        if isZeroWidth(scalar) { return 0 }
        if isWide(value) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// Whether `value` lies in an East Asian Wide or Fullwidth range (binary search over the table).
    static func isWide(_ value: UInt32) -> Bool {
        let table = eastAsianWideRanges
        guard let firstRange = table.first, value >= firstRange.lowerBound else { return false }
        var low = 0, high = table.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let range = table[middle]
            if value < range.lowerBound {
                high = middle - 1
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }

    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true // Hangul medial vowels and final consonants (conjoining jamo)
        case 0x200B: return true // zero width space
        case 0x0600...0x0605, 0x06DD, 0x070F, 0x0890...0x0891, 0x08E2, 0x110BD, 0x110CD:
            return false // prepended concatenation marks are Cf but visible
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }
}
