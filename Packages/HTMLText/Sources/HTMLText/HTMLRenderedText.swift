import TextCells

/// A document laid out for one width: lines of styled runs, and where each link ended up.
///
/// A web view draws each line's runs with their own style, and uses ``linkLocations`` to highlight
/// the selected link and ``firstLine(ofLink:)`` to scroll it into view.
public struct HTMLRenderedText: Sendable, Hashable {
    /// The width the text was laid out for. No line is wider, except that at width 1 a line may hold
    /// one wide character (2 columns), which drawing clips.
    public let width: Int
    /// The lines, top to bottom; a blank line between blocks is a line without runs.
    public let lines: [HTMLLine]
    /// The document's links; ``HTMLRun/linkIndex`` and ``linkLocations`` index into it.
    public let links: [HTMLLink]
    /// For each link (same index as ``links``), the stretches of lines it covers, in reading order:
    /// one per line it appears on (more when its text is interrupted, e.g. by a table cell separator).
    public let linkLocations: [[HTMLLinkLocation]]

    init(width: Int, lines: [HTMLLine], links: [HTMLLink], linkLocations: [[HTMLLinkLocation]]) {
        self.width = width
        self.lines = lines
        self.links = links
        self.linkLocations = linkLocations
    }

    /// The first line that shows link `index`; nil for an index out of range or a link that got no line.
    public func firstLine(ofLink index: Int) -> Int? {
        guard linkLocations.indices.contains(index) else { return nil }
        return linkLocations[index].first?.line
    }

    /// The link drawn at `column` of `line` (both 0-based), for mouse clicks; nil where there is none.
    public func linkIndex(atLine line: Int, column: Int) -> Int? {
        guard lines.indices.contains(line), column >= 0 else { return nil }
        var start = 0
        for run in lines[line].runs {
            let end = start + DisplayWidth.of(run.text)
            if column < end { return run.linkIndex }
            start = end
        }
        return nil
    }

    /// The lines' text joined with "\n", without styles.
    public var plainText: String {
        lines.map(\.text).joined(separator: "\n")
    }
}

/// One laid-out line: runs drawn left to right from column 0. Indentation and list markers are runs too.
public struct HTMLLine: Sendable, Hashable {
    /// The line's runs; neighbours differ in attributes or link. Empty for a blank line.
    public let runs: [HTMLRun]

    /// A line of `runs` (as the layout makes them; also handy for expected values in tests).
    public init(_ runs: [HTMLRun]) {
        self.runs = runs
    }

    /// The line's text without styles.
    public var text: String {
        runs.map(\.text).joined()
    }

    /// The line's width in display columns.
    public var width: Int {
        DisplayWidth.of(text)
    }
}

/// Where (part of) a link sits: `width` display columns starting at `column` of line `line`, 0-based.
public struct HTMLLinkLocation: Sendable, Hashable {
    /// Index into ``HTMLRenderedText/lines``.
    public let line: Int
    /// The first display column, counting indentation and list markers.
    public let column: Int
    /// Display columns (wide characters count 2).
    public let width: Int

    /// A location as the layout makes them (also handy for expected values in tests).
    public init(line: Int, column: Int, width: Int) {
        self.line = line
        self.column = column
        self.width = width
    }
}
