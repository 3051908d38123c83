import TextCells

// Tokens: each token of the tokenizer, dispatched.
extension HTMLBlockBuilder {
    mutating func consume(_ token: HTMLToken) {
        let skipsNewline = skipsNextNewline
        skipsNextNewline = false
        switch token {
        case .text(let text):
            self.text(text, skipsNewline: skipsNewline)
        case .startTag(let tag, let attributes, let isSelfClosing):
            guard let tag else { return } // an element we do not know has no effect
            startTag(tag, attributes: attributes, isSelfClosing: isSelfClosing)
        case .endTag(let tag):
            guard let tag else { return }
            endTag(tag)
        }
    }

    mutating func finish() -> HTMLDocument {
        endTitle()
        flush()
        alignTables()
        return HTMLDocument(title: title, blocks: blocks, links: makeLinks())
    }

    /// The widest a table may be padded to: wider ones keep their cells as written (wrapping would undo the columns).
    static let maximumAlignedTableWidth = 100

    /// Pads the cells of each table (consecutive one-line rows) so that its columns line up:
    /// "Stand   │ November 2026" over "Version │ 1.0", not "Stand │ …" over "Version │ …".
    mutating func alignTables() {
        var index = 0
        while index < blocks.count {
            guard rowSeparators[index] != nil else { index += 1; continue }
            var end = index + 1
            while end < blocks.count, rowSeparators[end] != nil, blocks[end].indent == blocks[index].indent, !blocks[end].blankLineBefore { end += 1 }
            alignRows(index..<end)
            index = end
        }
    }

    mutating func alignRows(_ rows: Range<Int>) {
        guard rows.count > 1 else { return }
        // The display width of each cell of each row (cells are the runs between separators).
        let widths: [[Int]] = rows.map { row in
            let line = blocks[row].lines[0], separators = rowSeparators[row] ?? []
            var cells: [Int] = [], width = 0
            for (position, run) in line.enumerated() {
                if separators.contains(position) { cells.append(width); width = 0 } else { width += DisplayWidth.of(run.text) }
            }
            return cells + [width]
        }
        let columns = widths.map(\.count).max() ?? 0
        let columnWidths = (0..<columns).map { column in widths.map { column < $0.count ? $0[column] : 0 }.max() ?? 0 }
        guard columnWidths.reduce(0, +) + DisplayWidth.of(Self.cellSeparator) * (columns - 1) <= Self.maximumAlignedTableWidth else { return }
        for (offset, row) in rows.enumerated() {
            let separators = rowSeparators[row] ?? []
            var line = blocks[row].lines[0]
            for (column, position) in separators.enumerated() where column < widths[offset].count {
                let padding = columnWidths[column] - widths[offset][column]
                line[position] = HTMLRun(String(repeating: " ", count: max(0, padding)) + Self.cellSeparator)
            }
            let block = blocks[row]
            blocks[row] = HTMLBlock(kind: block.kind, lines: [line], indent: block.indent, blankLineBefore: block.blankLineBefore)
        }
    }

    var context: Context {
        stack.last?.context ?? Context()
    }

    mutating func text(_ text: String, skipsNewline: Bool) {
        if titleText != nil {
            titleText?.append(text)
            return
        }
        switch mode {
        case .skipping:
            return
        case .head:
            guard text.utf8.contains(where: { !Self.isWhitespace($0) }) else { return }
            mode = .body
        case .body:
            break
        }
        let context = self.context
        if context.isPreformatted, context.cellDepth == 0 {
            appendPreformatted(text, context: context, skipsNewline: skipsNewline)
        } else {
            appendFlowing(text, context: context)
        }
    }

    mutating func startTag(_ tag: HTMLTag, attributes: [HTMLAttribute], isSelfClosing: Bool) {
        switch mode {
        case .skipping(let skipped, let depth, let returnsToHead):
            if tag == skipped { mode = .skipping(skipped, depth: depth + 1, returnsToHead: returnsToHead) }
            return
        case .head:
            if tag == .title {
                beginTitle()
            } else if tag == .template {
                mode = .skipping(.template, depth: 1, returnsToHead: true)
            }
            if tag.belongsInHead { return }
            mode = .body
        case .body:
            break
        }
        switch tag {
        case .html, .body, .meta, .link, .base, .noscript, .script, .style, .iframe, .noembed, .noframes, .thead, .tbody, .tfoot,
             .textarea:
            return
        case .head:
            if blocks.isEmpty, !block.isOpen, stack.isEmpty { mode = .head }
        case .title:
            beginTitle()
        case .template, .svg, .math, .select:
            // Only foreign elements (svg, math) honour "/>"; an HTML element stays open.
            if isSelfClosing, tag == .svg || tag == .math { return }
            mode = .skipping(tag, depth: 1, returnsToHead: false)
        case .br:
            lineBreak()
        case .img:
            image(alt: attributes.value(named: "alt"))
        case .hr:
            horizontalRule()
        case .a:
            openLink(href: attributes.value(named: "href"))
        default:
            if tag.isFormatting {
                push(OpenElement(tag, .inline))
            } else if tag.isBlock {
                openBlock(tag, attributes: attributes)
            }
        }
    }

    mutating func endTag(_ tag: HTMLTag) {
        switch mode {
        case .skipping(let skipped, let depth, let returnsToHead):
            guard tag == skipped else { return }
            mode = depth > 1 ? .skipping(skipped, depth: depth - 1, returnsToHead: returnsToHead) : returnsToHead ? .head : .body
            return
        case .head:
            if tag == .title { endTitle() } else if tag == .head { mode = .body }
            return
        case .body:
            break
        }
        switch tag {
        case .title:
            endTitle()
        case .br:
            lineBreak() // "</br>" is read as "<br>", as browsers do
        default:
            if tag == .a || tag.isFormatting {
                if let index = nearestIndex(of: tag, effect: .inline) { removeInline(at: index) }
            } else if tag.isBlock {
                closeBlockElement(tag)
            }
        }
    }
}
