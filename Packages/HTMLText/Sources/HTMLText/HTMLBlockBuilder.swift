
/// Turns tokens into blocks in one pass, keeping a stack of the open elements that matter
/// (formatting, links, blocks, lists, tables) at most ``HTMLDocument/maximumNestingDepth`` deep.
///
/// The stack stands in for the DOM: the innermost open block element decides which kind of
/// block text goes into, and a block ends whenever a block element starts or ends. Missing end tags
/// are implied the way HTML does for the common cases (`<p>`, `<li>`, `<dt>`/`<dd>`, `<tr>`, `<td>`),
/// and an end tag closes the nearest matching element or, when there is none, is ignored.
/// Every token costs at most a few walks over the bounded stack, so the work stays linear.
///
/// Its parts are in files of their own: tokens, elements, the stack, text, blocks and links
/// (`HTMLBlockBuilder+<Part>.swift`); its state is internal so that they can share it.
struct HTMLBlockBuilder {
    var blocks: [HTMLBlock] = []
    /// For a table row laid out on one line: the indices of its cell separators among the line's runs
    /// (by block index), so that the rows of one table can be padded into aligned columns.
    var rowSeparators: [Int: [Int]] = [:]
    /// Open elements; plain values without references, so walking the stack copies no strings.
    var stack: [OpenElement] = []
    /// How many of each tag are open (by ``HTMLTag/rawValue``), and the set of those open at all, so that looking
    /// for an element that is not open (a stray end tag, a `<p>` to close) costs nothing.
    var openCounts = [Int](repeating: 0, count: HTMLTag.allCases.count)
    var openTags = HTMLTagSet()
    var mode = Mode.body
    var block = BlockInProgress()
    /// The run being collected; it joins ``BlockInProgress/currentLine`` when the style changes.
    var runText = ""
    var runStyle = Style()
    /// The style of the last visible character, so a collapsed space between two words takes only what both share.
    var lastStyle = Style()
    var space = SpaceState.suppressed
    /// A block with a margin started or ended since the last block: the next block gets a blank line before it.
    var marginPending = false
    /// Display columns on the current line of a `<pre>` block, for tab stops.
    var preformattedColumn = 0
    /// Set by a `<pre>` start tag: a line break right after it is not content (as in HTML).
    var skipsNextNewline = false

    /// The `href` of every `<a href>` seen, and the link index it got once it showed visible text.
    var anchorHrefs: [String] = []
    var anchorLinkIndices: [Int?] = []
    var linkHrefs: [String] = []

    var title: String?
    /// Collects `<title>` text while one is open.
    var titleText: String?

    enum Mode {
        case body
        /// In `<head>`: only `<title>` counts; anything that belongs in the body ends it.
        case head
        /// Inside an element whose content is dropped, `depth` levels of it deep.
        case skipping(HTMLTag, depth: Int, returnsToHead: Bool)
    }

    enum SpaceState {
        /// At the start of a line: whitespace is dropped.
        case suppressed
        /// After visible text, no whitespace yet.
        case none
        /// Whitespace seen; one space goes out, with this style, before the next visible character.
        case pending(HTMLTextAttributes, linkIndex: Int?)
    }

    struct Style: Equatable {
        var attributes = HTMLTextAttributes()
        var linkIndex: Int?
    }

    enum BlockRole: Equatable {
        case paragraph, heading(Int), preformatted, tableRow
    }

    /// What holds for text inside an open element; each stack entry stores its own.
    struct Context {
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

    enum Effect {
        /// Formatting and links: they change attributes, never blocks.
        case inline
        /// Starts and ends blocks.
        case block
        /// A table cell of the outermost table: its text joins the row.
        case cell
        /// A block element inside a cell: it separates words, nothing more.
        case neutral
    }

    struct OpenElement {
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

    struct BlockInProgress {
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

    static let cellSeparator = " │ "

    // Tag sets for the stack walks, built once.
    static let listItemTags = HTMLTagSet(.li)
    static let definitionTags = HTMLTagSet(.dt, .dd)
    static let cellTags = HTMLTagSet(.td, .th)
    static let rowBoundaries = HTMLTagSet(.tr, .table)
    static let rowTags = HTMLTagSet(.tr)
    static let tableTags = HTMLTagSet(.table)
    static let noTags = HTMLTagSet()
    static let paragraphTags = HTMLTagSet(.p)
    static let paragraphBoundaries = HTMLTagSet(.table, .td, .th, .caption)
    static let listItemTransparentTags = HTMLTagSet(.div, .p, .address)
    static let listItemBoundaries = HTMLTagSet(.ul, .ol, .menu, .dir, .table, .td, .th)
    static let blockBoundaries = HTMLTagSet(.table, .td, .th)
}
