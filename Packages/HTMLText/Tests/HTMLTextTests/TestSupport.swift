import HTMLText

/// The laid-out plain lines of `html` at `width`.
func renderedLines(_ html: String, width: Int = 80) -> [String] {
    HTMLDocument.parse(html).layout(width: width).lines.map(\.text)
}

extension HTMLBlock {
    /// The block's lines as plain text.
    var textLines: [String] {
        lines.map { $0.map(\.text).joined() }
    }
}

extension HTMLDocument {
    /// Every block's kind and text, for compact comparisons.
    var outline: [String] {
        blocks.map { block in
            let kind: String
            switch block.kind {
            case .paragraph: kind = "p"
            case .heading(let level): kind = "h\(level)"
            case .listItem(let marker, let depth): kind = "li(\(marker),\(depth))"
            case .tableRow: kind = "tr"
            case .preformatted: kind = "pre"
            case .horizontalRule: kind = "hr"
            }
            let indent = block.indent > 0 ? "+\(block.indent)" : ""
            let blank = block.blankLineBefore ? "¶" : ""
            return "\(blank)\(kind)\(indent):\(block.textLines.joined(separator: "⏎"))"
        }
    }
}
