import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The home screen: the title with the count, the `/` search line, then the contacts in A–Z
/// sections (a header line per letter, `#` last), each with its avatar, full name and a star for
/// favorites. Only the rows on screen are laid out and drawn, so 10,000 contacts cost what 20 do.
struct ContactListView: FilteredListView {
    typealias ViewModel = ContactListViewModel
    typealias Output = any ContactListViewOutput
    static func listOutput(_ output: Output) -> any FilteredListViewOutput { output }
    /// Pictures rendered for the current sizes: a key press does not scale every picture again.
    let pictures = PictureRenderCache()

    nonisolated static let bindings = ContactsTexts.listBindings
    nonisolated static let keys = ContactsTexts.listKeys
    /// The error view: only retry (nothing to search, and nowhere to add to while the contacts cannot be loaded).
    static func failedKeys(for viewModel: ContactListViewModel) -> [KeyHelp] { ContactsTexts.failedKeys }
    static let listWords = FilteredListWords(loading: ContactsTexts.loading, retry: ContactsTexts.retry,
                                             filterPlaceholder: ContactsTexts.searchPlaceholder, filterTypingBar: ContactsTexts.searchKeyBar)
    /// The notice line is taken only while a notice shows.
    static let noticeLine = ListScreenLayout.NoticeLine.whenShown

    /// A contact takes two lines (beside its avatar); a section header one.
    static let rowHeight = 2
    static let avatarSize = Size(columns: 4, rows: 2)

    static func layout(_ rows: LazyRows<ContactListViewModel.Row>, list: Rect) -> VirtualListLayout {
        VirtualListLayout(count: rows.count, viewportRows: list.rows, height: { rows[$0].isHeader ? 1 : rowHeight },
                          isSelectable: { !rows[$0].isHeader })
    }

    func drawRow(_ row: ContactListViewModel.Row, cell: ListBody.Cell, into body: inout Frame, context: RenderContext) {
        switch row {
        case .header(let letter):
            let style = context.colorMode == .none ? Style(bold: true) : Style(foreground: .gray, bold: true)
            body.put(letter, at: Point(column: 1, row: cell.rect.row), style: style)
        case .contact(let contact):
            Self.draw(contact, into: &body, cell: cell, context: context, pictures: pictures)
        case .pending:
            var style = cell.style
            if context.colorMode != .none, !cell.isSelected, !cell.isTouched { style.foreground = .gray }
            body.put("…", at: Point(column: 2 + Self.avatarSize.columns + 2, row: cell.rect.row), style: style)
        }
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

    /// `a` adds, except on the error view and while the search is typed; the rest is every filtered list's.
    func handle(_ event: InputEvent, viewModel: ContactListViewModel, output: Output, in context: RenderContext) -> Bool {
        if !viewModel.content.isFailed, !viewModel.search.isEditing, ContactsTexts.addBinding.matches(event) {
            if viewModel.touchedIndex != nil { output.didCancelTouch() }
            output.didPressAdd()
            return true
        }
        return handleList(event, viewModel: viewModel, output: output, in: context)
    }
}
