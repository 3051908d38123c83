/// vCard's text values (RFC 6350 §3.4, RFC 2426 §4): backslash escapes, and structured values whose
/// components are separated by unescaped `;` (N) or `,` (CATEGORIES).
enum VCardText {
    /// A structured value's components (split at unescaped `separator`), each unescaped.
    static func components(_ value: String, separator: Character = ";") -> [String] {
        guard value.contains("\\") || value.contains(separator) else { return [value] }
        var parts: [String] = [], current = "", escaped = false
        for character in value {
            if escaped {
                current.append("\\")
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == separator {
                parts.append(unescape(current))
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        parts.append(unescape(current))
        return parts
    }

    /// `\n` (or `\N`) as a line break, `\x` as `x`; a lone backslash at the end stays.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = "", escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }

    /// A text value as RFC 6350 writes it: `\\`, `;` and `,` escaped, a line break as `\\n`, and every
    /// other control character (C0 but the tab, DEL, C1) left out. The text grammar has no place for
    /// them, and in a file that someone `cat`s they would be commands to the terminal (ESC, OSC 52).
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default:
                for scalar in character.unicodeScalars where scalar == "\t" || !isControl(scalar) {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
