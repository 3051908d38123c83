import ImageKit
import Navigation
import TerminalKit
import TerminalUI

/// A category's resources: a header with the sort control and the current order, the `/` filter
/// line, then one row per resource (its photo where there is room, its title and a one-line
/// description). Only the rows on screen are laid out and drawn.
@MainActor
final class ResourceListView: Screen, ResourceListViewInput {
    let output: any ResourceListViewOutput
    private(set) var viewModel: ResourceListViewModel
    /// Photos rendered for the current sizes: a key press does not scale every photo again.
    private let pictures = PictureRenderCache()

    init(output: any ResourceListViewOutput, viewModel: ResourceListViewModel) {
        self.output = output
        self.viewModel = viewModel
    }

    func display(_ viewModel: ResourceListViewModel) { self.viewModel = viewModel }
    func screenDidAppear() { output.didLoad() }

    var keyHelp: [KeyHelp] { Self.keys(for: viewModel) }

    /// The keys that work in this state: the list's, or the error view's.
    static func keys(for viewModel: ResourceListViewModel) -> [KeyHelp] {
        if case .failed(_, let canRetry) = viewModel.content { return ResourceDirectoryTexts.failedKeys(canRetry: canRetry, canGoBack: true) }
        return ResourceDirectoryTexts.resourceKeys
    }
    /// While the filter is typed, every printable key (q and ? too) is text.
    var capturesText: Bool { viewModel.search.isEditing }

    /// A resource takes its title, its description line and a blank line (beside a photo, when shown).
    static let rowHeight = 3
    static let photoSize = Size(columns: 8, rows: 3)
    /// Photos are shown from this width on; narrower, the text gets the room.
    static let photoMinimumColumns = 60

    static func sortButton(_ size: Size) -> (button: Button, origin: Point) {
        let button = Button(title: ResourceDirectoryTexts.sortButton)
        return (button, Point(column: max(0, size.columns - 1 - button.width), row: 0))
    }

    /// The list sits below the header, the filter line and the notice (when there is one), above the key bar.
    static func listRect(_ size: Size, hasNotice: Bool) -> Rect {
        let top = hasNotice ? 3 : 2
        return Rect(column: 0, row: top, columns: size.columns, rows: max(0, size.rows - top - 1))
    }

    static func layout(rows: Int, list: Rect) -> VirtualListLayout {
        VirtualListLayout(count: rows, viewportRows: list.rows, height: { _ in rowHeight })
    }

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context, pictures: pictures)
    }

    static func render(_ viewModel: ResourceListViewModel, in context: RenderContext, pictures: PictureRenderCache? = nil) -> Frame {
        var frame = Frame(size: context.size)
        let (button, buttonOrigin) = sortButton(context.size)
        let order = viewModel.orderLabel
        let orderColumn = buttonOrigin.column - 1 - DisplayWidth.of(order)
        frame.put(viewModel.title, at: Point(column: 1, row: 0), style: Style(bold: true), maxColumns: max(0, orderColumn - 2))
        frame.put(order, at: Point(column: max(0, orderColumn), row: 0), style: Style(bold: true))
        var pressed = button
        pressed.isFocused = viewModel.sortTouched
        pressed.draw(into: &frame, at: buttonOrigin, style: viewModel.sortTouched ? Theme.touched(context.colorMode) : .plain)
        viewModel.search.draw(into: &frame, rect: Rect(column: 1, row: 1, columns: max(0, context.size.columns - 2), rows: 1),
                              placeholder: ResourceDirectoryTexts.searchPlaceholder, colorMode: context.colorMode)
        if let notice = viewModel.notice {
            frame.put(notice, at: Point(column: 1, row: 2), style: Theme.notice, maxColumns: max(0, context.size.columns - 2))
        }
        let list = listRect(context.size, hasNotice: viewModel.notice != nil)
        var body = Frame(size: list.size)
        switch viewModel.content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + ResourceDirectoryTexts.loadingResources, into: &body, style: .plain)
        case .failed(let message, let canRetry):
            StatusView.error(message, retry: canRetry ? ResourceDirectoryTexts.retry : nil, into: &body, colorMode: context.colorMode)
        case .loaded(let rows, _, _) where rows.isEmpty:
            StatusView.centered(viewModel.emptyMessage, into: &body, style: Style(dim: true))
        case .loaded(let rows, let selectedIndex, let firstVisibleRow):
            let layout = layout(rows: rows.count, list: list)
            let top = layout.top(showing: selectedIndex, previousTop: firstVisibleRow)
            let showsPhotos = context.size.columns >= photoMinimumColumns
            for visible in layout.visibleRows(top: top) {
                let row = rows[visible.index]
                let touched = visible.index == viewModel.touchedIndex, selected = visible.index == selectedIndex
                let style = ListRowStyle.cell(touched: touched, selected: selected, mode: context.colorMode)
                let rect = Rect(column: 0, row: visible.line, columns: list.columns, rows: rowHeight)
                body.fill(Rect(column: 0, row: rect.row, columns: rect.columns, rows: rowHeight - 1), style: style)
                if touched || selected { body.put(touched ? "►" : "▌", at: rect.origin, style: style) }
                ListRow(title: row.title, titleStyle: ListRowStyle.title(style), lines: row.summary.isEmpty ? [] : [row.summary],
                        linesStyle: ListRowStyle.secondary(style), pictureSide: showsPhotos ? .leading : .none, pictureSize: photoSize)
                    .draw(into: &body, rect: Rect(column: 2, row: rect.row, columns: rect.columns - 2, rows: rect.rows)) { frame, photoRect in
                        // A resource without a photo leaves its place empty: no placeholder for what never was.
                        guard row.photo != .none else { return }
                        ImageSlotView.draw(row.photo, into: &frame, rect: photoRect, colorMode: context.colorMode, tick: context.tick,
                                           cache: pictures)
                    }
            }
            // Counted on the rows drawn (section headers are one line): at the end it never says "more".
            if layout.maximumTop > 0 {
                ScrollView.drawMoreIndicator(into: &body, continuesBelow: layout.continuesBelow(top: top), rightEdge: list.columns - 1,
                                             row: list.rows - 1)
            }
        }
        frame.draw(body, at: list.origin)
        // The key bar lists what works here: on the error view, not the list's keys.
        KeyBar.draw(viewModel.search.isEditing ? ResourceDirectoryTexts.searchKeyBar : keys(for: viewModel).keyBar, into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        var search = viewModel.search
        if SearchInput.handle(event, &search) != .ignored {
            output.didEditSearch(search)
            return true
        }
        if handleSortButton(event, size: context.size) { return true }
        if case .key = event, viewModel.touchedIndex != nil || viewModel.sortTouched { output.didCancelTouch() }
        if case .failed(_, false) = viewModel.content, event == .key(.character("r")) || event == .key(.enter) {
            return true // nothing to try again
        }
        switch event {
        case .key(.character("r")):
            output.didRequestReload()
            return true
        case .key(.character("s")):
            output.didPressSort()
            return true
        case .key(.enter) where viewModel.content.isFailed:
            output.didRequestReload()
            return true
        default:
            break
        }
        guard case .loaded(let rows, let selectedIndex, let firstVisibleRow) = viewModel.content else { return false }
        let list = Self.listRect(context.size, hasNotice: viewModel.notice != nil)
        let action = ListInput.action(for: event, selected: selectedIndex, firstVisibleRow: firstVisibleRow,
                                      touched: viewModel.touchedIndex, layout: Self.layout(rows: rows.count, list: list), listRect: list)
        switch action {
        case .select(let index, let top, let visible): output.didChangeSelection(to: index, firstVisibleRow: top, visibleRows: visible)
        case .open(let index): output.didChooseResource(at: index)
        case .touch(let index): output.didTouchResource(at: index)
        case .cancelTouch: output.didCancelTouch()
        case .reload:
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didRequestReload()
        case nil: return false
        }
        return true
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
