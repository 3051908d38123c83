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
