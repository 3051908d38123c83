import TerminalKit
import TerminalUI
import TextCells

/// Where a list screen's parts go, after ratatui's `Layout`: the title line, the search line (when
/// the screen has one), the notice line and the list above the key bar (the frame's last line).
public struct ListScreenLayout: Equatable, Sendable {
    /// Whether the notice line is always kept (the list never moves) or only while a notice shows.
    public enum NoticeLine: Sendable {
        case reserved
        case whenShown
    }

    /// The title's line, less a column of margin each side.
    public let title: Rect
    /// The `/` search line, below the title.
    public let search: Rect?
    /// The notice's line, when there is one to show.
    public let notice: Rect?
    /// The rows of the list.
    public let list: Rect

    public init(size: Size, hasSearch: Bool = false, hasNotice: Bool, noticeLine: NoticeLine = .whenShown) {
        let textColumns = max(0, size.columns - 2)
        func line(_ row: Int) -> Rect { Rect(column: 1, row: row, columns: textColumns, rows: 1) }
        title = line(0)
        search = hasSearch ? line(1) : nil
        let noticeRow = hasSearch ? 2 : 1
        notice = hasNotice ? line(noticeRow) : nil
        let top = noticeRow + (hasNotice || noticeLine == .reserved ? 1 : 0)
        list = Rect(column: 0, row: top, columns: size.columns, rows: max(0, size.rows - top - 1))
    }

    /// Draws the title (bold) and the notice in their lines, each cut to fit.
    public func drawHeader(title text: String, notice: String?, into frame: inout Frame) {
        frame.put(text, at: title.origin, style: Style(bold: true), maxColumns: title.columns)
        drawNotice(notice, into: &frame)
    }

    /// Draws the notice in its line, cut to fit with "…" (a cut word reads as a different one).
    public func drawNotice(_ notice: String?, into frame: inout Frame) {
        if let notice, let rect = self.notice {
            frame.put(Truncation.truncate(notice, width: rect.columns), at: rect.origin, style: Theme.notice, maxColumns: rect.columns)
        }
    }
}

/// The body of a list screen, the same in every feature: the spinner while loading, the error view
/// (with its retry when trying again can help), the empty message, or the rows on screen, each
/// touched (►) or selected (▌) in text as in color, and the "↓ more" hint. A feature draws only
/// what is inside a row.
public enum ListBody {
    /// A row as ``ListBody/draw(_:in:into:layout:touchedIndex:words:context:marks:markedLines:drawRow:)`` hands it to the feature.
    public struct Cell {
        /// The row's position in the list.
        public let index: Int
        /// Where the row is on the screen (it may run past the list's bottom, into the key bar's line).
        public let rect: Rect
        public let isTouched: Bool
        public let isSelected: Bool
        /// The row's look (touched over selected over normal), already filled in.
        public let style: Style
    }

    /// Where a row shows its state: the lines filled with its look (all but `separatorLines` at its
    /// bottom), the line of its marker (or every line), and whether the selection is a fill or, for
    /// a list with its own row colours (check24's favourites), the marker and the row's own emphasis.
    public struct Marks: Sendable {
        public var separatorLines: Int
        public var markerLine: Int
        public var markerOnEveryLine: Bool
        public var fillsSelection: Bool

        public init(separatorLines: Int = 0, markerLine: Int = 0, markerOnEveryLine: Bool = false, fillsSelection: Bool = true) {
            self.separatorLines = separatorLines
            self.markerLine = markerLine
            self.markerOnEveryLine = markerOnEveryLine
            self.fillsSelection = fillsSelection
        }
    }

    /// The words of a list's states, in the feature's language.
    public struct Words: Sendable {
        public var loading: String
        public var empty: String
        public var retry: String
        /// "↓ more" and "end" beside the last line.
        public var scrollHint: ScrollView.MoreIndicatorWords

        public init(loading: String, empty: String, retry: String, scrollHint: ScrollView.MoreIndicatorWords = .english) {
            self.loading = loading
            self.empty = empty
            self.retry = retry
            self.scrollHint = scrollHint
        }
    }

    /// Draws `content` into `rect` of `frame`. Rows that cannot be selected (section headers) get
    /// no look and no marker; `drawRow` draws every row's inside into `frame`, at its cell's rect.
    ///
    /// `markedLines` says which lines of a row carry its look and its marker when rows differ (a page's
    /// footer marks its one line, a product its lines above its rule); by default all but the
    /// `marks.separatorLines` at the bottom.
    public static func draw<Row>(_ content: ListContent<Row>, in rect: Rect, into frame: inout Frame,
                                 layout: (LazyRows<Row>) -> VirtualListLayout, touchedIndex: Int?, words: Words,
                                 context: RenderContext, marks: Marks = Marks(),
                                 markedLines: ((Row, Range<Int>) -> Range<Int>)? = nil,
                                 drawRow: (Row, Cell, inout Frame) -> Void) {
        if drawStatus(content, in: rect, into: &frame, words: words, context: context) { return }
        guard case .loaded(let rows, let selectedIndex, let firstVisibleRow) = content else { return }
        // Straight into the screen's frame, not a frame of the list's own copied in: a key press costs
        // the rows on screen. A row cut by the bottom of the list runs into the key bar's line, which the
        // screen draws after the list.
        let layout = layout(rows)
        let top = layout.top(showing: selectedIndex, previousTop: firstVisibleRow)
        // Pictures of a row cut by the list's bottom show their part inside the list.
        let picturesBefore = frame.pictures.count
        defer { frame.clipPictures(from: picturesBefore, to: rect) }
        for visible in layout.visibleRows(top: top) {
            let touched = visible.index == touchedIndex, selected = visible.index == selectedIndex
            let rowRect = Rect(column: rect.column, row: rect.row + visible.line, columns: rect.columns, rows: visible.height)
            let style = Theme.listRow(touched: touched, selected: selected && marks.fillsSelection, mode: context.colorMode)
            let row = rows[visible.index]
            let markable = layout.isSelectable(visible.index)
            let allLines = rowRect.row..<(rowRect.row + rowRect.rows)
            let marked = markedLines?(row, allLines) ?? rowRect.row..<(rowRect.row + max(0, rowRect.rows - marks.separatorLines))
            if markable {
                frame.fill(Rect(column: rect.column, row: marked.lowerBound, columns: rowRect.columns, rows: marked.count), style: style)
            }
            drawRow(row, Cell(index: visible.index, rect: rowRect, isTouched: touched, isSelected: selected, style: style), &frame)
            // Also in text (--plain, NO_COLOR): ► touched, ▌ selected; drawn last, over the row's own first column.
            // A focus drawn before the list (the caret of a `/` filter being typed) keeps it.
            // Its first marked line: a row marked on some lines only (check24's footer) has the focus there.
            let focusLine = marks.markerOnEveryLine ? marked.lowerBound : rowRect.row + marks.markerLine
            if markable, selected, frame.cursor == nil, focusLine < rect.row + rect.rows {
                frame.cursor = Point(column: rect.column, row: focusLine)
            }
            if markable, touched || selected {
                let lines = marks.markerOnEveryLine ? Array(marked) : [rowRect.row + marks.markerLine]
                for line in lines where line < rect.row + rect.rows {
                    var markerStyle = style
                    if !touched, !marks.fillsSelection {
                        // On the row's own background (a favourite's), in the selection's colour.
                        markerStyle = frame[rect.column, line].style
                        markerStyle.foreground = Theme.selection.foreground
                        markerStyle.bold = true
                    }
                    // The accessible mode says it in text a reader reads as such (▌ is "left half block").
                    frame.put(context.accessible ? ">" : touched ? "►" : "▌", at: Point(column: rect.column, row: line), style: markerStyle)
                }
            }
        }
        // Counted on the rows drawn (section headers are one line): at the end it never says "more".
        if layout.maximumTop > 0 {
            ScrollView.drawMoreIndicator(into: &frame, continuesBelow: layout.continuesBelow(top: top), rightEdge: rect.column + rect.columns - 1,
                                         row: rect.row + rect.rows - 1, words: words.scrollHint)
        }
    }

    /// Draws the states every body shares, of any shape (a list, a grid): the spinner, the error view
    /// (with its retry when trying again can help) or the empty message, centered in `rect`; false when
    /// there are rows, which the caller draws.
    @discardableResult
    public static func drawStatus<Row>(_ content: ListContent<Row>, in rect: Rect, into frame: inout Frame, words: Words,
                                       context: RenderContext) -> Bool {
        var body = Frame(size: rect.size)
        switch content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + words.loading, into: &body, style: .plain)
        case .failed(let message, let canRetry):
            StatusView.error(message, retry: canRetry ? words.retry : nil, into: &body, colorMode: context.colorMode)
        case .loaded(let rows, _, _) where rows.isEmpty:
            StatusView.centered(words.empty, into: &body, style: Style(dim: true))
        case .loaded:
            return false
        }
        frame.draw(body, at: rect.origin)
        return true
    }

    /// The retry button of the error view drawn in `rect` (for a click on it), nil without one.
    public static func retryRect(message: String, retry: String, in rect: Rect) -> Rect? {
        let lines = TextWrap.wrap(message + "\n\n" + retry, width: max(1, rect.columns - 4))
        guard let last = lines.last, last == retry else { return nil }
        let top = max(0, (rect.rows - lines.count) / 2)
        let width = DisplayWidth.of(last)
        return Rect(column: rect.column + max(0, (rect.columns - width) / 2), row: rect.row + top + lines.count - 1, columns: width, rows: 1)
    }
}

/// A list presenter's share of the list screen: it keeps a ``ListState`` and redraws, and touching,
/// ending a touch and choosing a row work the same in every list, so they are written here once. A
/// presenter supplies its row count, which rows can be selected (not a section header, nothing while
/// loading), and what choosing a row opens.
@MainActor
public protocol ListPresenting: ListViewOutput {
    /// The selection, the top row, the touch and the rows on screen.
    var list: ListState { get set }
    /// The rows of the list now (the footer counted; none while loading or failed).
    var rowCount: Int { get }
    /// Whether row `index` can be selected and touched; by default every row there is.
    func isSelectableRow(_ index: Int) -> Bool
    /// Shows the current state.
    func publish()
}

extension ListPresenting {
    public func isSelectableRow(_ index: Int) -> Bool { (0..<rowCount).contains(index) }

    public func didTouchRow(at index: Int) {
        guard isSelectableRow(index), list.touch(index, count: rowCount) else { return }
        publish()
    }

    public func didCancelTouch() {
        if list.cancelTouch() { publish() }
    }

    /// Chooses row `index` (enter, or a release on the touched row) and shows it: whether the
    /// selection moved there, or nil when there is no such row any more (the touch just ends).
    @discardableResult
    public func chooseRow(_ index: Int) -> Bool? {
        guard isSelectableRow(index) else {
            didCancelTouch()
            return nil
        }
        let moved = list.choose(index, count: rowCount)
        publish()
        return moved
    }

    /// Selects row `index` with `top` at the top and `visibleRows` on screen: whether the selection
    /// moved, or nil when the row cannot be selected (a stale event). The caller shows the change.
    public func selectRow(_ index: Int, firstVisibleRow top: Int, visibleRows: Range<Int>) -> Bool? {
        guard isSelectableRow(index) else { return nil }
        return list.select(index, firstVisibleRow: top, visibleRows: visibleRows, count: rowCount)
    }
}
