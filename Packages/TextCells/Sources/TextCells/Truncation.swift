/// Shortening a single line to a width, marking the cut with "…".
public enum Truncation {
    /// The first `characters` characters of `text`, and "…" when there were more: for quoting what was
    /// typed in a message, at a cost that does not grow with the text.
    public static func leading(_ text: String, characters: Int) -> String {
        text.prefix(characters + 1).count > characters ? String(text.prefix(characters)) + "…" : text
    }

    /// `text` (sanitized, as one line) if it fits in `width` columns; otherwise as many whole
    /// characters as fit in `width - 1` columns followed by "…". Never splits a wide character.
    /// Returns "" for a width below 1.
    public static func truncate(_ text: String, width: Int) -> String {
        guard width >= 1 else { return "" }
        let line = Sanitizer.sanitize(text)
        var used = 0
        var cut = line.startIndex // end of the longest prefix that leaves room for "…"
        for index in line.indices {
            used += DisplayWidth.of(line[index])
            if used > width { return String(line[..<cut]) + "…" }
            if used <= width - 1 { cut = line.index(after: index) }
        }
        return line
    }
}
