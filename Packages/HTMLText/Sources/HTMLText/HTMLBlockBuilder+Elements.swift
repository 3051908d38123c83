import TextCells

// Elements: what a start or end tag opens, closes or implies.
extension HTMLBlockBuilder {
    mutating func openBlock(_ tag: HTMLTag, attributes: [HTMLAttribute]) {
        var context = self.context
        if context.cellDepth > 0, !(tag.isTableStructure && context.tableDepth == 1) {
            // Inside a cell, blocks (and a nested table's rows and cells) only separate words.
            noteWhitespace(context)
            push(OpenElement(tag, .neutral))
            return
        }
        if tag.isTableStructure, context.tableDepth == 0 { return } // a stray <tr>/<td> is ignored, as browsers do

        // The end tags HTML lets authors leave out.
        if tag.closesParagraph { closeParagraph() }
        if tag.headingLevel != nil, let top = stack.last, top.effect == .block, top.tag.headingLevel != nil { pop() }
        switch tag {
        case .li: closeListItem(matching: Self.listItemTags)
        case .dt, .dd: closeListItem(matching: Self.definitionTags)
        case .tr:
            close(Self.cellTags, stoppingAt: Self.rowBoundaries)
            close(Self.rowTags, stoppingAt: Self.tableTags)
        case .td, .th: close(Self.cellTags, stoppingAt: Self.rowBoundaries)
        case .table where context.tableDepth > 0: close(Self.tableTags, stoppingAt: Self.noTags)
        default: break
        }
        context = self.context

        switch tag {
        case .td, .th:
            beginCell(tag, context: context)
        case .li:
            beginListItem(context: context)
        default:
            flush()
            let hasMargin = tag.hasMargin(listDepth: context.listDepth)
            if hasMargin { marginPending = true }
            var element = OpenElement(tag, .block, hasMargin: hasMargin)
            if tag == .ol, let start = attributes.value(named: "start").flatMap({ Int($0.trimmingSpaces()) }),
               abs(start) < 1_000_000_000 {
                element.nextNumber = start
            }
            push(element)
            if tag.isPreformatted { skipsNextNewline = true }
        }
    }

    mutating func beginListItem(context: Context) {
        flush()
        var element = OpenElement(.li, .block)
        if let listIndex = context.listIndex {
            element.listDepth = context.listDepth - 1
            if stack[listIndex].tag == .ol {
                element.markerNumber = stack[listIndex].nextNumber
                stack[listIndex].nextNumber += 1
            }
        }
        element.hasPendingMarker = true
        element.markerIndent = context.indent
        element.markerWidth = DisplayWidth.of(Self.marker(number: element.markerNumber))
        push(element)
    }

    mutating func beginCell(_ tag: HTMLTag, context: Context) {
        if block.isOpen, block.kind == .tableRow {
            if block.cellCount > 0 {
                // The separator is a run of its own, so that aligning the table can widen it.
                finishRun()
                if block.lines.isEmpty { block.separatorRuns?.append(block.currentLine.count) } else { block.separatorRuns = nil }
                block.currentLine.append(HTMLRun(Self.cellSeparator))
                lastStyle = Style()
                space = .suppressed
            }
        } else {
            flush()
            openBlock(kind: .tableRow, indent: context.indent)
        }
        block.cellCount += 1
        push(OpenElement(tag, .cell))
    }

    mutating func openLink(href: String?) {
        if context.anchor != nil, let index = nearestIndex(of: .a, effect: .inline) { removeInline(at: index) } // links do not nest
        guard let href else { return } // <a name="…"> is no link
        anchorHrefs.append(Self.cleanedHref(href))
        anchorLinkIndices.append(nil)
        var element = OpenElement(.a, .inline)
        element.anchor = anchorHrefs.count - 1
        push(element)
    }

    mutating func lineBreak() {
        let context = self.context
        if context.cellDepth > 0 { return noteWhitespace(context) }
        openBlockIfNeeded(context)
        finishLine()
        block.hasLineBreak = true
        space = .suppressed
        preformattedColumn = 0
    }

    mutating func image(alt: String?) {
        guard let alt else { return }
        let text = Self.collapsingWhitespace(alt)
        guard !text.isEmpty else { return }
        appendFlowing("[\(text)]", context: context)
    }

    mutating func horizontalRule() {
        if context.cellDepth > 0 { return noteWhitespace(context) }
        closeParagraph()
        flush()
        blocks.append(HTMLBlock(kind: .horizontalRule, lines: [], indent: context.indent, blankLineBefore: !blocks.isEmpty))
        marginPending = true
    }

    mutating func beginTitle() {
        titleText = ""
    }

    mutating func endTitle() {
        guard let text = titleText else { return }
        titleText = nil
        if title == nil {
            let collapsed = Sanitizer.sanitize(Self.collapsingWhitespace(text))
            if !collapsed.isEmpty { title = collapsed }
        }
    }
}
