import Navigation
import TerminalKit
import TerminalUI

/// The categories: one row per category, its title and description. Only the rows on screen are drawn.
@MainActor
final class CategoriesView: Screen, CategoriesViewInput {
    let output: any CategoriesViewOutput
    private(set) var viewModel: CategoriesViewModel

    init(output: any CategoriesViewOutput, viewModel: CategoriesViewModel) {
        self.output = output
        self.viewModel = viewModel
    }

    func display(_ viewModel: CategoriesViewModel) { self.viewModel = viewModel }
    func screenDidAppear() { output.didLoad() }

    var keyHelp: [KeyHelp] { Self.keys(for: viewModel) }

    /// The keys that work in this state: the list's, or the error view's (the first screen: no back).
    static func keys(for viewModel: CategoriesViewModel) -> [KeyHelp] {
        if case .failed = viewModel.content { return ResourceDirectoryTexts.failedKeys(canRetry: true, canGoBack: false) }
        return ResourceDirectoryTexts.categoryKeys
    }

    /// A category takes its title, its description and a blank line.
    static let rowHeight = 3

    /// The list sits below the title and the notice line, above the key bar.
    static func listRect(_ size: Size) -> Rect { Rect(column: 0, row: 2, columns: size.columns, rows: max(0, size.rows - 3)) }

    static func layout(rows: Int, size: Size) -> VirtualListLayout {
        VirtualListLayout(count: rows, viewportRows: listRect(size).rows, height: { _ in rowHeight })
    }

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context)
    }

    static func render(_ viewModel: CategoriesViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let width = max(0, context.size.columns - 2)
        frame.put(ResourceDirectoryTexts.appTitle, at: Point(column: 1, row: 0), style: Style(bold: true), maxColumns: width)
        if let notice = viewModel.notice {
            frame.put(notice, at: Point(column: 1, row: 1), style: Theme.notice, maxColumns: width)
        }
        let list = listRect(context.size)
        var body = Frame(size: list.size)
        switch viewModel.content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + ResourceDirectoryTexts.loadingCategories, into: &body, style: .plain)
        case .failed(let message, let canRetry):
            StatusView.error(message, retry: canRetry ? ResourceDirectoryTexts.retry : nil, into: &body, colorMode: context.colorMode)
        case .loaded(let rows, _, _) where rows.isEmpty:
            StatusView.centered(ResourceDirectoryTexts.noCategories, into: &body, style: Style(dim: true))
        case .loaded(let rows, let selectedIndex, let firstVisibleRow):
            let layout = layout(rows: rows.count, size: context.size)
            let top = layout.top(showing: selectedIndex, previousTop: firstVisibleRow)
            for visible in layout.visibleRows(top: top) {
                let row = rows[visible.index]
                let touched = visible.index == viewModel.touchedIndex, selected = visible.index == selectedIndex
                let style = ListRowStyle.cell(touched: touched, selected: selected, mode: context.colorMode)
                let rect = Rect(column: 0, row: visible.line, columns: list.columns, rows: rowHeight - 1)
                body.fill(rect, style: style)
                // Also in text (--plain, NO_COLOR): ► touched, ▌ selected.
                if touched || selected { body.put(touched ? "►" : "▌", at: rect.origin, style: style) }
                ListRow(title: row.title, titleStyle: ListRowStyle.title(style), lines: row.description.isEmpty ? [] : [row.description],
                        linesStyle: ListRowStyle.secondary(style))
                    .draw(into: &body, rect: Rect(column: 2, row: rect.row, columns: rect.columns - 2, rows: rect.rows)) { _, _ in }
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

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        guard case .loaded(let rows, let selectedIndex, let firstVisibleRow) = viewModel.content, !rows.isEmpty else {
            if event == .key(.character("r")) || (event == .key(.enter) && viewModel.content.isFailed) {
                output.didRequestReload()
                return true
            }
            return false
        }
        if case .key = event, viewModel.touchedIndex != nil { output.didCancelTouch() }
        if event == .key(.character("r")) {
            output.didRequestReload()
            return true
        }
        let action = ListInput.action(for: event, selected: selectedIndex, firstVisibleRow: firstVisibleRow,
                                      touched: viewModel.touchedIndex, layout: Self.layout(rows: rows.count, size: context.size),
                                      listRect: Self.listRect(context.size))
        switch action {
        case .select(let index, let top, _): output.didChangeSelection(to: index, firstVisibleRow: top)
        case .open(let index): output.didChooseCategory(at: index)
        case .touch(let index): output.didTouchCategory(at: index)
        case .cancelTouch: output.didCancelTouch()
        case .reload:
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didRequestReload()
        case nil: return false
        }
        return true
    }
}

extension CategoriesViewModel.Content {
    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}

/// The looks of a list row of this feature: normal, touched (mouse down) or selected, distinct in
/// every color mode; the title bold and the second line dim on top of the row's style.
enum ListRowStyle {
    static func cell(touched: Bool, selected: Bool, mode: ColorMode) -> Style {
        Theme.listRow(touched: touched, selected: selected, mode: mode)
    }

    static func title(_ cell: Style) -> Style {
        var style = cell
        style.bold = true
        return style
    }

    static func secondary(_ cell: Style) -> Style {
        var style = cell
        if cell == .plain { style.dim = true }
        return style
    }
}
