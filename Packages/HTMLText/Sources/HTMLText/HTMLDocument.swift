/// An HTML page reduced to what a terminal can show: a title, a sequence of blocks of styled text,
/// and the links in reading order.
///
/// ```swift
/// let document = HTMLDocument.parse(html)
/// let rendered = document.layout(width: 80)   // wrapped lines of styled runs, link positions
/// let cellText = document.singleLineText       // for a list cell that truncates
/// ```
///
/// Parsing never fails and takes time linear in the input's length, whatever the input
/// (see ``parse(_:)``).
public struct HTMLDocument: Sendable, Hashable {
    /// The text of the first `<title>`, whitespace collapsed; nil when there is none or it is empty.
    public let title: String?
    /// The blocks in reading order.
    public let blocks: [HTMLBlock]
    /// Every link with visible text, in reading order; ``HTMLRun/linkIndex`` points into this array.
    public let links: [HTMLLink]

    init(title: String?, blocks: [HTMLBlock], links: [HTMLLink]) {
        self.title = title
        self.blocks = blocks
        self.links = links
    }

    /// Parses `html` tolerantly, the way a browser would show it, in one forward pass.
    ///
    /// - Block elements (`<p>`, `<div>`, `<h1>`–`<h6>`, `<li>`, `<tr>`, `<pre>`, `<blockquote>`, `<dt>`/`<dd>`,
    ///   `<section>` and the other sectioning elements …) start blocks; inline elements set
    ///   ``HTMLTextAttributes``; `<br>` starts a new line inside a block.
    /// - Whitespace collapses as in HTML, except inside `<pre>`; `&nbsp;` is kept (as U+00A0) and
    ///   does not collapse; soft hyphens and the invisible direction marks (LRM, RLM, ALM) are dropped.
    /// - `<script>`, `<style>`, `<head>`, `<template>`, `<svg>`, `<math>`, `<select>` contents, comments,
    ///   `<!DOCTYPE>`, CDATA sections and processing instructions are dropped; `<title>` fills ``title``.
    /// - `<img alt="x">` becomes "[x]"; an image without alt text disappears.
    /// - Malformed markup is tolerated: missing end tags are implied, stray end tags ignored, a `<` that
    ///   starts no tag is text, and a tag or comment cut off by the end of the input is dropped.
    ///   Elements nest at most ``maximumNestingDepth`` deep; deeper start tags are ignored.
    /// - Every run's text is sanitized after entities are decoded, so `&#27;` shows as "�", never as ESC.
    public static func parse(_ html: String) -> HTMLDocument {
        var html = html
        return html.withUTF8 { bytes in
            var tokenizer = HTMLTokenizer(bytes)
            var builder = HTMLBlockBuilder()
            while let token = tokenizer.next() {
                builder.consume(token)
            }
            return builder.finish()
        }
    }

    /// How deeply elements may nest; start tags beyond are ignored, so no input can make the
    /// parser's stack (or its per-tag work) grow without bound.
    public static let maximumNestingDepth = 64

    /// Lays the document out in lines of at most `width` display columns (see ``HTMLRenderedText``).
    ///
    /// - A blank line goes before a block whose ``HTMLBlock/blankLineBefore`` is set (never before the first).
    /// - Paragraphs and table rows wrap between words, by display width (East Asian wide characters take
    ///   2 columns, combining marks 0). The runs of a line wrap as one flow of words, so a bold word
    ///   mid-sentence moves like any other. A word wider than the line is broken by width, never inside
    ///   a character. Besides spaces, a line may break before and after an East Asian wide character
    ///   (Chinese and Japanese have no spaces), but not before punctuation.
    /// - `&nbsp;` never breaks a line and is drawn as a plain space.
    /// - List items: the marker at the block's indent, then the text; continuation lines align with the
    ///   text (a hanging indent). Too narrow for that, the marker becomes the text's first word.
    /// - Headings keep their bold ``HTMLTextAttributes/heading`` runs; level 1 is underlined with "═",
    ///   level 2 with "─", as wide as the heading's longest line (runs with ``HTMLTextAttributes/heading``).
    /// - `<pre>` lines keep their spaces and break by width only.
    /// - A rule (`<hr>`) is a line of "─" across the width (at most 500 columns, so `Int.max` as
    ///   "never wrap" stays cheap).
    /// - Indentation gives way on narrow widths: text keeps at least 10 columns (the whole width when narrower).
    /// - A width below 1 gives no lines (and no link locations).
    public func layout(width: Int) -> HTMLRenderedText {
        HTMLLayout.layout(self, width: width)
    }

    /// The laid-out text (``layout(width:)``) as plain lines joined with "\n".
    public func plainText(width: Int) -> String {
        layout(width: width).plainText
    }

    /// All text on one line: blocks and line breaks become single spaces, list markers and rules are left out.
    /// Meant for a list cell that shows an HTML description truncated to one row.
    public var singleLineText: String {
        var pieces: [String] = []
        for block in blocks {
            for line in block.lines {
                let text = line.map(\.text).joined().replacingNonBreakingSpaces()
                let trimmed = text.trimmingSpaces()
                if !trimmed.isEmpty { pieces.append(trimmed) }
            }
        }
        return pieces.joined(separator: " ")
    }
}

/// One block of the document: a paragraph, heading, list item, table row, preformatted text or rule.
public struct HTMLBlock: Sendable, Hashable {
    /// What the block is; it decides how ``HTMLDocument/layout(width:)`` lays it out.
    public enum Kind: Sendable, Hashable {
        /// Text of `<p>`, `<div>`, `<blockquote>` … and text outside any block element; also the second
        /// and later paragraphs inside one list item (indented to the item's text).
        case paragraph
        /// `<h1>`–`<h6>`; `level` is 1–6.
        case heading(level: Int)
        /// The first block of an `<li>`. `marker` is "•" in `<ul>` and "1.", "2." … in `<ol>` (from its
        /// `start` attribute); `depth` is 0 for a top-level list and grows by one per nested list.
        case listItem(marker: String, depth: Int)
        /// A `<tr>`: its cells joined with " │ " on one line; `<th>` cells are bold.
        /// Everything inside a cell (paragraphs, line breaks, nested tables) flows as words.
        case tableRow
        /// `<pre>`: whitespace and line breaks as written, tabs expanded to stops of 8 columns.
        case preformatted
        /// `<hr>`; it has no lines.
        case horizontalRule
    }

    /// What the block is.
    public let kind: Kind
    /// The block's text: one array of runs per line (lines are separated by `<br>`, or by
    /// line breaks inside `<pre>`). Runs hold collapsed whitespace; an empty array is an empty line.
    public let lines: [[HTMLRun]]
    /// Columns to indent every line by: 2 per `<blockquote>` or `<dd>` level, and, inside a list item,
    /// the column where the item's text starts. For a ``Kind/listItem(marker:depth:)`` it is the marker's column.
    public let indent: Int
    /// Whether a blank line separates this block from the one before: HTML's vertical margins
    /// (paragraphs, headings, lists and tables as a whole, `<pre>`, `<blockquote>`, `<hr>`), collapsed.
    /// Consecutive list items, table rows and `<div>` lines follow each other without one.
    public let blankLineBefore: Bool

    init(kind: Kind, lines: [[HTMLRun]], indent: Int, blankLineBefore: Bool) {
        self.kind = kind
        self.lines = lines
        self.indent = indent
        self.blankLineBefore = blankLineBefore
    }
}

extension String {
    /// U+00A0 (from `&nbsp;`) as a plain space: a terminal draws it the same, and copied text stays plain.
    func replacingNonBreakingSpaces() -> String {
        guard utf8.contains(0xC2) else { return self } // U+00A0 is C2 A0 in UTF-8
        return String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{A0}" ? " " : $0 }))
    }

    /// Without leading and trailing U+0020 spaces (the only whitespace left after collapsing).
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }),
              let last = scalars.lastIndex(where: { $0 != " " }) else { return "" }
        return String(scalars[first...last])
    }
}
