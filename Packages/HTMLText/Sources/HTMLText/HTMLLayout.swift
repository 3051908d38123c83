import TextCells

/// Lays blocks out in lines for a width, in one pass over the blocks (the rules are on
/// ``HTMLDocument/layout(width:)``). Widths are display widths from TerminalUI's `DisplayWidth`.
struct HTMLLayout {
    static let minimumTextWidth = 10
    /// A rule's longest length, so that laying out with an "unbounded" width (`Int.max`) stays cheap.
    static let maximumRuleWidth = 500

    private let width: Int
    private var lines: [HTMLLine] = []
    private var linkLocations: [[HTMLLinkLocation]]

    // The line being built.
    private var runs: [HTMLRun] = []
    private var runText = ""
    private var runStyle = Style()
    /// Indentation or list marker, drawn when the line gets its first content.
    private var pendingPrefix = ""
    private var column = 0
    private var contentWidth = 0
    private var hasWords = false
    /// The widest line (without its prefix) since the last reset, for heading rules.
    private var widestContent = 0

    private struct Style: Equatable {
        var attributes = HTMLTextAttributes()
        var linkIndex: Int?
    }

    /// A stretch of one style inside a word or a gap.
    private struct Piece {
        var text: String
        var width: Int
        var style: Style
        /// Printable ASCII only: one column per byte, so it can be cut by byte counts.
        var isASCII: Bool
    }

    /// A word with the spaces before it: the unit of line breaking.
    private struct Item {
        var spaces: [Piece] = []
        var spaceWidth = 0
        var word: [Piece] = []
        var wordWidth = 0
    }

    static func layout(_ document: HTMLDocument, width: Int) -> HTMLRenderedText {
        let noLocations = Array(repeating: [HTMLLinkLocation](), count: document.links.count)
        guard width >= 1 else { return HTMLRenderedText(width: width, lines: [], links: document.links, linkLocations: noLocations) }
        var layout = HTMLLayout(width: width, linkLocations: noLocations)
        for block in document.blocks { layout.place(block) }
        return HTMLRenderedText(width: width, lines: layout.lines, links: document.links, linkLocations: layout.linkLocations)
    }

    private init(width: Int, linkLocations: [[HTMLLinkLocation]]) {
        self.width = width
        self.linkLocations = linkLocations
    }

    private mutating func place(_ block: HTMLBlock) {
        if block.blankLineBefore, !lines.isEmpty { lines.append(HTMLLine([])) }
        let indent = min(block.indent, max(0, width - Self.minimumTextWidth))
        let indentation = String(repeating: " ", count: indent)
        let available = width - indent
        switch block.kind {
        case .horizontalRule:
            let length = min(available, Self.maximumRuleWidth)
            beginLine(prefix: indentation)
            append(String(repeating: "─", count: length), style: Style(), width: length)
            endLine()
        case .preformatted:
            for line in block.lines { placePreformatted(line, prefix: indentation, available: available) }
        case .listItem(let marker, _):
            let hangingIndent = indent + DisplayWidth.of(marker) + 1
            if width - hangingIndent >= 2 { // room for a wide character, so only width 1 can overflow
                placeFlowing(block.lines, firstPrefix: indentation + marker + " ",
                             restPrefix: String(repeating: " ", count: hangingIndent), available: width - hangingIndent)
            } else {
                // Too narrow for a hanging indent: the marker becomes the first word.
                var lines = block.lines
                if lines.isEmpty { lines = [[]] }
                lines[0].insert(HTMLRun(marker + " "), at: 0)
                placeFlowing(lines, firstPrefix: "", restPrefix: "", available: width)
            }
        case .heading(let level):
            widestContent = 0
            placeFlowing(block.lines, firstPrefix: indentation, restPrefix: indentation, available: available)
            if level <= 2, widestContent > 0 {
                beginLine(prefix: indentation)
                append(String(repeating: level == 1 ? "═" : "─", count: widestContent), style: Style(attributes: .heading), width: widestContent)
                endLine()
            }
        case .paragraph, .tableRow:
            placeFlowing(block.lines, firstPrefix: indentation, restPrefix: indentation, available: available)
        }
    }

    // MARK: - Flowing text

    private mutating func placeFlowing(_ blockLines: [[HTMLRun]], firstPrefix: String, restPrefix: String, available: Int) {
        for (index, runs) in blockLines.enumerated() {
            beginLine(prefix: index == 0 ? firstPrefix : restPrefix)
            for item in Self.items(of: runs) {
                if !hasWords {
                    placeWord(item, restPrefix: restPrefix, available: available)
                } else if contentWidth + item.spaceWidth + item.wordWidth <= available {
                    append(item.spaces)
                    append(item.word)
                } else {
                    endLine()
                    beginLine(prefix: restPrefix)
                    placeWord(item, restPrefix: restPrefix, available: available)
                }
            }
            endLine()
        }
    }

    /// A word at the start of a line (the spaces before it are dropped); broken by width when it is too long.
    private mutating func placeWord(_ item: Item, restPrefix: String, available: Int) {
        hasWords = true
        if item.wordWidth <= available { return append(item.word) }
        for piece in item.word {
            appendBreakingByWidth(piece.text, style: piece.style, isASCII: piece.isASCII, prefix: restPrefix, available: available)
        }
    }

    /// Appends `text`, starting a new line (with `prefix`) whenever the next character would not fit.
    private mutating func appendBreakingByWidth(_ text: String, style: Style, isASCII: Bool, prefix: String, available: Int) {
        guard isASCII else {
            for character in text {
                let characterWidth = DisplayWidth.of(character)
                if contentWidth + characterWidth > available, contentWidth > 0 { continueOnNewLine(prefix: prefix) }
                append(character == "\u{A0}" ? " " : String(character), style: style, width: characterWidth)
            }
            return
        }
        var remaining = Substring(text)
        while !remaining.isEmpty {
            if contentWidth >= available { continueOnNewLine(prefix: prefix) }
            let count = min(available - contentWidth, remaining.utf8.count)
            let cut = remaining.utf8.index(remaining.startIndex, offsetBy: count)
            append(String(remaining[..<cut]), style: style, width: count)
            remaining = remaining[cut...]
        }
    }

    private mutating func continueOnNewLine(prefix: String) {
        endLine()
        beginLine(prefix: prefix)
        hasWords = true
    }

    /// Splits runs into words, each with the spaces before it. Trailing spaces are dropped.
    ///
    /// Words of printable ASCII (most text) are taken whole from the UTF-8 bytes; only words with other
    /// characters are walked character by character for their widths and East Asian break opportunities.
    private static func items(of runs: [HTMLRun]) -> [Item] {
        var items: [Item] = []
        var item = Item()
        var previousWasWide = false
        func startItem() {
            items.append(item)
            item = Item()
        }
        for run in runs {
            let style = Style(attributes: run.attributes, linkIndex: run.linkIndex)
            var text = run.text
            text.withUTF8 { bytes in
                var position = 0
                while position < bytes.count {
                    if bytes[position] == UInt8(ascii: " ") {
                        if !item.word.isEmpty { startItem() }
                        add(" ", width: 1, style: style, isASCII: true, to: &item.spaces)
                        item.spaceWidth += 1
                        previousWasWide = false
                        position += 1
                        continue
                    }
                    var end = position
                    var isASCII = true
                    while end < bytes.count, bytes[end] != UInt8(ascii: " ") {
                        if !isPrintableASCII(bytes[end]) { isASCII = false }
                        end += 1
                    }
                    let word = String(decoding: bytes[position..<end], as: UTF8.self)
                    position = end
                    guard !isASCII else {
                        if previousWasWide, !item.word.isEmpty, word.first?.isPunctuation == false { startItem() }
                        add(word, width: word.utf8.count, style: style, isASCII: true, to: &item.word)
                        item.wordWidth += word.utf8.count
                        previousWasWide = false
                        continue
                    }
                    for character in word {
                        let characterWidth = DisplayWidth.of(character)
                        let isWide = characterWidth == 2
                        if !item.word.isEmpty, isWide || previousWasWide, !character.isPunctuation { startItem() }
                        add(character == "\u{A0}" ? " " : String(character), width: characterWidth, style: style,
                            isASCII: false, to: &item.word)
                        item.wordWidth += characterWidth
                        previousWasWide = isWide
                    }
                }
            }
        }
        if !item.word.isEmpty { items.append(item) }
        return items
    }

    private static func isPrintableASCII(_ byte: UInt8) -> Bool {
        byte >= 0x20 && byte < 0x7F
    }

    private static func add(_ text: String, width: Int, style: Style, isASCII: Bool, to pieces: inout [Piece]) {
        let last = pieces.count - 1
        if last >= 0, pieces[last].style == style {
            pieces[last].text.append(text)
            pieces[last].width += width
            pieces[last].isASCII = pieces[last].isASCII && isASCII
        } else {
            pieces.append(Piece(text: text, width: width, style: style, isASCII: isASCII))
        }
    }

    // MARK: - Preformatted text

    private mutating func placePreformatted(_ runs: [HTMLRun], prefix: String, available: Int) {
        beginLine(prefix: prefix)
        for run in runs {
            let isASCII = run.text.utf8.allSatisfy(Self.isPrintableASCII)
            appendBreakingByWidth(run.text, style: Style(attributes: run.attributes, linkIndex: run.linkIndex),
                                  isASCII: isASCII, prefix: prefix, available: available)
        }
        endLine()
    }

    // MARK: - Lines

    private mutating func beginLine(prefix: String) {
        pendingPrefix = prefix
        column = 0
        contentWidth = 0
        hasWords = false
    }

    private mutating func append(_ pieces: [Piece]) {
        for piece in pieces { append(piece.text, style: piece.style, width: piece.width) }
    }

    private mutating func append(_ text: String, style: Style, width: Int) {
        if !pendingPrefix.isEmpty {
            appendToRun(pendingPrefix, style: Style())
            column += DisplayWidth.of(pendingPrefix)
            pendingPrefix = ""
        }
        if let linkIndex = style.linkIndex, linkLocations.indices.contains(linkIndex) {
            recordLink(linkIndex, width: width)
        }
        appendToRun(text, style: style)
        column += width
        contentWidth += width
    }

    /// Extends the link's last location when this text continues it on the same line.
    private mutating func recordLink(_ linkIndex: Int, width: Int) {
        let line = lines.count
        if let last = linkLocations[linkIndex].last, last.line == line, last.column + last.width == column {
            linkLocations[linkIndex][linkLocations[linkIndex].count - 1] =
                HTMLLinkLocation(line: line, column: last.column, width: last.width + width)
        } else {
            linkLocations[linkIndex].append(HTMLLinkLocation(line: line, column: column, width: width))
        }
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
        // No need to sanitize again: block text comes sanitized (only the parser makes documents),
        // and what the layout adds (indentation, markers, rules) is our own.
        runs.append(HTMLRun(runText, attributes: runStyle.attributes, linkIndex: runStyle.linkIndex))
        runText = ""
    }

    /// Ends the line. An empty line keeps a list marker (without the space after it) but no bare indentation.
    private mutating func endLine() {
        if runs.isEmpty, runText.isEmpty {
            let marker = pendingPrefix.trimmingSpaces()
            if !marker.isEmpty { appendToRun(String(pendingPrefix.prefix { $0 == " " }) + marker, style: Style()) }
        }
        finishRun()
        widestContent = max(widestContent, contentWidth)
        lines.append(HTMLLine(runs))
        runs = []
        pendingPrefix = ""
    }
}
