import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The overview screen: filter tabs, the `/` filter line, then a scrolling list of the header, the
/// products and the footer. Pure drawing of the presenter's view model; keys and clicks become presenter calls.
struct Check24OverviewView: ModuleView {
    typealias Output = any Check24OverviewViewOutput
    /// A memo of wrapped descriptions (it changes no output, only how often text is wrapped).
    let wrapCache = DescriptionWrapCache()
    /// Pictures rendered at their size, so a key press does not scale them again.
    let pictures = PictureRenderCache()

    static func didAppear(_ output: Output) { output.didLoad() }

    /// This screen's keys: the `?` overlay and `apps-cli <feature> --help` both read this list.
    nonisolated static let bindings = Check24Texts.overviewBindings
    nonisolated static let keys = Check24Texts.overviewKeys
    /// The error view's keys: its retry (`Neuladen`), which a config file remaps as `retry`.
    nonisolated static let failedKeys = [NavigationTexts.german.retryKey]

    static func keys(for viewModel: Check24OverviewViewModel) -> [KeyHelp] {
        if case .failed = viewModel.content { return failedKeys }
        return keys
    }

    static let editingKeyBar = Check24Texts.filterTypingBar

    /// The words of the list's states, in German: the error view's button reads `[ Neuladen ]`.
    static let words = ListBody.Words(loading: Check24Texts.loading, empty: "", retry: NavigationTexts.german.retryButton,
                                      scrollHint: .german)

    /// A row of the overview's list: the page header, a product, or the footer (the legal link, with
    /// the empty message above it).
    enum OverviewRow: Equatable, Sendable {
        case header
        case product(Int)
        case footer
    }

    // MARK: Drawing

    func render(_ viewModel: Check24OverviewViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let size = context.size
        let tabBar = TabBar(titles: viewModel.filters, selected: viewModel.selectedFilter, isEnabled: viewModel.filtersEnabled)
        tabBar.draw(into: &frame, rect: Rect(column: 0, row: 0, columns: size.columns, rows: 1))
        if size.rows > 1 {
            frame.put(String(repeating: "─", count: size.columns), at: Point(column: 0, row: 1), style: Style(foreground: .gray))
        }
        switch viewModel.content {
        case .loading:
            // The spinner and the error view are every list's.
            ListBody.drawStatus(ListContent<String>.loading, in: Check24OverviewLayout.listRect(size), into: &frame, words: Self.words, context: context)
            KeyBar.draw(Check24Texts.loadingKeyBar(context.keyMap), into: &frame)
        case .failed(let message):
            ListBody.drawStatus(ListContent<String>.failed(message: message), in: Check24OverviewLayout.listRect(size), into: &frame, words: Self.words, context: context)
            KeyBar.draw(Check24Texts.failedKeyBar(context.keyMap), into: &frame)
        case .loaded(let header, let rows, let emptyMessage, let selected, let firstVisibleRow):
            Self.drawSearch(viewModel, in: Check24OverviewLayout.searchRect(size), into: &frame, context: context)
            let layout = Check24OverviewLayout(size: size, header: header, notice: viewModel.notice, rows: rows,
                                               emptyMessage: emptyMessage, wrapCache: wrapCache)
            // The shared list body over the page's rows: the header, the products, the footer (the
            // presenter counts from the first product, the list from the header). Only the rows on screen
            // are laid out and drawn (pictures are scaled per draw).
            let top = layout.firstVisibleRow(showing: selected, previous: firstVisibleRow)
            let pageRows = LazyRows(count: rows.count + 2) { index -> OverviewRow in
                index == 0 ? .header : index <= rows.count ? .product(index - 1) : .footer
            }
            let content = ListContent.loaded(rows: pageRows, selectedIndex: selected + 1, firstVisibleRow: top)
            // A product's look and marker cover its lines above its rule; the footer's, its own line.
            let marks = ListBody.Marks(markerOnEveryLine: true, fillsSelection: false)
            ListBody.draw(content, in: layout.list, into: &frame, layout: { _ in layout.virtual }, touchedIndex: viewModel.touchedRow.map { $0 + 1 },
                          words: Self.words, context: context, marks: marks,
                          markedLines: { row, lines in row == .footer ? (lines.upperBound - 1)..<lines.upperBound : lines.dropLast() }) { row, cell, body in
                let lines = cell.rect.row..<(cell.rect.row + cell.rect.rows)
                switch row {
                case .header:
                    Self.drawHeader(header, notice: viewModel.notice, into: &body, firstLine: cell.rect.row)
                case .product(let product):
                    Self.drawRow(layout.row(product), descriptionLines: layout.descriptionLines(product), selected: cell.isSelected,
                            touched: cell.isTouched, into: &body, lines: lines.dropLast(), layout: layout, context: context, pictures: pictures)
                case .footer:
                    for (number, text) in layout.emptyLines.enumerated() {
                        body.put(text, at: Point(column: 2, row: cell.rect.row + number), style: Style(dim: true))
                    }
                    Self.drawFooter(viewModel.footer, selected: cell.isSelected, into: &body, line: lines.upperBound - 1)
                }
            }
            // The key bar fills its line, covering whatever a row cut by the bottom of the list drew there.
            KeyBar.draw(viewModel.search.isEditing ? Check24Texts.filterTypingBar : Self.keys.keyBar(.german, context.keyMap), into: &frame)
        }
        return frame
    }

    /// The filter's line: the query (or the placeholder), and how many of the tab's products it leaves at the right.
    private static func drawSearch(_ viewModel: Check24OverviewViewModel, in rect: Rect, into frame: inout Frame, context: RenderContext) {
        guard !rect.isEmpty else { return }
        var field = rect
        if let count = viewModel.searchCount {
            let width = DisplayWidth.of(count)
            if width + 12 <= rect.columns {
                frame.put(count, at: Point(column: rect.column + rect.columns - width, row: rect.row), style: Style(dim: true))
                field = Rect(column: rect.column, row: rect.row, columns: rect.columns - width - 1, rows: 1)
            }
        }
        viewModel.search.draw(into: &frame, rect: field, placeholder: Check24Texts.filterPlaceholder, colorMode: context.colorMode)
    }

    private static func drawHeader(_ header: Check24Header, notice: String?, into frame: inout Frame, firstLine: Int) {
        var row = firstLine
        for line in TextWrap.wrap(header.title, width: max(1, frame.size.columns - 2)) {
            frame.put(line, at: Point(column: 2, row: row), style: Style(bold: true))
            row += 1
        }
        if !header.subtitle.isEmpty {
            for line in TextWrap.wrap(header.subtitle, width: max(1, frame.size.columns - 2)) {
                frame.put(line, at: Point(column: 2, row: row), style: Style(dim: true))
                row += 1
            }
        }
        if let notice {
            frame.put(Truncation.truncate("! " + notice, width: max(0, frame.size.columns - 2)), at: Point(column: 2, row: row),
                      style: Style(foreground: .yellow), maxColumns: frame.size.columns - 2)
        }
    }

    private static func drawRow(_ row: ProductRowViewModel, descriptionLines: [String], selected: Bool, touched: Bool,
                                into frame: inout Frame, lines: Range<Int>, layout: Check24OverviewLayout, context: RenderContext,
                                pictures: PictureRenderCache?) {
        let columns = frame.size.columns
        // The touched look and the ► / ▌ markers are the list body's; a favourite has its own background.
        var base = Style.plain
        if touched {
            base = Theme.touched(context.colorMode)
        } else if row.isFavorite, context.colorMode != .none {
            base = Style(foreground: Check24Colors.favoriteForeground, background: Check24Colors.favoriteBackground)
            frame.fill(Rect(column: 0, row: lines.lowerBound, columns: columns, rows: lines.count), style: base)
        }
        // Name and price share the first line; the price keeps its place, the name is truncated.
        var priceStyle = base
        priceStyle.bold = true
        if !row.isFavorite, !touched { priceStyle.foreground = Theme.price.foreground }
        var nameStyle = base
        nameStyle.bold = true
        nameStyle.reverse = selected
        var starStyle = base
        if !row.isFavorite, !touched { starStyle.foreground = Theme.rating.foreground }
        let listRow = ListRow(title: (row.isFavorite ? "♥ " : "") + row.name, titleStyle: nameStyle,
                              trailing: row.price, trailingStyle: priceStyle, lines: descriptionLines, linesStyle: base,
                              footer: row.stars, footerStyle: starStyle,
                              pictureSide: row.isAvailable ? .leading : .trailing,
                              pictureSize: Size(columns: Check24OverviewLayout.imageColumns, rows: Check24OverviewLayout.imageRows))
        let rowRect = Rect(column: Check24OverviewLayout.leadingColumns, row: lines.lowerBound,
                           columns: columns - Check24OverviewLayout.leadingColumns, rows: lines.count)
        listRow.draw(into: &frame, rect: rowRect) { frame, rect in
            ImageSlotView.draw(row.image, into: &frame, rect: rect, colorMode: context.colorMode, tier: context.pictures, tick: context.tick, cache: pictures,
                               words: Check24Texts.pictureWords)
        }
        frame.put(String(repeating: "─", count: max(0, columns - 2)), at: Point(column: 1, row: lines.upperBound),
                  style: Style(foreground: .gray, dim: true))
    }

    private static func drawFooter(_ footer: String, selected: Bool, into frame: inout Frame, line: Int) {
        let width = DisplayWidth.of(footer)
        var style = Style(underline: true)
        style.reverse = selected
        style.bold = selected
        frame.put(footer, at: Point(column: max(2, (frame.size.columns - width) / 2), row: line), style: style)
    }

    // MARK: Input

    func handle(_ event: InputEvent, viewModel: Check24OverviewViewModel, output: Output, in context: RenderContext) -> Bool {
        switch viewModel.content {
        case .loading:
            return false
        case .failed(let message):
            return Self.handleInError(event, message: message, output: output, context: context)
        case .loaded(let header, let rows, let emptyMessage, let selected, let firstVisibleRow):
            var search = viewModel.search
            if SearchInput.handle(event, &search) != .ignored {
                if viewModel.touchedRow != nil { output.didCancelTouch() }
                output.didEditSearch(search)
                return true
            }
            let layout = Check24OverviewLayout(size: context.size, header: header, notice: viewModel.notice, rows: rows,
                                               emptyMessage: emptyMessage, wrapCache: wrapCache)
            let top = layout.firstVisibleRow(showing: selected, previous: firstVisibleRow)
            return Self.handleInList(event, viewModel: viewModel, output: output, layout: layout, selected: selected, firstVisibleRow: top)
        }
    }

    private static func handleInError(_ event: InputEvent, message: String, output: Output, context: RenderContext) -> Bool {
        if case .mouse(let mouse) = event, mouse.kind != .press(button: 0) { return false }
        let content = ListContent<String>.failed(message: message)
        if ListInput.handleStatus(event, content: content, listRect: Check24OverviewLayout.listRect(context.size), retry: words.retry,
                                  reload: output.didRequestReload) == true {
            return true
        }
        switch event {
        case .key(let key) where Check24Texts.nextTabKeys.contains(key) || Check24Texts.previousTabKeys.contains(key):
            return true // the filters are disabled while in error
        case .mouse:
            return true
        default:
            return false
        }
    }

    /// The filters' keys and tabs, then the list's keys and touch, shared with every list screen. The
    /// list's rows are the header, the products and the footer; the presenter counts from the first product.
    private static func handleInList(_ event: InputEvent, viewModel: Check24OverviewViewModel, output: Output, layout: Check24OverviewLayout,
                                     selected: Int, firstVisibleRow: Int) -> Bool {
        let tabBar = TabBar(titles: viewModel.filters, selected: viewModel.selectedFilter, isEnabled: viewModel.filtersEnabled)
        if let tab = TabInput.tab(for: event, on: tabBar, in: layout.tabs, next: Check24Texts.nextTabKeys, previous: Check24Texts.previousTabKeys) {
            if viewModel.touchedRow != nil { output.didCancelTouch() }
            output.didSelectFilter(at: tab)
            return true
        }
        // The page's rows: the header, the products, the footer; the presenter counts from the first product.
        let page = ListContent.loaded(rows: LazyRows(count: layout.rows.count + 2) { $0 }, selectedIndex: selected + 1, firstVisibleRow: firstVisibleRow)
        return ListInput.handle(event, content: page, touched: viewModel.touchedRow.map { $0 + 1 }, layout: { _ in layout.virtual },
                                listRect: layout.list, retry: words.retry, output: output, rowsBefore: 1)
    }
}
