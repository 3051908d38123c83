import TerminalUI

/// Where everything of the overview goes for a given size: the tab row, the filter line, the list viewport, and
/// the list's rows: row 0 is the header (title, subtitle, notice, blank), products follow, and the
/// footer (after the empty-list message, if any) is the last row.
///
/// The list is virtual (``VirtualListLayout``): a product's height comes from wrapping its
/// description, and only rows near the screen are ever wrapped, so a key costs the same for 10
/// products as for 100,000. The selection counts products from 0 with the footer after the last;
/// list row = selection + 1.
struct Check24OverviewLayout {
    static let imageColumns = 10
    static let imageRows = 5
    /// Marker column + space on the left, one column of margin on the right.
    static let leadingColumns = 2

    let size: Size
    let tabs: Rect
    let list: Rect
    /// The header's lines (title, subtitle, notice, blank).
    let headerHeight: Int
    let rows: ProductRows
    /// The empty-list message, wrapped; drawn above the footer.
    let emptyLines: [String]
    let virtual: VirtualListLayout
    private let wrapped: WrapCache

    init(size: Size, header: Check24Header, notice: String?, rows: ProductRows, emptyMessage: String?,
         wrapCache: DescriptionWrapCache = DescriptionWrapCache()) {
        self.size = size
        tabs = Rect(column: 0, row: 0, columns: size.columns, rows: min(1, size.rows))
        list = Self.listRect(size)
        let textColumns = Self.textColumns(for: size.columns)
        let headerHeight = TextWrap.wrap(header.title, width: max(1, size.columns - 2)).count
            + (header.subtitle.isEmpty ? 0 : TextWrap.wrap(header.subtitle, width: max(1, size.columns - 2)).count)
            + (notice == nil ? 0 : 1) + 1
        self.headerHeight = headerHeight
        self.rows = rows
        let emptyLines = emptyMessage.map { TextWrap.wrap($0, width: max(1, size.columns - 2)) } ?? []
        self.emptyLines = emptyLines
        let wrapped = WrapCache(rows: rows, width: textColumns, shared: wrapCache)
        self.wrapped = wrapped
        let footerHeight = emptyLines.isEmpty ? 1 : emptyLines.count + 2
        let productCount = rows.count
        virtual = VirtualListLayout(count: productCount + 2, viewportRows: list.rows, height: { index in
            if index == 0 { return headerHeight }
            if index > productCount { return footerHeight }
            // Name, description, stars; at least as tall as the picture; then a separator line.
            return max(Self.imageRows, 1 + wrapped.description(index - 1).count + 1) + 1
        }, isSelectable: { $0 > 0 })
    }

    /// Below the filter tabs, their rule and the `/` filter's line, above the key bar: the list, and
    /// where the spinner and the error view are centered.
    static func listRect(_ size: Size) -> Rect { Rect(column: 0, row: 3, columns: size.columns, rows: max(0, size.rows - 4)) }

    /// The `/` filter's line, under the tabs' rule.
    static func searchRect(_ size: Size) -> Rect { Rect(column: 1, row: 2, columns: max(0, size.columns - 2), rows: size.rows > 3 ? 1 : 0) }

    static func textColumns(for columns: Int) -> Int {
        ListRow.textColumns(width: columns - leadingColumns, pictureSide: .leading, pictureColumns: imageColumns)
    }

    var textColumns: Int { Self.textColumns(for: size.columns) }

    /// The description of product `index`, wrapped to ``textColumns`` (wrapped once per layout).
    func descriptionLines(_ index: Int) -> [String] { wrapped.description(index) }

    /// Product `index`'s row (formatted once per layout).
    func row(_ index: Int) -> ProductRowViewModel { wrapped.row(index) }

    /// The first visible list row that shows selection `index`, moving as little as possible from
    /// `previous`. The first product scrolls to the very top, so the header shows with it.
    func firstVisibleRow(showing index: Int, previous: Int) -> Int {
        index <= 0 ? 0 : virtual.top(showing: index + 1, previousTop: previous)
    }
}

/// The rows and wrapped descriptions of one layout, so that measuring and drawing a row format and
/// wrap it once (a row of ``ProductRows`` is formatted each time it is read).
private final class WrapCache {
    let rows: ProductRows
    let width: Int
    let shared: DescriptionWrapCache
    private var lines: [Int: [String]] = [:]
    private var formatted: [Int: ProductRowViewModel] = [:]

    init(rows: ProductRows, width: Int, shared: DescriptionWrapCache) {
        self.rows = rows
        self.width = width
        self.shared = shared
    }

    func row(_ index: Int) -> ProductRowViewModel {
        if let known = formatted[index] { return known }
        let row = rows[index]
        formatted[index] = row
        return row
    }

    func description(_ index: Int) -> [String] {
        if let known = lines[index] { return known }
        let wrapped = shared.lines(of: row(index).description, width: width)
        lines[index] = wrapped
        return wrapped
    }
}

/// Descriptions wrapped at a width, kept across frames and key presses: a row's height is measured
/// once per width, not once per key. A view keeps one; it forgets everything when it grows large
/// (a catalog scrolled end to end) rather than grow without bound.
final class DescriptionWrapCache {
    private struct Key: Hashable {
        let text: String
        let width: Int
    }
    private var entries: [Key: [String]] = [:]
    static let capacity = 20_000

    func lines(of text: String, width: Int) -> [String] {
        let key = Key(text: text, width: width)
        if let known = entries[key] { return known }
        if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
        let wrapped = TextWrap.wrap(text, width: width).filter { !$0.isEmpty }
        entries[key] = wrapped
        return wrapped
    }
}
