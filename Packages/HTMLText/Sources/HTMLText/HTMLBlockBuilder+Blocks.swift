import TextCells

// Blocks: ending the block in progress, margins, table rows.
extension HTMLBlockBuilder {
    mutating func openBlockIfNeeded(_ context: Context) {
        guard !block.isOpen else { return }
        if let item = context.listItemIndex, context.cellDepth == 0, context.role != .tableRow, stack[item].hasPendingMarker {
            stack[item].hasPendingMarker = false
            let marker = Self.marker(number: stack[item].markerNumber)
            return openBlock(kind: .listItem(marker: marker, depth: stack[item].listDepth), indent: stack[item].markerIndent)
        }
        let kind: HTMLBlock.Kind
        switch context.role {
        case .paragraph: kind = .paragraph
        case .heading(let level): kind = .heading(level: level)
        case .preformatted: kind = .preformatted
        case .tableRow: kind = .tableRow
        }
        openBlock(kind: kind, indent: context.indent)
    }

    mutating func openBlock(kind: HTMLBlock.Kind, indent: Int) {
        block = BlockInProgress(isOpen: true, kind: kind, indent: indent, blankLineBefore: marginPending)
        space = .suppressed
        preformattedColumn = 0
    }

    mutating func appendToRun(_ text: String, style: Style) {
        if style != runStyle {
            finishRun()
            runStyle = style
        }
        runText.append(text)
    }

    mutating func finishRun() {
        guard !runText.isEmpty else { return }
        block.currentLine.append(HTMLRun(Sanitizer.sanitize(runText), attributes: runStyle.attributes, linkIndex: runStyle.linkIndex))
        runText = ""
    }

    mutating func finishLine() {
        finishRun()
        block.lines.append(block.currentLine)
        block.currentLine = []
    }

    /// Ends the open block; it joins the document if it shows anything (text or a line break).
    mutating func flush() {
        defer {
            block = BlockInProgress()
            space = .suppressed
        }
        guard block.isOpen else { return }
        finishLine()
        var lines = block.lines
        if lines.count > 1, lines.last?.isEmpty == true { lines.removeLast() } // a trailing <br> adds no line
        guard block.hasContent || block.hasLineBreak else { return }
        if block.kind == .tableRow, lines.count == 1, let separators = block.separatorRuns { rowSeparators[blocks.count] = separators }
        blocks.append(HTMLBlock(kind: block.kind, lines: lines, indent: block.indent,
                                blankLineBefore: block.blankLineBefore && !blocks.isEmpty))
        marginPending = false
    }
}
