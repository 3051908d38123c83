import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The grid screen. Pure drawing of the presenter's view model; keys become presenter calls.
struct ProductListView: ModuleView {
    typealias Output = any ProductListViewOutput
    /// Pictures rendered at their tile's size, so a key press does not scale them again.
    let pictures = PictureRenderCache()

    static func didAppear(_ output: Output) { output.didLoad() }

    /// This screen's keys: the `?` overlay and `apps-cli <feature> --help` both read this list.
    nonisolated static let bindings = ProductGridTexts.gridBindings
    nonisolated static let keys = ProductGridTexts.gridKeys
    /// The error view's keys: its retry, which a config file remaps as `retry`.
    nonisolated static let failedKeys = [NavigationTexts.english.retryKey]

    static func keys(for viewModel: ProductListViewModel) -> [KeyHelp] { viewModel.content.isFailed ? failedKeys : keys }

    static let editingKeyBar = ProductGridTexts.filterTypingBar

    // MARK: Drawing

    static func words(_ viewModel: ProductListViewModel) -> ListBody.Words {
        ListBody.Words(loading: ProductGridTexts.loading, empty: viewModel.emptyMessage, retry: NavigationTexts.english.retryButton)
    }

    /// The `/` filter's line, between the title and the tiles, aligned with the title.
    static func searchRect(_ size: Size) -> Rect { Rect(column: 0, row: 1, columns: size.columns, rows: 1) }

    /// Where the states without tiles are centered: the whole screen, as the grid's tiles fill it.
    static func statusRect(_ size: Size) -> Rect { Rect(column: 0, row: 0, columns: size.columns, rows: size.rows) }

    func render(_ viewModel: ProductListViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let size = context.size
        // The spinner, the error view and the empty message are every list's (centered on the screen,
        // under the title); the grid draws only its tiles.
        ListBody.drawStatus(viewModel.content, in: Self.statusRect(size), into: &frame, words: Self.words(viewModel), context: context)
        frame.put(viewModel.title, at: Point(column: 0, row: 0), style: Style(bold: true), maxColumns: size.columns)
        if let notice = viewModel.notice {
            // Cut with an ellipsis before the page position at the right ("1/12") and a space.
            let titleWidth = DisplayWidth.of(viewModel.title) + 2
            let positionWidth = Self.positionText(viewModel.content, size: size).map { DisplayWidth.of($0) + 1 } ?? 0
            let room = size.columns - titleWidth - positionWidth
            frame.put(Truncation.truncate(notice, width: max(0, room)), at: Point(column: titleWidth, row: 0),
                      style: Style(foreground: .yellow), maxColumns: max(0, room))
        }
        switch viewModel.content {
        case .loading:
            KeyBar.draw(ProductGridTexts.loadingKeyBar(context.keyMap), into: &frame)
        case .failed:
            KeyBar.draw(ProductGridTexts.failedKeyBar(context.keyMap), into: &frame)
        case .loaded(let tiles, let selectedIndex, let storedFirstRow):
            viewModel.search.draw(into: &frame, rect: Self.searchRect(size), placeholder: ProductGridTexts.filterPlaceholder, colorMode: context.colorMode)
            if !tiles.isEmpty {
                let layout = ProductGridLayout(size: size, itemCount: tiles.count)
                let firstRow = layout.firstVisibleRow(showing: selectedIndex, previous: storedFirstRow)
                for index in layout.visibleTiles(firstVisibleRow: firstRow) {
                    guard let rect = layout.tileRect(for: index, firstVisibleRow: firstRow) else { continue }
                    Self.drawTile(tiles[index], selected: index == selectedIndex, touched: index == viewModel.touchedIndex,
                             into: &frame, rect: rect, context: context, pictures: pictures)
                }
                if let position = Self.positionText(viewModel.content, size: size) {
                    frame.put(position, at: Point(column: max(0, size.columns - DisplayWidth.of(position)), row: 0))
                }
            }
            KeyBar.draw(viewModel.search.isEditing ? ProductGridTexts.filterTypingBar : Self.keys.keyBar(.english, context.keyMap), into: &frame)
        }
        return frame
    }

    /// "3/12" at the header's right when the grid scrolls; nil when every tile fits.
    private static func positionText(_ content: ListContent<ProductTileViewModel>, size: Size) -> String? {
        guard case .loaded(let tiles, let selectedIndex, _) = content, !tiles.isEmpty,
              case let layout = ProductGridLayout(size: size, itemCount: tiles.count), layout.rowCount > layout.visibleRows else { return nil }
        return "\(selectedIndex + 1)/\(tiles.count)"
    }

    private static func drawTile(_ tile: ProductTileViewModel, selected: Bool, touched: Bool, into frame: inout Frame, rect: Rect,
                                 context: RenderContext, pictures: PictureRenderCache?) {
        let borderStyle = touched
            ? Theme.touched(context.colorMode)
            : selected ? Theme.selection : Theme.rule
        // The selected tile has a double border, so the selection is visible without color.
        Box.draw(into: &frame, rect: rect, style: borderStyle, line: selected ? .double : .single)
        let inner = rect.inset(by: 1)
        guard !inner.isEmpty else { return }
        let imageRect = Rect(column: inner.column, row: inner.row, columns: inner.columns, rows: max(0, inner.rows - 2))
        ImageSlotView.draw(tile.image, into: &frame, rect: imageRect, colorMode: context.colorMode, tier: context.pictures, tick: context.tick, cache: pictures)
        let nameStyle = touched ? Theme.touched(context.colorMode) : Style(bold: true)
        let priceStyle = touched ? Theme.touched(context.colorMode) : Style(foreground: Theme.price.foreground)
        if touched {
            frame.fill(Rect(column: inner.column, row: inner.maxRow - 2, columns: inner.columns, rows: 2), style: nameStyle)
        }
        // The ► cue shows the touch in plain text and without colors too; in the accessible mode, which
        // draws no borders, "> " shows the selection the double border shows.
        let marker = touched ? "► " : selected && context.accessible ? "> " : ""
        let name = Truncation.truncate(marker + tile.name, width: inner.columns)
        let nameStart = put(centered: name, row: inner.maxRow - 2, in: inner, style: nameStyle, frame: &frame)
        // The selected tile's name has the focus (the accessible mode's cursor goes there).
        // A focus drawn before the tiles (the caret of a `/` filter being typed) keeps it.
        if selected, frame.cursor == nil, let nameStart, frame.bounds.contains(nameStart) { frame.cursor = nameStart }
        put(centered: tile.price, row: inner.maxRow - 1, in: inner, style: priceStyle, frame: &frame)
    }

    /// Draws `text` centred in `row` of `rect`; where it starts, nil when the row is outside `rect`.
    @discardableResult
    private static func put(centered text: String, row: Int, in rect: Rect, style: Style, frame: inout Frame) -> Point? {
        guard row >= rect.row else { return nil }
        let width = DisplayWidth.of(text)
        let start = Point(column: rect.column + max(0, (rect.columns - width) / 2), row: row)
        frame.put(text, at: start, style: style, maxColumns: rect.columns)
        return start
    }

    // MARK: Input

    /// The `/` filter on the tiles (a touch in progress ends), then every grid's keys: loading and the
    /// error view as on every list, `r`, the moves, enter and touch (Navigation's ``GridInput``).
    func handle(_ event: InputEvent, viewModel: ProductListViewModel, output: Output, in context: RenderContext) -> Bool {
        if case .loaded = viewModel.content, SearchInput.handleFilter(event, viewModel.search, didEdit: { search in
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didEditSearch(search)
        }) {
            return true
        }
        return GridInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex,
                                grid: { ProductGridLayout(size: context.size, itemCount: $0) }, moves: ProductGridTexts.gridMoves,
                                statusRect: Self.statusRect(context.size), retry: NavigationTexts.english.retryButton, output: output)
    }
}
