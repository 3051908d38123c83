import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI

/// A category's resources: a header with the sort control and the current order, the `/` filter
/// line, then one row per resource (its photo where there is room, its title and a one-line
/// description). Only the rows on screen are laid out and drawn. Its header (the sort control) and
/// keys (`s`) are its own; the rest is every filtered list's.
@MainActor
final class ResourceListView: FilteredListView, ResourceListViewInput {
    let output: any ResourceListViewOutput
    var listOutput: any FilteredListViewOutput { output }
    private(set) var viewModel: ResourceListViewModel
    /// Photos rendered for the current sizes: a key press does not scale every photo again.
    private let pictures = PictureRenderCache()

    init(output: any ResourceListViewOutput, viewModel: ResourceListViewModel) {
        self.output = output
        self.viewModel = viewModel
    }

    func display(_ viewModel: ResourceListViewModel) { self.viewModel = viewModel }

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

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context, pictures: pictures)
    }

    static func render(_ viewModel: ResourceListViewModel, in context: RenderContext, pictures: PictureRenderCache? = nil) -> Frame {
        var frame = Frame(size: context.size)
        let screen = screenLayout(context.size, notice: viewModel.notice)
        let (button, buttonOrigin) = sortButton(context.size)
        let order = viewModel.orderLabel
        let orderColumn = buttonOrigin.column - 1 - DisplayWidth.of(order)
        frame.put(viewModel.title, at: screen.title.origin, style: Style(bold: true), maxColumns: max(0, orderColumn - 2))
        frame.put(order, at: Point(column: max(0, orderColumn), row: 0), style: Style(bold: true))
        var pressed = button
        pressed.isFocused = viewModel.sortTouched
        pressed.draw(into: &frame, at: buttonOrigin, style: viewModel.sortTouched ? Theme.touched(context.colorMode) : .plain)
        if let search = screen.search {
            viewModel.search.draw(into: &frame, rect: search, placeholder: ResourceDirectoryTexts.filterPlaceholder, colorMode: context.colorMode)
        }
        screen.drawNotice(viewModel.notice, into: &frame)
        let showsPhotos = context.size.columns >= photoMinimumColumns
        // A resource: its title and one-line description (beside its photo), then a blank line.
        ListBody.draw(viewModel.content, in: screen.list, into: &frame, layout: { layout($0, list: screen.list) },
                      touchedIndex: viewModel.touchedIndex, words: bodyWords(viewModel), context: context,
                      marks: ListBody.Marks(separatorLines: 1)) { row, cell, body in
            ListRow(title: row.title, titleStyle: ListRowStyle.title(cell.style), lines: row.summary.isEmpty ? [] : [row.summary],
                    linesStyle: ListRowStyle.secondary(cell.style), pictureSide: showsPhotos ? .leading : .none, pictureSize: photoSize)
                .draw(into: &body, rect: Rect(column: 2, row: cell.rect.row, columns: cell.rect.columns - 2, rows: cell.rect.rows)) { frame, photoRect in
                    // A resource without a photo leaves its place empty: no placeholder for what never was.
                    guard row.photo != .none else { return }
                    ImageSlotView.draw(row.photo, into: &frame, rect: photoRect, colorMode: context.colorMode, tier: context.pictures, tick: context.tick,
                                       cache: pictures)
                }
        }
        // The key bar lists what works here: on the error view, not the list's keys.
        drawKeyBar(viewModel, into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        if SearchInput.handleFilter(event, viewModel.search, didEdit: output.didEditSearch) { return true }
        if handleSortButton(event, size: context.size) { return true }
        if case .key = event, viewModel.sortTouched { output.didCancelTouch() }
        if ResourceDirectoryTexts.sortBinding.matches(event), !viewModel.content.isFailed {
            output.didPressSort()
            return true
        }
        // The list's keys, touch and retry, shared with every list screen.
        let list = Self.screenLayout(context.size, notice: viewModel.notice).list
        return ListInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex,
                                layout: { Self.layout($0, list: list) }, listRect: list,
                                retry: ResourceDirectoryTexts.retry, output: output)
    }

    /// A press on the sort button marks it; the release on it presses it, elsewhere lets it go.
    private func handleSortButton(_ event: InputEvent, size: Size) -> Bool {
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
