import Navigation
import TerminalKit
import TerminalUI

/// The categories: the `/` filter line, then one row per category, its title and description. Only the
/// rows on screen are drawn.
struct CategoriesView: FilteredListView {
    typealias ViewModel = CategoriesViewModel
    typealias Output = any CategoriesViewOutput
    static func listOutput(_ output: Output) -> any FilteredListViewOutput { output }

    static var bindings: [KeyBinding] { ResourceDirectoryTexts.categoryBindings }
    static var keys: [KeyHelp] { ResourceDirectoryTexts.categoryKeys }

    /// The error view's keys (the first screen: no back).
    static func failedKeys(for viewModel: CategoriesViewModel) -> [KeyHelp] {
        ResourceDirectoryTexts.failedKeys(canRetry: true, canGoBack: false)
    }

    static let listWords = FilteredListWords(loading: ResourceDirectoryTexts.loadingCategories, retry: ResourceDirectoryTexts.retry,
                                             filterPlaceholder: ResourceDirectoryTexts.filterPlaceholder,
                                             filterTypingBar: ResourceDirectoryTexts.filterTypingBar)

    /// A category takes its title, its description and a blank line.
    static let rowHeight = 3

    static let marks = ListBody.Marks(separatorLines: 1)

    /// A category: its title and description, then a blank line.
    func drawRow(_ row: CategoriesViewModel.Row, cell: ListBody.Cell, into body: inout Frame, context: RenderContext) {
        ListRow(title: row.title, titleStyle: ListRowStyle.title(cell.style), lines: row.description.isEmpty ? [] : [row.description],
                linesStyle: ListRowStyle.secondary(cell.style))
            .draw(into: &body, rect: Rect(column: 2, row: cell.rect.row, columns: cell.rect.columns - 2, rows: Self.rowHeight - 1)) { _, _ in }
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
