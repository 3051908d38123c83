import TextCells

// Links: anchors, their hrefs and texts.
extension HTMLBlockBuilder {
    func makeLinks() -> [HTMLLink] {
        guard !linkHrefs.isEmpty else { return [] }
        var texts = Array(repeating: "", count: linkHrefs.count)
        // Where each link's text was last seen: text on another line or in another block joins with a space.
        var lastBlock = Array(repeating: -1, count: linkHrefs.count)
        var lastLine = Array(repeating: -1, count: linkHrefs.count)
        for blockIndex in blocks.indices {
            let lines = blocks[blockIndex].lines
            for lineIndex in lines.indices {
                for run in lines[lineIndex] {
                    guard let linkIndex = run.linkIndex else { continue }
                    if lastBlock[linkIndex] != blockIndex || lastLine[linkIndex] != lineIndex, !texts[linkIndex].isEmpty {
                        texts[linkIndex].append(" ")
                    }
                    texts[linkIndex].append(run.text)
                    lastBlock[linkIndex] = blockIndex
                    lastLine[linkIndex] = lineIndex
                }
            }
        }
        return linkHrefs.indices.map { index in
            HTMLLink(href: linkHrefs[index], text: Self.collapsingWhitespace(texts[index].replacingNonBreakingSpaces()))
        }
    }

    /// What URL parsing does with an attribute value (tabs and line breaks removed, C0 controls and spaces
    /// trimmed), then sanitized: an `href` reaches an opener and a status line, so it holds no controls either.
    static func cleanedHref(_ href: String) -> String {
        var scalars = Array(href.unicodeScalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" })
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        let start = scalars.firstIndex { $0.value > 0x20 } ?? scalars.endIndex
        return Sanitizer.sanitize(String(String.UnicodeScalarView(scalars[start...])))
    }

    /// Whitespace runs as one space, trimmed, soft hyphens and direction marks dropped.
    static func collapsingWhitespace(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if isWhitespace(scalar) {
                pendingSpace = !result.isEmpty
            } else if !isDropped(scalar) {
                if pendingSpace { result.append(" ") }
                pendingSpace = false
                result.append(scalar)
            }
        }
        return String(result)
    }
}
