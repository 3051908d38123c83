/// Keeps data from ever controlling the terminal: every string that comes from data passes
/// ``sanitize(_:)`` before it reaches a cell (TerminalUI's `Frame.put` does it for you).
///
/// ``sanitize(_:)`` is for single-line cell content and maps one scalar to one scalar:
/// - C0 controls U+0000–U+001F, DEL and the C1 controls U+0080–U+009F become U+FFFD (�), except
///   TAB, which becomes one space (a cell has no tab stops; expand tabs before if alignment matters);
/// - bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) and the marks
///   U+200E, U+200F, U+061C become U+FFFD, so data cannot reorder the rest of the screen;
/// - the line and paragraph separators U+2028/U+2029 become U+FFFD.
///
/// One stand-in, not the Control Pictures (␛ ␊): those are in none of the common terminal fonts.
/// Multi-line text is split into lines first (``TextWrap`` does that) and each line is sanitized,
/// so line breaks never show up as � in wrapped text.
public enum Sanitizer {
    /// `text` with every control, bidi control and line separator replaced by a visible stand-in.
    public static func sanitize(_ text: String) -> String {
        guard mayNeedReplacement(text) else { return text }
        var scalars = String.UnicodeScalarView()
        var changed = false
        for scalar in text.unicodeScalars {
            let replacement = self.replacement(for: scalar)
            if replacement != scalar { changed = true }
            scalars.append(replacement)
        }
        return changed ? String(scalars) : text
    }

    /// Text typed or pasted into a single-line field: tabs and line breaks become one space each
    /// (CR LF counts as one break), every other control or bidi control is dropped.
    public static func sanitizeInput(_ text: String) -> String {
        guard mayNeedReplacement(text) else { return text }
        var scalars = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\t", "\r", "\u{2028}", "\u{2029}": scalars.append(" ")
            case "\n": if !previousWasCarriageReturn { scalars.append(" ") }
            default: if replacement(for: scalar) == scalar { scalars.append(scalar) }
            }
        }
        return String(scalars)
    }

    /// The visible stand-in for one scalar (the scalar itself when it is harmless).
    static func replacement(for scalar: Unicode.Scalar) -> Unicode.Scalar {
        let value = scalar.value
        switch value {
        case 0x09: return " "
        // One stand-in for every control: the Unicode replacement character, which terminal fonts
        // draw (the control pictures ␛ ␊ … are in neither DejaVu Sans Mono nor Noto Sans Mono).
        case 0x00...0x1F, 0x7F, 0x80...0x9F: return replacementCharacter
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return replacementCharacter
        case 0x2028, 0x2029: return replacementCharacter
        default: return scalar
        }
    }

    private static let replacementCharacter: Unicode.Scalar = "\u{FFFD}"

    /// A cheap, conservative pre-check over UTF-8 bytes: false only when no scalar can need replacing.
    /// C1 controls start with 0xC2, U+061C with 0xD8, the bidi controls and separators with 0xE2.
    static func mayNeedReplacement(_ text: String) -> Bool {
        text.utf8.contains { byte in byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xD8 || byte == 0xE2 }
    }
}
