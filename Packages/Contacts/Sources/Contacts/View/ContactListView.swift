import ImageKit
import Navigation
import TerminalKit
import TerminalUI

/// The home screen: the title with the count, the `/` search line, then the contacts in A–Z
/// sections (a header line per letter, `#` last), each with its avatar, full name and a star for
/// favorites. Only the rows on screen are laid out and drawn, so 10,000 contacts cost what 20 do.
@MainActor
final class ContactListView: TextEditingScreen, ContactListViewInput {
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
    var editingKeyBar: String { ContactsTexts.searchKeyBar }

    /// A contact takes two lines (beside its avatar); a section header one.
    static let contactRowHeight = 2
    static let avatarSize = Size(columns: 4, rows: 2)

    /// The title, the search line, the notice (when there is one), the list, the key bar.
    static func listRect(_ size: Size, hasNotice: Bool) -> Rect {
        ListScreenLayout(size: size, hasSearch: true, hasNotice: hasNotice).list
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
        let screen = ListScreenLayout(size: context.size, hasSearch: true, hasNotice: viewModel.notice != nil)
        screen.drawHeader(title: viewModel.title, notice: viewModel.notice, into: &frame)
        if !viewModel.content.isFailed, let search = screen.search { // the error view has nothing to search
            viewModel.search.draw(into: &frame, rect: search, placeholder: ContactsTexts.searchPlaceholder, colorMode: context.colorMode)
        }
        let words = ListBody.Words(loading: ContactsTexts.loading, empty: viewModel.emptyMessage, retry: ContactsTexts.retry)
        ListBody.draw(viewModel.content, in: screen.list, into: &frame, layout: { layout(rows: $0, list: screen.list) },
                      touchedIndex: viewModel.touchedIndex, words: words, context: context) { row, cell, body in
            switch row {
            case .header(let letter):
                let style = context.colorMode == .none ? Style(bold: true) : Style(foreground: .gray, bold: true)
                body.put(letter, at: Point(column: 1, row: cell.rect.row), style: style)
            case .contact(let contact):
                draw(contact, into: &body, cell: cell, context: context, pictures: pictures)
            case .pending:
                var style = cell.style
                if context.colorMode != .none, !cell.isSelected, !cell.isTouched { style.foreground = .gray }
                body.put("…", at: Point(column: 2 + avatarSize.columns + 2, row: cell.rect.row), style: style)
            }
        }
        KeyBar.draw(viewModel.search.isEditing ? ContactsTexts.searchKeyBar : keys(for: viewModel).keyBar, into: &frame)
        return frame
    }

    /// A contact's avatar, name and favorite star (the row's look and marker are the list body's).
    private static func draw(_ row: ContactListViewModel.ContactRow, into body: inout Frame, cell: ListBody.Cell,
                             context: RenderContext, pictures: PictureRenderCache?) {
        let style = cell.style, line = cell.rect.row, width = cell.rect.columns
        let touched = cell.isTouched, selected = cell.isSelected
        AvatarView.draw(row.avatar, into: &body, rect: Rect(origin: Point(column: 2, row: line), size: avatarSize),
                        colorMode: context.colorMode, tier: context.pictures, tick: context.tick, cache: pictures)
        let textColumn = 2 + avatarSize.columns + 2
        let star = row.favorite ? " " + ContactsTexts.favoriteMark : ""
        // The sync mark at the row's end; a narrow row gives the name the room first.
        let mark = row.sync.map { " " + $0 } ?? ""
        let markWidth = DisplayWidth.of(mark)
        let showsMark = !mark.isEmpty && width - textColumn - 2 - DisplayWidth.of(star) - markWidth >= 8
        if showsMark {
            var markStyle = style
            if !touched, !selected, context.colorMode != .none { markStyle.foreground = row.syncIsProblem ? .red : .gray }
            body.put(mark, at: Point(column: width - 1 - markWidth, row: line), style: markStyle)
        }
        let room = max(0, width - textColumn - 2 - DisplayWidth.of(star) - (showsMark ? markWidth : 0))
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
        let list = Self.listRect(context.size, hasNotice: viewModel.notice != nil)
        func handleList() -> Bool {
            // The list's keys, touch and retry, shared with every list screen.
            ListInput.handle(event, content: viewModel.content, touched: viewModel.touchedIndex, layout: { Self.layout(rows: $0, list: list) },
                             listRect: list, retry: ContactsTexts.retry, output: output)
        }
        // The error view: only retry works (nothing to search, nowhere to add to).
        if viewModel.content.isFailed, !viewModel.search.isEditing { return handleList() }
        if SearchInput.handleFilter(event, viewModel.search, didEdit: output.didEditSearch) { return true }
        if ContactsTexts.addBinding.matches(event) {
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didPressAdd()
            return true
        }
        return handleList()
    }
}

