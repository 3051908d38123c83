/// Display width of graphemes. PLACEHOLDER: to be completed with East Asian Width tables.
public enum DisplayWidth {
    public static func of(_ character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if first.properties.isEmojiPresentation { return 2 }
        switch first.value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0xFFE0...0xFFE6: return 2
        default: return 1
        }
    }
    public static func of(_ text: String) -> Int { text.reduce(0) { $0 + of($1) } }
}
