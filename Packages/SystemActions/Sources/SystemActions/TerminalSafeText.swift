/// The few text checks SystemActions needs. Kept here rather than taken from TerminalUI's `Sanitizer`
/// so that this package, which sits below every UI, depends on nothing but the toolchain.
enum TerminalSafeText {
    /// True for the scalars a link must never contain and a terminal must never receive raw:
    /// C0 controls, DEL, C1 controls, the line and paragraph separators and the bidi controls
    /// (embeddings, overrides, isolates and the marks U+200E, U+200F, U+061C).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x2028, 0x2029: return true
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: return true
        default: return false
        }
    }

    /// True when `text` contains any scalar for which ``isControl(_:)`` holds.
    static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// `text` for a message: every control replaced by U+FFFD and at most `limit` characters, with “…”
    /// where it was cut.
    static func shown(_ text: String, limit: Int) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isControl(scalar) ? "\u{FFFD}" : scalar)
        }
        let safe = String(scalars)
        guard safe.count > limit else { return safe }
        return String(safe.prefix(limit)) + "…"
    }

    /// True for the space-like characters trimmed from the ends of a link: U+0020 and the other
    /// Unicode space separators (no-break space …). Controls such as tab and newline are not spaces
    /// here; a link with them is rejected, never trimmed into shape.
    static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .spaceSeparator
    }

    /// `text` without leading and trailing ``isSpace(_:)`` scalars.
    static func trimmingSpaces(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }),
              let last = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
