/// The elements the block builder knows. Any other tag (`<span>`, `<font>`, `<foo>` …) has no
/// effect: its text flows on as if the tag were not there.
///
/// Each case is named exactly like its element; the raw value is a small ordinal for ``HTMLTagSet``.
enum HTMLTag: UInt8, CaseIterable {
    // Document structure
    case html, head, body, title, meta, link, base, noscript
    // Content that is never shown
    case script, style, template, svg, math, select, iframe, noembed, noframes
    // Blocks
    case p, div, section, article, header, footer, nav, main, aside, address, center, hgroup
    case form, fieldset, legend, details, summary, figure, figcaption, blockquote
    case pre, listing, xmp
    case h1, h2, h3, h4, h5, h6
    case ul, ol, menu, dir, li, dl, dt, dd
    case table, caption, tr, td, th, thead, tbody, tfoot
    // A form field: its text (raw, up to its end tag) shows as ordinary text
    case textarea
    // Void elements
    case br, hr, img
    // Inline
    case a, b, strong, i, em, cite, dfn, `var`, u, ins, s, strike, del, code, kbd, samp, tt

    /// Lookup by lowercased name. The names are the case names (`String(describing:)`), so they cannot drift apart.
    static let named: [String: HTMLTag] = Dictionary(uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })

    var headingLevel: Int? {
        switch self {
        case .h1: 1
        case .h2: 2
        case .h3: 3
        case .h4: 4
        case .h5: 5
        case .h6: 6
        default: nil
        }
    }

    var isList: Bool {
        switch self {
        case .ul, .ol, .menu, .dir: true
        default: false
        }
    }

    var isPreformatted: Bool {
        self == .pre || self == .listing || self == .xmp
    }

    /// Elements that end the current block when they start or end.
    var isBlock: Bool {
        switch self {
        case .p, .div, .section, .article, .header, .footer, .nav, .main, .aside, .address, .center, .hgroup,
             .form, .fieldset, .legend, .details, .summary, .figure, .figcaption, .blockquote,
             .pre, .listing, .xmp, .h1, .h2, .h3, .h4, .h5, .h6,
             .ul, .ol, .menu, .dir, .li, .dl, .dt, .dd, .table, .caption, .tr, .td, .th:
            true
        default:
            false
        }
    }

    /// Blocks whose start implies the end of an open `<p>` (HTML's "close a p element").
    var closesParagraph: Bool {
        isBlock && !isTableStructure && self != .legend && self != .caption
    }

    var isTableStructure: Bool {
        self == .tr || self == .td || self == .th
    }

    /// The inline style the element adds.
    var attributes: HTMLTextAttributes {
        switch self {
        case .b, .strong, .dt, .th: .bold
        case .i, .em, .cite, .dfn, .var: .italic
        case .u, .ins: .underline
        case .s, .strike, .del: .strikethrough
        case .code, .kbd, .samp, .tt: .code
        case .h1, .h2, .h3, .h4, .h5, .h6: Self.headingAttributes
        default: HTMLTextAttributes()
        }
    }

    // Built once: an option set from an array literal is built element by element on every use.
    private static let headingAttributes: HTMLTextAttributes = [.heading, .bold]

    /// Inline elements that only add attributes.
    var isFormatting: Bool {
        switch self {
        case .b, .strong, .i, .em, .cite, .dfn, .var, .u, .ins, .s, .strike, .del, .code, .kbd, .samp, .tt: true
        default: false
        }
    }

    /// Blocks with a vertical margin in a browser's default style sheet; lists only when not nested.
    func hasMargin(listDepth: Int) -> Bool {
        switch self {
        case .p, .h1, .h2, .h3, .h4, .h5, .h6, .dl, .blockquote, .pre, .listing, .xmp, .table, .figure, .fieldset: true
        case .ul, .ol, .menu, .dir: listDepth == 0
        default: false
        }
    }

    /// Whether the tokenizer keeps the element's attributes (the builder reads `href`, `alt` and `start`).
    var needsAttributes: Bool {
        self == .a || self == .img || self == .ol
    }

    /// Elements whose content is dropped (the tokenizer already drops script and style text; these hold markup).
    var dropsContent: Bool {
        switch self {
        case .template, .svg, .math, .select: true
        default: false
        }
    }

    /// What may stand in `<head>` without ending it.
    var belongsInHead: Bool {
        switch self {
        case .title, .meta, .link, .base, .script, .style, .noscript, .template, .head: true
        default: false
        }
    }
}

/// A set of tags as a bit mask: membership tests cost two instructions (the stack walks use them per element).
struct HTMLTagSet: Equatable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ tags: HTMLTag...) {
        for tag in tags { insert(tag) }
    }

    init(_ tag: HTMLTag) {
        insert(tag)
    }

    func contains(_ tag: HTMLTag) -> Bool {
        tag.rawValue < 64 ? low & (1 << tag.rawValue) != 0 : high & (1 << (tag.rawValue - 64)) != 0
    }

    func intersects(_ other: HTMLTagSet) -> Bool {
        low & other.low != 0 || high & other.high != 0
    }

    mutating func insert(_ tag: HTMLTag) {
        if tag.rawValue < 64 { low |= 1 << tag.rawValue } else { high |= 1 << (tag.rawValue - 64) }
    }

    mutating func remove(_ tag: HTMLTag) {
        if tag.rawValue < 64 { low &= ~(1 << tag.rawValue) } else { high &= ~(1 << (tag.rawValue - 64)) }
    }
}
