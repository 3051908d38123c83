import ImageKit
import Navigation
import TerminalKit
import TerminalUI

/// The home screen: the title with the count, the `/` search line, then the contacts in A–Z
/// sections (a header line per letter, `#` last), each with its avatar, full name and a star for
/// favorites. Only the rows on screen are laid out and drawn, so 10,000 contacts cost what 20 do.
@MainActor
final class ContactListView: Screen, ContactListViewInput {
    let output: any ContactListViewOutput
    private(set) var viewModel: ContactListViewModel
    /// Pictures rendered for the current sizes: a key press does not scale every picture again.
    private let pictures = PictureRenderCache()

    init(output: any ContactListViewOutput, viewModel: ContactListViewModel) {
        self.output = output
        self.viewModel = viewModel
    }

    func display(_ viewModel: ContactListViewModel) { self.viewModel = viewModel }
    func screenDidAppear() { output.didLoad() }

    var keyHelp: [KeyHelp] { Self.keys(for: viewModel) }

    /// The keys that work in this state: the list's, or on the error view only retry (nothing to
    /// search, and nowhere to add to while the contacts cannot be loaded).
    static func keys(for viewModel: ContactListViewModel) -> [KeyHelp] {
        viewModel.content.isFailed ? ContactsTexts.failedKeys : ContactsTexts.listKeys
    }
    /// While the search is typed, every printable key (q, a and ? too) is text.
    var capturesText: Bool { viewModel.search.isEditing }

    /// A contact takes two lines (beside its avatar); a section header one.
    static let contactRowHeight = 2
    static let avatarSize = Size(columns: 4, rows: 2)

    /// The list sits below the title, the search line and the notice (when there is one), above the key bar.
    static func listRect(_ size: Size, hasNotice: Bool) -> Rect {
        let top = hasNotice ? 3 : 2
        return Rect(column: 0, row: top, columns: size.columns, rows: max(0, size.rows - top - 1))
    }

    static func layout(rows: LazyRows<ContactListViewModel.Row>, list: Rect) -> VirtualListLayout {
        VirtualListLayout(count: rows.count, viewportRows: list.rows, height: { rows[$0].isHeader ? 1 : contactRowHeight },
                          isSelectable: { !rows[$0].isHeader })
    }

    func render(in context: RenderContext) -> Frame {
        Self.render(viewModel, in: context, pictures: pictures)
    }

    static func render(_ viewModel: ContactListViewModel, in context: RenderContext, pictures: PictureRenderCache? = nil) -> Frame {
        var frame = Frame(size: context.size)
        frame.put(viewModel.title, at: Point(column: 1, row: 0), style: Style(bold: true), maxColumns: max(0, context.size.columns - 2))
        if !viewModel.content.isFailed { // the error view has nothing to search
            viewModel.search.draw(into: &frame, rect: Rect(column: 1, row: 1, columns: max(0, context.size.columns - 2), rows: 1),
                                  placeholder: ContactsTexts.searchPlaceholder, colorMode: context.colorMode)
        }
        if let notice = viewModel.notice {
            frame.put(notice, at: Point(column: 1, row: 2), style: Theme.notice, maxColumns: max(0, context.size.columns - 2))
        }
        let list = listRect(context.size, hasNotice: viewModel.notice != nil)
        var body = Frame(size: list.size)
        switch viewModel.content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + ContactsTexts.loading, into: &body, style: .plain)
        case .failed(let message):
            StatusView.error(message, retry: ContactsTexts.retry, into: &body, colorMode: context.colorMode)
        case .loaded(let rows, _, _) where rows.isEmpty:
            StatusView.centered(viewModel.emptyMessage, into: &body, style: Style(dim: true))
        case .loaded(let rows, let selectedIndex, let firstVisibleRow):
            let layout = layout(rows: rows, list: list)
            let top = layout.top(showing: selectedIndex, previousTop: firstVisibleRow)
            for visible in layout.visibleRows(top: top) {
                switch rows[visible.index] {
                case .header(let letter):
                    let style = context.colorMode == .none ? Style(bold: true) : Style(foreground: .gray, bold: true)
                    body.put(letter, at: Point(column: 1, row: visible.line), style: style)
                case .contact(let row):
                    draw(row, into: &body, line: visible.line, width: list.columns, touched: visible.index == viewModel.touchedIndex,
                         selected: visible.index == selectedIndex, context: context, pictures: pictures)
                }
            }
            // Counted on the rows drawn (section headers are one line): at the end it never says "more".
            if layout.maximumTop > 0 {
                ScrollView.drawMoreIndicator(into: &body, continuesBelow: layout.continuesBelow(top: top), rightEdge: list.columns - 1,
                                             row: list.rows - 1)
            }
        }
        frame.draw(body, at: list.origin)
        KeyBar.draw(viewModel.search.isEditing ? ContactsTexts.searchKeyBar : keys(for: viewModel).keyBar, into: &frame)
        return frame
    }

    private static func draw(_ row: ContactListViewModel.ContactRow, into body: inout Frame, line: Int, width: Int, touched: Bool,
                             selected: Bool, context: RenderContext, pictures: PictureRenderCache?) {
        let style = Theme.listRow(touched: touched, selected: selected, mode: context.colorMode)
        if touched || selected {
            body.fill(Rect(column: 0, row: line, columns: width, rows: contactRowHeight), style: style)
            body.put(touched ? "►" : "▌", at: Point(column: 0, row: line), style: style)
        }
        AvatarView.draw(row.avatar, into: &body, rect: Rect(origin: Point(column: 2, row: line), size: avatarSize),
                        colorMode: context.colorMode, tick: context.tick, cache: pictures)
        let textColumn = 2 + avatarSize.columns + 2
        let star = row.favorite ? " " + ContactsTexts.favoriteMark : ""
        let room = max(0, width - textColumn - 2 - DisplayWidth.of(star))
        var nameStyle = style
        nameStyle.bold = true
        let written = body.put(Truncation.truncate(row.name, width: room), at: Point(column: textColumn, row: line), style: nameStyle,
                               maxColumns: room)
        if row.favorite {
            var starStyle = style
            if !touched, !selected, context.colorMode != .none { starStyle.foreground = .yellow }
            body.put(star, at: Point(column: textColumn + written, row: line), style: starStyle)
        }
    }

    func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        if viewModel.content.isFailed, !viewModel.search.isEditing {
            // The error view: only retry (r, enter, a click on it) works.
            guard event == .key(.character("r")) || event == .key(.enter) else { return false }
            output.didRequestReload()
            return true
        }
        var search = viewModel.search
        if SearchInput.handle(event, &search) != .ignored {
            output.didEditSearch(search)
            return true
        }
        if case .key = event, viewModel.touchedIndex != nil { output.didCancelTouch() }
        switch event {
        case .key(.character("r")):
            output.didRequestReload()
            return true
        case .key(.character("a")):
            output.didPressAdd()
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
                                      touched: viewModel.touchedIndex, layout: Self.layout(rows: rows, list: list), listRect: list)
        switch action {
        case .select(let index, let top, let visible): output.didChangeSelection(to: index, firstVisibleRow: top, visibleRows: visible)
        case .open(let index): output.didChooseContact(at: index)
        case .touch(let index): output.didTouchContact(at: index)
        case .cancelTouch: output.didCancelTouch()
        case .reload:
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didRequestReload()
        case nil: return false
        }
        return true
    }
}

extension ContactListViewModel.Content {
    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
