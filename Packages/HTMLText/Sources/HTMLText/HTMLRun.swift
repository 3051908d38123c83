/// The inline styles of a run of text. A view maps them to terminal styles (bold, italic,
/// underline, strikethrough; `code` and `heading` are hints it may color).
public struct HTMLTextAttributes: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `<b>`, `<strong>`, headings, table header cells and definition terms (`<dt>`).
    public static let bold = HTMLTextAttributes(rawValue: 1 << 0)
    /// `<i>`, `<em>`, `<cite>`, `<dfn>`, `<var>`.
    public static let italic = HTMLTextAttributes(rawValue: 1 << 1)
    /// `<u>`, `<ins>`. Links are not underlined here: a run's ``HTMLRun/linkIndex`` marks them.
    public static let underline = HTMLTextAttributes(rawValue: 1 << 2)
    /// `<s>`, `<strike>`, `<del>`.
    public static let strikethrough = HTMLTextAttributes(rawValue: 1 << 3)
    /// `<code>`, `<kbd>`, `<samp>`, `<tt>`.
    public static let code = HTMLTextAttributes(rawValue: 1 << 4)
    /// Text of `<h1>`–`<h6>` and the rules that underline level 1 and 2 headings.
    public static let heading = HTMLTextAttributes(rawValue: 1 << 5)
}

/// A piece of text with one set of attributes, inside a block or on a laid-out line.
///
/// Text that comes out of ``HTMLDocument/parse(_:)`` and ``HTMLDocument/layout(width:)`` is sanitized
/// (TerminalUI's `Sanitizer`): it holds no control characters, no ESC and no bidi overrides.
public struct HTMLRun: Sendable, Hashable {
    /// The text; collapsed whitespace is a single space, `&nbsp;` stays U+00A0 in blocks and is a space on laid-out lines.
    public let text: String
    /// How to draw the text.
    public let attributes: HTMLTextAttributes
    /// The index into the document's ``HTMLDocument/links`` when this text belongs to a link.
    public let linkIndex: Int?

    /// A run as the parser and the layout make them (also handy for expected values in tests).
    public init(_ text: String, attributes: HTMLTextAttributes = [], linkIndex: Int? = nil) {
        self.text = text
        self.attributes = attributes
        self.linkIndex = linkIndex
    }
}

/// A link (`<a href="…">`) with visible text, in the order the links appear in the document.
public struct HTMLLink: Sendable, Hashable {
    /// The `href` attribute with entities decoded, tabs and line breaks removed (as URL parsing does),
    /// surrounding spaces trimmed, and sanitized. Not resolved against any base URL.
    public let href: String
    /// The link's text on one line (what a status line shows for the selected link).
    public let text: String

    /// A link as the parser makes it (also handy for expected values in tests).
    public init(href: String, text: String) {
        self.href = href
        self.text = text
    }
}
