import TextCells

/// Word wrapping by display width.
public enum TextWrap {
    /// Wraps `text` into lines of at most `width` columns.
    ///
    /// - Line breaks in the text (`\n`, `\r\n`, `\r`, U+2028, U+2029) are kept; an empty line stays empty.
    /// - Lines break between words (at spaces and tabs); the spaces at a break are dropped,
    ///   spaces inside a line are kept, trailing spaces are dropped.
    /// - A word longer than a line is broken by width, never inside a wide character;
    ///   text without spaces (e.g. Chinese or Japanese) therefore fills each line.
    /// - Each returned line is sanitized (see ``Sanitizer``); the work is linear in the text's length.
    /// - Returns: the lines; empty when `width` < 1. Only when `width` is 1 can a line be wider
    ///   than `width` (a lone wide character); drawing clips it.
    public static func wrap(_ text: String, width: Int) -> [String] {
        guard width >= 1 else { return [] }
        var lines: [String] = []
        for paragraph in paragraphs(of: text) {
            wrapParagraph(Sanitizer.sanitize(paragraph), width: width, into: &lines)
        }
        return lines
    }

    /// Splits at every line break; CR LF counts once.
    static func paragraphs(of text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\n" where previousWasCarriageReturn:
                continue
            case "\n", "\r", "\u{2028}", "\u{2029}":
                result.append(String(current))
                current = String.UnicodeScalarView()
            default:
                current.append(scalar)
            }
        }
        result.append(String(current))
        return result
    }

    private static func wrapParagraph(_ paragraph: String, width: Int, into lines: inout [String]) {
        var line = ""
        var lineWidth = 0
        var pendingSpaces = "" // spaces between the line so far and the next word
        var word = ""
        var wordWidth = 0

        func flushLine() {
            lines.append(line)
            line = ""
            lineWidth = 0
        }

        func placeWord() {
            guard !word.isEmpty else { return }
            let spacesWidth = pendingSpaces.count
            if lineWidth + spacesWidth + wordWidth <= width {
                line += pendingSpaces
                line += word
                lineWidth += spacesWidth + wordWidth
            } else {
                // Leading spaces (indentation) that fit on an otherwise empty line are kept.
                if !line.isEmpty { flushLine() } else if spacesWidth < width {
                    line = pendingSpaces
                    lineWidth = spacesWidth
                }
                if lineWidth + wordWidth <= width {
                    line += word
                    lineWidth += wordWidth
                } else {
                    hardBreak()
                }
            }
            pendingSpaces = ""
            word = ""
            wordWidth = 0
        }

        func hardBreak() {
            for character in word {
                let characterWidth = DisplayWidth.of(character)
                if lineWidth + characterWidth > width, lineWidth > 0 { flushLine() }
                line.append(character)
                lineWidth += characterWidth
            }
        }

        for character in paragraph {
            if character == " " {
                placeWord()
                pendingSpaces.append(" ")
            } else {
                word.append(character)
                wordWidth += DisplayWidth.of(character)
            }
        }
        placeWord()
        lines.append(line)
    }
}
