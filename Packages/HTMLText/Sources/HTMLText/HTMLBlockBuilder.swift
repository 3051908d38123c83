import TerminalUI

/// Turns tokens into blocks in one pass, keeping a stack of the open elements that matter
/// (formatting, links, blocks, lists, tables) at most ``HTMLDocument/maximumNestingDepth`` deep.
///
/// The stack stands in for the DOM: the innermost open block element decides which kind of
/// block text goes into, and a block ends whenever a block element starts or ends. Missing end tags
/// are implied the way HTML does for the common cases (`<p>`, `<li>`, `<dt>`/`<dd>`, `<tr>`, `<td>`),
/// and an end tag closes the nearest matching element or, when there is none, is ignored.
/// Every token costs at most a few walks over the bounded stack, so the work stays linear.
struct HTMLBlockBuilder {
    private var blocks: [HTMLBlock] = []
    /// For a table row laid out on one line: the indices of its cell separators among the line's runs
    /// (by block index), so that the rows of one table can be padded into aligned columns.
    private var rowSeparators: [Int: [Int]] = [:]
    /// Open elements; plain values without references, so walking the stack copies no strings.
    private var stack: [OpenElement] = []
    /// How many of each tag are open (by ``HTMLTag/rawValue``), and the set of those open at all, so that looking
    /// for an element that is not open (a stray end tag, a `<p>` to close) costs nothing.
    private var openCounts = [Int](repeating: 0, count: HTMLTag.allCases.count)
    private var openTags = HTMLTagSet()
    private var mode = Mode.body
    private var block = BlockInProgress()
    /// The run being collected; it joins ``BlockInProgress/currentLine`` when the style changes.
    private var runText = ""
    private var runStyle = Style()
    /// The style of the last visible character, so a collapsed space between two words takes only what both share.
    private var lastStyle = Style()
    private var space = SpaceState.suppressed
    /// A block with a margin started or ended since the last block: the next block gets a blank line before it.
    private var marginPending = false
    /// Display columns on the current line of a `<pre>` block, for tab stops.
    private var preformattedColumn = 0
    /// Set by a `<pre>` start tag: a line break right after it is not content (as in HTML).
    private var skipsNextNewline = false

    /// The `href` of every `<a href>` seen, and the link index it got once it showed visible text.
    private var anchorHrefs: [String] = []
    private var anchorLinkIndices: [Int?] = []
    private var linkHrefs: [String] = []

    private var title: String?
    /// Collects `<title>` text while one is open.
    private var titleText: String?

    private enum Mode {
        case body
        /// In `<head>`: only `<title>` counts; anything that belongs in the body ends it.
        case head
        /// Inside an element whose content is dropped, `depth` levels of it deep.
        case skipping(HTMLTag, depth: Int, returnsToHead: Bool)
    }

    private enum SpaceState {
        /// At the start of a line: whitespace is dropped.
        case suppressed
        /// After visible text, no whitespace yet.
        case none
        /// Whitespace seen; one space goes out, with this style, before the next visible character.
        case pending(HTMLTextAttributes, linkIndex: Int?)
    }

    private struct Style: Equatable {
        var attributes = HTMLTextAttributes()
        var linkIndex: Int?
    }

    private enum BlockRole: Equatable {
        case paragraph, heading(Int), preformatted, tableRow
    }

    /// What holds for text inside an open element; each stack entry stores its own.
    private struct Context {
        var attributes = HTMLTextAttributes()
        var anchor: Int?
        var role = BlockRole.paragraph
        var isPreformatted = false
        var indent = 0
        var listDepth = 0
        /// Directly inside `<ul>`/`<ol>` (no `<li>` in between): a nested list there is indented by 2.
        var isDirectlyInList = false
        /// Stack positions of the nearest list and list item.
        var listIndex: Int?
        var listItemIndex: Int?
        var tableDepth = 0
        /// Inside a cell of the outermost table: blocks there only separate words.
        var cellDepth = 0
    }

    private enum Effect {
        /// Formatting and links: they change attributes, never blocks.
        case inline
        /// Starts and ends blocks.
        case block
        /// A table cell of the outermost table: its text joins the row.
        case cell
        /// A block element inside a cell: it separates words, nothing more.
        case neutral
    }

    private struct OpenElement {
        let tag: HTMLTag
        let effect: Effect
        let hasMargin: Bool
        var anchor: Int?
        /// `<ol>`: the number of the next item.
        var nextNumber = 1
        /// `<li>`: its number in an `<ol>` (nil: a bullet), and whether the item's first block has yet to take the marker.
        var markerNumber: Int?
        var hasPendingMarker = false
        var markerIndent = 0
        var markerWidth = 0
        var listDepth = 0
        var context = Context()

        init(_ tag: HTMLTag, _ effect: Effect, hasMargin: Bool = false) {
            self.tag = tag
            self.effect = effect
            self.hasMargin = hasMargin
        }
    }

    private struct BlockInProgress {
        var isOpen = false
        var kind = HTMLBlock.Kind.paragraph
        var indent = 0
        var blankLineBefore = false
        var lines: [[HTMLRun]] = []
        var currentLine: [HTMLRun] = []
        var hasContent = false
        var hasLineBreak = false
        var cellCount = 0
        /// The separators' run indices on the row's first line; nil once the row has a second line.
        var separatorRuns: [Int]? = []
    }

    private static let cellSeparator = " │ "

    // Tag sets for the stack walks, built once.
    private static let listItemTags = HTMLTagSet(.li)
    private static let definitionTags = HTMLTagSet(.dt, .dd)
    private static let cellTags = HTMLTagSet(.td, .th)
    private static let rowBoundaries = HTMLTagSet(.tr, .table)
    private static let rowTags = HTMLTagSet(.tr)
    private static let tableTags = HTMLTagSet(.table)
    private static let noTags = HTMLTagSet()
    private static let paragraphTags = HTMLTagSet(.p)
    private static let paragraphBoundaries = HTMLTagSet(.table, .td, .th, .caption)
    private static let listItemTransparentTags = HTMLTagSet(.div, .p, .address)
    private static let listItemBoundaries = HTMLTagSet(.ul, .ol, .menu, .dir, .table, .td, .th)
    private static let blockBoundaries = HTMLTagSet(.table, .td, .th)

    // MARK: - Tokens

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
    private mutating func alignTables() {
        var index = 0
        while index < blocks.count {
            guard rowSeparators[index] != nil else { index += 1; continue }
            var end = index + 1
            while end < blocks.count, rowSeparators[end] != nil, blocks[end].indent == blocks[index].indent, !blocks[end].blankLineBefore { end += 1 }
            alignRows(index..<end)
            index = end
        }
    }

    private mutating func alignRows(_ rows: Range<Int>) {
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

    private var context: Context {
        stack.last?.context ?? Context()
    }

    private mutating func text(_ text: String, skipsNewline: Bool) {
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

    private mutating func startTag(_ tag: HTMLTag, attributes: [HTMLAttribute], isSelfClosing: Bool) {
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

    private mutating func endTag(_ tag: HTMLTag) {
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

    // MARK: - Elements

    private mutating func openBlock(_ tag: HTMLTag, attributes: [HTMLAttribute]) {
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

    private mutating func beginListItem(context: Context) {
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

    private mutating func beginCell(_ tag: HTMLTag, context: Context) {
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

    private mutating func openLink(href: String?) {
        if context.anchor != nil, let index = nearestIndex(of: .a, effect: .inline) { removeInline(at: index) } // links do not nest
        guard let href else { return } // <a name="…"> is no link
        anchorHrefs.append(Self.cleanedHref(href))
        anchorLinkIndices.append(nil)
        var element = OpenElement(.a, .inline)
        element.anchor = anchorHrefs.count - 1
        push(element)
    }

    private mutating func lineBreak() {
        let context = self.context
        if context.cellDepth > 0 { return noteWhitespace(context) }
        openBlockIfNeeded(context)
        finishLine()
        block.hasLineBreak = true
        space = .suppressed
        preformattedColumn = 0
    }

    private mutating func image(alt: String?) {
        guard let alt else { return }
        let text = Self.collapsingWhitespace(alt)
        guard !text.isEmpty else { return }
        appendFlowing("[\(text)]", context: context)
    }

    private mutating func horizontalRule() {
        if context.cellDepth > 0 { return noteWhitespace(context) }
        closeParagraph()
        flush()
        blocks.append(HTMLBlock(kind: .horizontalRule, lines: [], indent: context.indent, blankLineBefore: !blocks.isEmpty))
        marginPending = true
    }

    private mutating func beginTitle() {
        titleText = ""
    }

    private mutating func endTitle() {
        guard let text = titleText else { return }
        titleText = nil
        if title == nil {
            let collapsed = Sanitizer.sanitize(Self.collapsingWhitespace(text))
            if !collapsed.isEmpty { title = collapsed }
        }
    }

    // MARK: - The stack

    private mutating func push(_ element: OpenElement) {
        guard stack.count < HTMLDocument.maximumNestingDepth else { return }
        var element = element
        element.context = Self.context(inside: element, parent: context, at: stack.count)
        stack.append(element)
        noteOpened(element.tag)
    }

    /// Removes the top element, ending the block it holds.
    private mutating func pop() {
        let element = stack.removeLast()
        noteClosed(element.tag)
        switch element.effect {
        case .block:
            flush()
            if element.hasMargin { marginPending = true }
        case .neutral:
            noteWhitespace(context)
        case .inline, .cell:
            break
        }
    }

    private mutating func pop(through index: Int) {
        while stack.count > index { pop() }
    }

    private mutating func noteOpened(_ tag: HTMLTag) {
        openCounts[Int(tag.rawValue)] += 1
        openTags.insert(tag)
    }

    private mutating func noteClosed(_ tag: HTMLTag) {
        openCounts[Int(tag.rawValue)] -= 1
        if openCounts[Int(tag.rawValue)] == 0 { openTags.remove(tag) }
    }

    /// Removes a formatting element or link wherever it is (`<b><p>x</b>y` leaves y in the paragraph, not bold).
    private mutating func removeInline(at index: Int) {
        noteClosed(stack.remove(at: index).tag)
        var position = index
        while position < stack.count {
            let parent = position == 0 ? Context() : stack[position - 1].context
            stack[position].context = Self.context(inside: stack[position], parent: parent, at: position)
            position += 1
        }
    }

    private func nearestIndex(of tag: HTMLTag, effect: Effect) -> Int? {
        guard openTags.contains(tag) else { return nil }
        var index = stack.count - 1
        while index >= 0 {
            if stack[index].tag == tag, stack[index].effect == effect { return index }
            index -= 1
        }
        return nil
    }

    /// Closes the nearest open element among `tags` unless one of `boundaries` comes first.
    private mutating func close(_ tags: HTMLTagSet, stoppingAt boundaries: HTMLTagSet) {
        guard openTags.intersects(tags) else { return }
        var index = stack.count - 1
        while index >= 0 {
            let tag = stack[index].tag
            if stack[index].effect != .inline, tags.contains(tag) { return pop(through: index) }
            if boundaries.contains(tag) { return }
            index -= 1
        }
    }

    /// HTML's "close a p element": a block start ends an open paragraph, unless it sits in a table cell.
    private mutating func closeParagraph() {
        close(Self.paragraphTags, stoppingAt: Self.paragraphBoundaries)
    }

    /// `<li>` closes an open `<li>` (and `<dd>` a `<dt>` …) unless another block (other than `<div>`, `<p>`,
    /// `<address>`) lies between, as in HTML.
    private mutating func closeListItem(matching tags: HTMLTagSet) {
        guard openTags.intersects(tags) else { return }
        let transparent = Self.listItemTransparentTags
        var index = stack.count - 1
        while index >= 0 {
            let tag = stack[index].tag
            if stack[index].effect != .inline {
                if tags.contains(tag) { return pop(through: index) }
                if !transparent.contains(tag) { return }
            }
            index -= 1
        }
    }

    private mutating func closeBlockElement(_ tag: HTMLTag) {
        let boundaries: HTMLTagSet
        switch tag {
        case .tr, .td, .th, .table, .caption: boundaries = Self.tableTags
        case .li: boundaries = Self.listItemBoundaries
        default: boundaries = Self.blockBoundaries
        }
        close(HTMLTagSet(tag), stoppingAt: boundaries)
    }

    private static func marker(number: Int?) -> String {
        number.map { "\($0)." } ?? "•"
    }

    private static func context(inside element: OpenElement, parent: Context, at index: Int) -> Context {
        var context = parent
        context.attributes.formUnion(element.tag.attributes)
        switch element.effect {
        case .inline:
            if element.tag == .a { context.anchor = element.anchor }
        case .neutral:
            if element.tag == .table { context.tableDepth += 1 }
        case .cell:
            context.cellDepth += 1
            context.role = .tableRow
            context.isPreformatted = false
        case .block:
            context.isDirectlyInList = false
            context.role = .paragraph
            switch element.tag {
            case .h1, .h2, .h3, .h4, .h5, .h6:
                context.role = .heading(element.tag.headingLevel ?? 1)
            case .pre, .listing, .xmp:
                context.role = .preformatted
                context.isPreformatted = true
            case .blockquote, .dd:
                context.indent += 2
            case .ul, .ol, .menu, .dir:
                context.listDepth += 1
                if parent.isDirectlyInList { context.indent += 2 }
                context.isDirectlyInList = true
                context.listIndex = index
            case .li:
                context.listItemIndex = index
                context.indent = element.markerIndent + element.markerWidth + 1
            case .table:
                context.tableDepth += 1
                context.isPreformatted = false
            case .tr:
                context.role = .tableRow
            default:
                break
            }
        }
        return context
    }

    // MARK: - Text

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0C}": true
        default: false
        }
    }

    /// Invisible characters that are dropped: the soft hyphen (we never hyphenate) and the direction
    /// marks LRM, RLM and ALM (the sanitizer would show them as U+FFFD; embeddings, overrides and
    /// isolates still get that visible replacement).
    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{AD}", "\u{200E}", "\u{200F}", "\u{061C}": true
        default: false
        }
    }

    /// How many bytes starting at `position` encode a dropped character (see ``isDropped(_:)``), or 0.
    /// Their UTF-8: U+00AD is C2 AD, U+061C is D8 9C, U+200E and U+200F are E2 80 8E and E2 80 8F.
    private static func droppedLength(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        let byte = bytes[position]
        guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2, position + 1 < bytes.count else { return 0 }
        let next = bytes[position + 1]
        if byte == 0xC2 { return next == 0xAD ? 2 : 0 }
        if byte == 0xD8 { return next == 0x9C ? 2 : 0 }
        guard next == 0x80, position + 2 < bytes.count else { return 0 }
        return bytes[position + 2] == 0x8E || bytes[position + 2] == 0x8F ? 3 : 0
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Flowing text: whitespace collapses; stretches between whitespace are appended whole
    /// (scanning UTF-8 bytes, so long texts stay cheap even in debug builds).
    private mutating func appendFlowing(_ text: String, context: Context) {
        var text = text
        text.withUTF8 { bytes in
            var style: Style?
            var stretchStart = 0
            var position = 0
            func appendStretch(upTo end: Int) {
                guard end > stretchStart else { return }
                let current = style ?? self.style(for: context) // looked up once per token; the link registers here
                style = current
                appendVisible(String(decoding: bytes[stretchStart..<end], as: UTF8.self), style: current, context: context)
            }
            while position < bytes.count {
                if Self.isWhitespace(bytes[position]) {
                    appendStretch(upTo: position)
                    noteWhitespace(context)
                    position += 1
                    stretchStart = position
                } else {
                    let dropped = Self.droppedLength(in: bytes, at: position)
                    if dropped > 0 {
                        appendStretch(upTo: position)
                        position += dropped
                        stretchStart = position
                    } else {
                        position += 1
                    }
                }
            }
            appendStretch(upTo: bytes.count)
        }
    }

    private mutating func appendVisible(_ text: String, style: Style, context: Context) {
        openBlockIfNeeded(context)
        if case .pending(let attributes, let linkIndex) = space {
            let spaceStyle = Style(attributes: attributes.intersection(style.attributes),
                                   linkIndex: linkIndex == style.linkIndex ? linkIndex : nil)
            appendToRun(" ", style: spaceStyle)
        }
        space = .none
        appendToRun(text, style: style)
        lastStyle = style
        block.hasContent = true
    }

    private mutating func noteWhitespace(_ context: Context) {
        guard case .none = space else { return }
        let linkIndex = context.anchor.flatMap { anchorLinkIndices[$0] }
        space = .pending(lastStyle.attributes.intersection(context.attributes),
                         linkIndex: lastStyle.linkIndex == linkIndex ? linkIndex : nil)
    }

    /// `<pre>` text: every character counts; CR LF, CR and LF break the line; tabs go to the next stop of 8 columns.
    private mutating func appendPreformatted(_ text: String, context: Context, skipsNewline: Bool) {
        var text = text
        text.withUTF8 { bytes in
            var style: Style?
            var skipsNewline = skipsNewline
            var stretchStart = 0
            var stretchIsASCII = true
            var position = 0
            func appendStretch(upTo end: Int) {
                defer { stretchIsASCII = true }
                guard end > stretchStart else { return }
                let current = style ?? self.style(for: context)
                style = current
                let stretch = String(decoding: bytes[stretchStart..<end], as: UTF8.self)
                appendPreformattedText(stretch, width: stretchIsASCII ? end - stretchStart : DisplayWidth.of(stretch),
                                       style: current, context: context)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if skipsNewline {
                    skipsNewline = false
                    if byte == 0x0A || byte == 0x0D {
                        position += byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                        stretchStart = position
                        continue
                    }
                }
                if byte == 0x0A || byte == 0x0D {
                    appendStretch(upTo: position)
                    lineBreak()
                    position += byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                    stretchStart = position
                } else if byte == 0x09 {
                    appendStretch(upTo: position)
                    let current = style ?? self.style(for: context)
                    style = current
                    let spaces = 8 - preformattedColumn % 8
                    appendPreformattedText(String(repeating: " ", count: spaces), width: spaces, style: current, context: context)
                    position += 1
                    stretchStart = position
                } else {
                    let dropped = Self.droppedLength(in: bytes, at: position)
                    if dropped > 0 {
                        appendStretch(upTo: position)
                        position += dropped
                        stretchStart = position
                    } else {
                        if byte >= 0x80 { stretchIsASCII = false }
                        position += 1
                    }
                }
            }
            appendStretch(upTo: bytes.count)
        }
    }

    private mutating func appendPreformattedText(_ text: String, width: Int, style: Style, context: Context) {
        openBlockIfNeeded(context)
        appendToRun(text, style: style)
        preformattedColumn += width
        lastStyle = style
        space = .none
        block.hasContent = true
    }

    /// The style for visible text in `context`; a link gets its index when its first visible text arrives,
    /// so links without text never show up in ``HTMLDocument/links``.
    private mutating func style(for context: Context) -> Style {
        guard let anchor = context.anchor else { return Style(attributes: context.attributes) }
        if let linkIndex = anchorLinkIndices[anchor] { return Style(attributes: context.attributes, linkIndex: linkIndex) }
        linkHrefs.append(anchorHrefs[anchor])
        anchorLinkIndices[anchor] = linkHrefs.count - 1
        return Style(attributes: context.attributes, linkIndex: linkHrefs.count - 1)
    }

    // MARK: - Blocks

    private mutating func openBlockIfNeeded(_ context: Context) {
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

    private mutating func openBlock(kind: HTMLBlock.Kind, indent: Int) {
        block = BlockInProgress(isOpen: true, kind: kind, indent: indent, blankLineBefore: marginPending)
        space = .suppressed
        preformattedColumn = 0
    }

    private mutating func appendToRun(_ text: String, style: Style) {
        if style != runStyle {
            finishRun()
            runStyle = style
        }
        runText.append(text)
    }

    private mutating func finishRun() {
        guard !runText.isEmpty else { return }
        block.currentLine.append(HTMLRun(Sanitizer.sanitize(runText), attributes: runStyle.attributes, linkIndex: runStyle.linkIndex))
        runText = ""
    }

    private mutating func finishLine() {
        finishRun()
        block.lines.append(block.currentLine)
        block.currentLine = []
    }

    /// Ends the open block; it joins the document if it shows anything (text or a line break).
    private mutating func flush() {
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

    // MARK: - Links

    private func makeLinks() -> [HTMLLink] {
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
