import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// A category's resources: a header with the sort control and the current order, the `/` filter
/// line, then one row per resource (its photo where there is room, its title and a one-line
/// description). Only the rows on screen are laid out and drawn. Its header (the sort control) and
/// keys (`s`) are its own; the rest is every filtered list's.
struct ResourceListView: FilteredListView {
    typealias ViewModel = ResourceListViewModel
    typealias Output = any ResourceListViewOutput
    static func listOutput(_ output: Output) -> any FilteredListViewOutput { output }
    /// Photos rendered for the current sizes: a key press does not scale every photo again.
    let pictures = PictureRenderCache()

    static var bindings: [KeyBinding] { ResourceDirectoryTexts.resourceBindings }
    static var keys: [KeyHelp] { ResourceDirectoryTexts.resourceKeys }

    /// The error view's keys: retry when it can help, and back.
    static func failedKeys(for viewModel: ResourceListViewModel) -> [KeyHelp] {
        guard case .failed(_, let canRetry) = viewModel.content else { return keys }
        return ResourceDirectoryTexts.failedKeys(canRetry: canRetry, canGoBack: true)
    }

    static let listWords = FilteredListWords(loading: ResourceDirectoryTexts.loadingResources, retry: ResourceDirectoryTexts.retry,
                                             filterPlaceholder: ResourceDirectoryTexts.filterPlaceholder,
                                             filterTypingBar: ResourceDirectoryTexts.filterTypingBar)
    /// The notice line only while a notice shows.
    static var noticeLine: ListScreenLayout.NoticeLine { .whenShown }

    /// A resource takes its title, its description line and a blank line (beside a photo, when shown).
    static let rowHeight = 3
    static let photoSize = Size(columns: 8, rows: 3)
    /// Photos are shown from this width on; narrower, the text gets the room.
    static let photoMinimumColumns = 60

    static func sortButton(_ size: Size) -> (button: Button, origin: Point) {
        let button = Button(title: ResourceDirectoryTexts.sortButton)
        return (button, Point(column: max(0, size.columns - 1 - button.width), row: 0))
    }

    static let marks = ListBody.Marks(separatorLines: 1)

    /// The title with the order and the sort button at the right, the filter line, the notice.
    static func drawTop(_ viewModel: ResourceListViewModel, into frame: inout Frame, context: RenderContext) -> ListScreenLayout {
        let screen = screenLayout(context.size, notice: viewModel.notice)
        let (button, buttonOrigin) = sortButton(context.size)
        let order = viewModel.orderLabel
        let orderColumn = buttonOrigin.column - 1 - DisplayWidth.of(order)
        frame.put(viewModel.title, at: screen.title.origin, style: Style(bold: true), maxColumns: max(0, orderColumn - 2))
        frame.put(order, at: Point(column: max(0, orderColumn), row: 0), style: Style(bold: true))
        var pressed = button
        pressed.isFocused = viewModel.sortTouched
        pressed.draw(into: &frame, at: buttonOrigin, style: viewModel.sortTouched ? Theme.touched(context.colorMode) : .plain)
        drawFilter(viewModel, in: screen, into: &frame, context: context)
        screen.drawNotice(viewModel.notice, into: &frame)
        return screen
    }

    /// A resource: its title and one-line description (beside its photo), then a blank line.
    func drawRow(_ row: ResourceListViewModel.Row, cell: ListBody.Cell, into body: inout Frame, context: RenderContext) {
        let showsPhotos = context.size.columns >= Self.photoMinimumColumns
        ListRow(title: row.title, titleStyle: ListRowStyle.title(cell.style), lines: row.summary.isEmpty ? [] : [row.summary],
                linesStyle: ListRowStyle.secondary(cell.style), pictureSide: showsPhotos ? .leading : .none, pictureSize: Self.photoSize)
            .draw(into: &body, rect: Rect(column: 2, row: cell.rect.row, columns: cell.rect.columns - 2, rows: cell.rect.rows)) { frame, photoRect in
                // A resource without a photo leaves its place empty: no placeholder for what never was.
                guard row.photo != .none else { return }
                ImageSlotView.draw(row.photo, into: &frame, rect: photoRect, colorMode: context.colorMode, tier: context.pictures, tick: context.tick,
                                   cache: pictures)
            }
    }

    /// The sort button and `s` (the filter's typing first), then every filtered list's keys.
    func handle(_ event: InputEvent, viewModel: ResourceListViewModel, output: Output, in context: RenderContext) -> Bool {
        if SearchInput.handleFilter(event, viewModel.search, listFailed: viewModel.content.isFailed, didEdit: output.didEditSearch) { return true }
        if handleSortButton(event, viewModel: viewModel, output: output, size: context.size) { return true }
        if case .key = event, viewModel.sortTouched { output.didCancelTouch() }
        if ResourceDirectoryTexts.sortBinding.matches(event), !viewModel.content.isFailed {
            output.didPressSort()
            return true
        }
        return handleList(event, viewModel: viewModel, output: output, in: context)
    }

    /// A press on the sort button marks it; the release on it presses it, elsewhere lets it go.
    private func handleSortButton(_ event: InputEvent, viewModel: ResourceListViewModel, output: Output, size: Size) -> Bool {
        guard case .mouse(let mouse) = event else { return false }
        let (button, origin) = Self.sortButton(size)
        let onButton = button.contains(Point(column: mouse.column, row: mouse.row), drawnAt: origin)
        switch mouse.kind {
        case .press(button: 0) where onButton:
            output.didTouchSort()
            return true
        case .release where viewModel.sortTouched:
            if onButton { output.didPressSort() } else { output.didCancelTouch() }
            return true
        default:
            return false
        }
    }
}
