/// Keeps data from ever controlling the terminal. PLACEHOLDER: to be completed (C0/C1, ESC, DEL, bidi).
public enum Sanitizer {
    public static func sanitize(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map { scalar in
            scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) ? "\u{FFFD}" : scalar
        }))
    }
}
