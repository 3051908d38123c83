import Navigation
import TerminalKit
import TerminalUI

/// The categories: the `/` filter line, then one row per category, its title and description. Only the
/// rows on screen are drawn.
@MainActor
final class CategoriesView: TextEditingScreen, CategoriesViewInput {
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

    /// While the filter is typed, every printable key (q and ? too) is text.
    var capturesText: Bool { viewModel.search.isEditing }
    var editingKeyBar: String { ResourceDirectoryTexts.filterTypingBar }

    /// A category takes its title, its description and a blank line.
    static let rowHeight = 3

    /// The title, the filter line, the notice line (kept, so the list never moves), the list, the key bar.
    static func screenLayout(_ size: Size, notice: String?) -> ListScreenLayout {
        ListScreenLayout(size: size, hasSearch: true, hasNotice: notice != nil, noticeLine: .reserved)
    }

    static func listRect(_ size: Size) -> Rect { screenLayout(size, notice: nil).list }

    static func layout(rows: Int, size: Size) -> VirtualListLayout {
        VirtualListLayout(count: rows, viewportRows: listRect(size).rows, height: { _ in rowHeight })
    }

    static func words(_ viewModel: CategoriesViewModel) -> ListBody.Words {
        ListBody.Words(loading: ResourceDirectoryTexts.loadingCategories, empty: viewModel.emptyMessage, retry: ResourceDirectoryTexts.retry)
    }

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context)
    }

    static func render(_ viewModel: CategoriesViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let screen = screenLayout(context.size, notice: viewModel.notice)
        screen.drawHeader(title: viewModel.title, notice: viewModel.notice, into: &frame)
        if !viewModel.content.isFailed, let search = screen.search { // the error view has nothing to filter
            viewModel.search.draw(into: &frame, rect: search, placeholder: ResourceDirectoryTexts.filterPlaceholder, colorMode: context.colorMode)
        }
        // A category: its title and description, then a blank line.
        ListBody.draw(viewModel.content, in: screen.list, into: &frame, layout: { layout(rows: $0.count, size: context.size) },
                      touchedIndex: viewModel.touchedIndex, words: words(viewModel), context: context,
                      marks: ListBody.Marks(separatorLines: 1)) { row, cell, body in
            ListRow(title: row.title, titleStyle: ListRowStyle.title(cell.style), lines: row.description.isEmpty ? [] : [row.description],
                    linesStyle: ListRowStyle.secondary(cell.style))
                .draw(into: &body, rect: Rect(column: 2, row: cell.rect.row, columns: cell.rect.columns - 2, rows: rowHeight - 1)) { _, _ in }
        }
        KeyBar.draw(viewModel.search.isEditing ? ResourceDirectoryTexts.filterTypingBar : keys(for: viewModel).keyBar, into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        if SearchInput.handleFilter(event, viewModel.search, listFailed: viewModel.content.isFailed, didEdit: output.didEditSearch) { return true }
        // The list's keys, touch and retry, shared with every list screen.
        return ListInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex,
                                layout: { Self.layout(rows: $0.count, size: context.size) }, listRect: Self.listRect(context.size),
                                retry: ResourceDirectoryTexts.retry, output: output)
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
