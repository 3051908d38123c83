import ImageKit
import Navigation
import TerminalKit
import TerminalUI

/// The master list: one row per number, its picture on the left and its name. Rows are normal,
/// touched (mouse button down on it: white on blue) or selected (white on red); the three differ in
/// every color mode. Only the rows on screen are laid out and drawn.
@MainActor
final class NumbersListView: Screen, NumbersListViewInput {
    let output: any NumbersListViewOutput
    private(set) var viewModel: NumbersListViewModel
    /// Pictures rendered for the current sizes: a key press does not scale every picture again.
    private let pictures = PictureRenderCache()

    init(output: any NumbersListViewOutput, viewModel: NumbersListViewModel) {
        self.output = output
        self.viewModel = viewModel
    }

    func display(_ viewModel: NumbersListViewModel) { self.viewModel = viewModel }
    func screenDidAppear() { output.didLoad() }

    /// This screen's keys: the key bar, the ? overlay and `apps-cli numbers --help` read this list.
    nonisolated static let keys: [KeyHelp] = [KeyHelp("↑↓ jk pgup/pgdn home/end wheel", "move the selection", bar: "↑↓ move"),
                                              KeyHelp("enter/click", "open the number", bar: "enter open"),
                                              KeyHelp("r", "reload (Retry)", bar: "r reload")]
    var keyHelp: [KeyHelp] { Self.keys(for: viewModel) }

    /// The error view's keys: retry, not the list's (which do nothing there).
    nonisolated static let failedKeys = [NavigationTexts.english.retryKey]

    static func keys(for viewModel: NumbersListViewModel) -> [KeyHelp] {
        if case .failed = viewModel.content { return failedKeys }
        return keys
    }

    /// Each row: a picture 8 columns × 3 lines (the kanji in half blocks), the name beside it.
    static let pictureSize = Size(columns: 8, rows: 3)
    static let rowHeight = 3

    /// The list sits below the title and the notice line, above the key bar.
    static func listRect(_ size: Size) -> Rect { Rect(column: 0, row: 2, columns: size.columns, rows: max(0, size.rows - 3)) }

    static func layout(rows: Int, size: Size) -> VirtualListLayout {
        VirtualListLayout(count: rows, viewportRows: listRect(size).rows, height: { _ in rowHeight })
    }

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context, pictures: pictures)
    }

    static func render(_ viewModel: NumbersListViewModel, in context: RenderContext, pictures: PictureRenderCache? = nil) -> Frame {
        var frame = Frame(size: context.size)
        frame.put(viewModel.title, at: Point(column: 1, row: 0), style: Style(bold: true), maxColumns: max(0, context.size.columns - 2))
        if let notice = viewModel.notice {
            frame.put(notice, at: Point(column: 1, row: 1), style: Theme.notice, maxColumns: max(0, context.size.columns - 2))
        }
        let list = listRect(context.size)
        var body = Frame(size: list.size)
        switch viewModel.content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + NumbersTexts.loading, into: &body, style: .plain)
        case .failed(let message, let canRetry):
            StatusView.error(message, retry: canRetry ? NumbersTexts.retry : nil, into: &body, colorMode: context.colorMode)
        case .loaded(let rows, _, _) where rows.isEmpty:
            StatusView.centered(NumbersTexts.empty, into: &body, style: Style(dim: true))
        case .loaded(let rows, let selectedIndex, let firstVisibleRow):
            let layout = layout(rows: rows.count, size: context.size)
            let top = layout.top(showing: selectedIndex, previousTop: firstVisibleRow)
            for visible in layout.visibleRows(top: top) {
                let row = rows[visible.index]
                let rect = Rect(column: 0, row: visible.line, columns: list.columns, rows: visible.height)
                let style = cellStyle(touched: visible.index == viewModel.touchedIndex, selected: visible.index == selectedIndex,
                                      mode: context.colorMode)
                body.fill(rect, style: style)
                // Also in text (--plain, NO_COLOR): ► touched, ▌ selected.
                let touched = visible.index == viewModel.touchedIndex, selected = visible.index == selectedIndex
                if touched || selected { body.put(touched ? "►" : "▌", at: Point(column: 0, row: rect.row + 1), style: style) }
                let textStyle = Style(foreground: style.foreground, background: style.background, bold: true,
                                      underline: style.underline, reverse: style.reverse)
                ListRow(title: row.name, titleStyle: textStyle, pictureSide: .leading, pictureSize: pictureSize)
                    .draw(into: &body, rect: Rect(column: 1, row: rect.row + 1, columns: rect.columns - 1, rows: pictureSize.rows)) { frame, pictureRect in
                        let pictureRect = Rect(column: pictureRect.column, row: rect.row, columns: pictureRect.columns, rows: pictureRect.rows)
                        ImageSlotView.draw(row.image, into: &frame, rect: pictureRect, colorMode: context.colorMode, tick: context.tick,
                                           cache: pictures)
                        // A picture narrower than its box leaves plain blanks: they take the row's background.
                        for line in pictureRect.row..<pictureRect.row + pictureRect.rows {
                            for column in pictureRect.column..<pictureRect.column + pictureRect.columns
                            where frame[column, line] == .blank() && style != .plain {
                                frame.setCell(.blank(style), column: column, row: line)
                            }
                        }
                    }
            }
            // Counted on the rows drawn (section headers are one line): at the end it never says "more".
            if layout.maximumTop > 0 {
                ScrollView.drawMoreIndicator(into: &body, continuesBelow: layout.continuesBelow(top: top), rightEdge: list.columns - 1,
                                             row: list.rows - 1)
            }
        }
        frame.draw(body, at: list.origin)
        KeyBar.draw(keys(for: viewModel).keyBar, into: &frame)
        return frame
    }

    /// Normal, touched or selected (a touch shows over the selection until the release).
    static func cellStyle(touched: Bool, selected: Bool, mode: ColorMode) -> Style {
        Theme.listRow(touched: touched, selected: selected, mode: mode)
    }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        guard case .loaded(let rows, let selectedIndex, let firstVisibleRow) = viewModel.content, !rows.isEmpty else {
            if case .failed = viewModel.content, event == .key(.character("r")) || event == .key(.enter) {
                output.didRequestReload()
                return true
            }
            if event == .key(.character("r")) { output.didRequestReload(); return true }
            return false
        }
        if case .key = event, viewModel.touchedIndex != nil { output.didCancelTouch() }
        if event == .key(.character("r")) {
            output.didRequestReload()
            return true
        }
        // The list's keys and touch, shared with every list screen.
        let action = ListInput.action(for: event, selected: selectedIndex, firstVisibleRow: firstVisibleRow, touched: viewModel.touchedIndex,
                                      layout: Self.layout(rows: rows.count, size: context.size), listRect: Self.listRect(context.size))
        switch action {
        case .select(let index, let top, let visible): output.didChangeSelection(to: index, firstVisibleRow: top, visibleRows: visible)
        case .open(let index): output.didChooseItem(at: index)
        case .touch(let index): output.didTouchItem(at: index)
        case .cancelTouch: output.didCancelTouch()
        case .reload:
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didRequestReload()
        case nil: return false
        }
        return true
    }
}
