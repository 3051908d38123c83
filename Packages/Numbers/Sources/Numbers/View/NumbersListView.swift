import ImageKit
import Navigation
import TerminalKit
import TerminalUI

/// The master list: the `/` filter line, then one row per number, its picture on the left and its name. Rows are normal,
/// touched (mouse button down on it: white on blue) or selected (white on red); the three differ in
/// every color mode. Only the rows on screen are laid out and drawn.
@MainActor
final class NumbersListView: TextEditingScreen, NumbersListViewInput {
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
                                              NumbersTexts.filterKey,
                                              KeyHelp("r", "reload (Retry)", bar: "r reload")]
    var keyHelp: [KeyHelp] { Self.keys(for: viewModel) }

    /// The error view's keys: retry, not the list's (which do nothing there).
    nonisolated static let failedKeys = [NavigationTexts.english.retryKey]

    static func keys(for viewModel: NumbersListViewModel) -> [KeyHelp] {
        if case .failed = viewModel.content { return failedKeys }
        return keys
    }

    /// While the filter is typed, every printable key (q and ? too) is text.
    var capturesText: Bool { viewModel.search.isEditing }
    var editingKeyBar: String { NumbersTexts.filterTypingBar }

    /// Each row: a picture 8 columns × 3 lines (the kanji in half blocks), the name beside it.
    static let pictureSize = Size(columns: 8, rows: 3)
    static let rowHeight = 3

    /// The title, the filter line, the notice line (kept, so the list never moves), the list, the key bar.
    static func screenLayout(_ size: Size, notice: String?) -> ListScreenLayout {
        ListScreenLayout(size: size, hasSearch: true, hasNotice: notice != nil, noticeLine: .reserved)
    }

    static func listRect(_ size: Size) -> Rect { screenLayout(size, notice: nil).list }

    static func layout(rows: Int, size: Size) -> VirtualListLayout {
        VirtualListLayout(count: rows, viewportRows: listRect(size).rows, height: { _ in rowHeight })
    }

    static func words(_ viewModel: NumbersListViewModel) -> ListBody.Words {
        ListBody.Words(loading: NumbersTexts.loading, empty: viewModel.emptyMessage, retry: NumbersTexts.retry)
    }

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context, pictures: pictures)
    }

    static func render(_ viewModel: NumbersListViewModel, in context: RenderContext, pictures: PictureRenderCache? = nil) -> Frame {
        var frame = Frame(size: context.size)
        let screen = screenLayout(context.size, notice: viewModel.notice)
        screen.drawHeader(title: viewModel.title, notice: viewModel.notice, into: &frame)
        if !viewModel.content.isFailed, let search = screen.search { // the error view has nothing to filter
            viewModel.search.draw(into: &frame, rect: search, placeholder: NumbersTexts.filterPlaceholder, colorMode: context.colorMode)
        }
        ListBody.draw(viewModel.content, in: screen.list, into: &frame, layout: { layout(rows: $0.count, size: context.size) },
                      touchedIndex: viewModel.touchedIndex, words: words(viewModel), context: context,
                      marks: ListBody.Marks(markerLine: 1)) { row, cell, body in
            let style = cell.style
            let textStyle = Style(foreground: style.foreground, background: style.background, bold: true,
                                  underline: style.underline, reverse: style.reverse)
            ListRow(title: row.name, titleStyle: textStyle, pictureSide: .leading, pictureSize: pictureSize)
                .draw(into: &body, rect: Rect(column: 1, row: cell.rect.row + 1, columns: cell.rect.columns - 1, rows: pictureSize.rows)) { frame, pictureRect in
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
        KeyBar.draw(viewModel.search.isEditing ? NumbersTexts.filterTypingBar : keys(for: viewModel).keyBar, into: &frame)
        return frame
    }

    /// Normal, touched or selected (a touch shows over the selection until the release).
    static func cellStyle(touched: Bool, selected: Bool, mode: ColorMode) -> Style {
        Theme.listRow(touched: touched, selected: selected, mode: mode)
    }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        if SearchInput.handleFilter(event, viewModel.search, listFailed: viewModel.content.isFailed, didEdit: output.didEditSearch) { return true }
        // The list's keys, touch and retry, shared with every list screen.
        return ListInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex,
                                layout: { Self.layout(rows: $0.count, size: context.size) }, listRect: Self.listRect(context.size),
                                retry: NumbersTexts.retry, output: output)
    }
}
