import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI

/// The master list: the `/` filter line, then one row per number, its picture on the left and its name. Rows are normal,
/// touched (mouse button down on it: white on blue) or selected (white on red); the three differ in
/// every color mode. Only the rows on screen are laid out and drawn.
struct NumbersListView: FilteredListView {
    typealias ViewModel = NumbersListViewModel
    typealias Output = any NumbersListViewOutput
    static func listOutput(_ output: Output) -> any FilteredListViewOutput { output }
    /// Pictures rendered for the current sizes: a key press does not scale every picture again.
    let pictures = PictureRenderCache()

    /// This screen's keys: the key bar, the ? overlay and `apps-cli numbers --help` read this list.
    nonisolated static let bindings: [KeyBinding] = [ListInput.moveBinding(), ListInput.openBinding("open the number"),
                                                     SearchInput.filterBinding(), ListInput.reloadBinding()]
    nonisolated static let keys = bindings.help

    /// The error view's keys: retry, not the list's (which do nothing there).
    static func failedKeys(for viewModel: NumbersListViewModel) -> [KeyHelp] { [NavigationTexts.english.retryKey] }

    static let listWords = FilteredListWords(loading: NumbersTexts.loading, retry: NumbersTexts.retry,
                                             filterPlaceholder: NumbersTexts.filterPlaceholder, filterTypingBar: NumbersTexts.filterTypingBar)

    /// Each row: a picture 8 columns × 3 lines (the kanji in half blocks), the name beside it.
    static let pictureSize = Size(columns: 8, rows: 3)
    static let rowHeight = 3

    static let marks = ListBody.Marks(markerLine: 1)

    func drawRow(_ row: NumberRowViewModel, cell: ListBody.Cell, into body: inout Frame, context: RenderContext) {
        let style = cell.style
        let textStyle = Style(foreground: style.foreground, background: style.background, bold: true,
                              underline: style.underline, reverse: style.reverse)
        ListRow(title: row.name, titleStyle: textStyle, pictureSide: .leading, pictureSize: Self.pictureSize)
            .draw(into: &body, rect: Rect(column: 1, row: cell.rect.row + 1, columns: cell.rect.columns - 1, rows: Self.pictureSize.rows)) { frame, pictureRect in
                let pictureRect = Rect(column: pictureRect.column, row: cell.rect.row, columns: pictureRect.columns, rows: pictureRect.rows)
                ImageSlotView.draw(row.image, into: &frame, rect: pictureRect, colorMode: context.colorMode, tier: context.pictures, tick: context.tick,
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

    /// Normal, touched or selected (a touch shows over the selection until the release).
    static func cellStyle(touched: Bool, selected: Bool, mode: ColorMode) -> Style {
        Theme.listRow(touched: touched, selected: selected, mode: mode)
    }
}
