import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// A contact's page, after the GO-JEK app: the picture large and centered, the name (★ for a
/// favorite), the action buttons (message, call, email, favourite; edit, delete), then the mobile and
/// the email, and a notice line that says what an action did.
struct ContactDetailView: ModuleView {
    typealias Output = any ContactDetailViewOutput
    let pictures = PictureRenderCache()

    static func didAppear(_ output: Output) { output.didLoad() }
    nonisolated static let bindings = ContactsTexts.detailBindings
    nonisolated static let keys = ContactsTexts.detailKeys
    /// The keys while the contact failed to load: the error view's retry too (remapped as `retry`).
    nonisolated static let failedKeys = keys + ContactsTexts.failedKeys

    static func keys(for viewModel: ContactDetailViewModel) -> [KeyHelp] { viewModel.content.isFailed ? failedKeys : keys }

    /// Where everything goes at one size: the picture, the name, each button and the fields.
    struct Layout {
        var avatar: Rect
        var nameRow: Int
        var buttons: [(button: Button, origin: Point)]
        var fieldsRow: Int
        var noticeRow: Int
    }

    static func layout(_ page: ContactDetailViewModel.Page, size: Size) -> Layout {
        // A large picture when there is room for it, else a small one.
        let avatarSize = size.rows >= 24 && size.columns >= 40 ? Size(columns: 16, rows: 8) : Size(columns: 8, rows: 4)
        let avatar = Rect(column: max(0, (size.columns - avatarSize.columns) / 2), row: 1, columns: avatarSize.columns, rows: avatarSize.rows)
        let nameRow = avatar.maxRow + 1
        // Buttons centered, wrapping onto a second line where the width is short.
        var lines: [[Button]] = [[]]
        var lineWidth = 0
        for (index, model) in page.buttons.enumerated() {
            let button = Button(title: model.title, isFocused: index == page.focusedButton, isEnabled: model.isEnabled)
            let needed = (lines[lines.count - 1].isEmpty ? 0 : 2) + button.width
            if lineWidth + needed > size.columns - 2, !lines[lines.count - 1].isEmpty {
                lines.append([button])
                lineWidth = button.width
            } else {
                lines[lines.count - 1].append(button)
                lineWidth += needed
            }
        }
        var placed: [(button: Button, origin: Point)] = []
        for (offset, line) in lines.enumerated() {
            let width = line.reduce(0) { $0 + $1.width } + 2 * max(0, line.count - 1)
            var column = max(0, (size.columns - width) / 2)
            for button in line {
                placed.append((button, Point(column: column, row: nameRow + 2 + offset)))
                column += button.width + 2
            }
        }
        let fieldsRow = nameRow + 2 + lines.count + 1
        return Layout(avatar: avatar, nameRow: nameRow, buttons: placed, fieldsRow: fieldsRow, noticeRow: max(0, size.rows - 3))
    }

    func render(_ viewModel: ContactDetailViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let columns = context.size.columns
        switch viewModel.content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + ContactsTexts.loadingContact, into: &frame, style: .plain)
        case .failed(let message):
            var body = Frame(size: Size(columns: columns, rows: max(0, context.size.rows - 1)))
            StatusView.error(message, retry: ContactsTexts.retry, into: &body, colorMode: context.colorMode)
            frame.draw(body, at: Point(column: 0, row: 0))
        case .loaded(let page):
            let layout = Self.layout(page, size: context.size)
            AvatarView.draw(page.avatar, into: &frame, rect: layout.avatar, colorMode: context.colorMode, tier: context.pictures, tick: context.tick, cache: pictures)
            let star = page.favorite ? " " + ContactsTexts.favoriteMark : ""
            let name = Truncation.truncate(page.name, width: max(0, columns - 4 - DisplayWidth.of(star))) + star
            frame.put(name, at: Point(column: max(0, (columns - DisplayWidth.of(name)) / 2), row: layout.nameRow), style: Style(bold: true),
                      maxColumns: columns)
            for (button, origin) in layout.buttons {
                button.draw(into: &frame, at: origin, style: button.isEnabled ? .plain : Style(dim: true))
            }
            let labelStyle = context.colorMode == .none ? Style(dim: true) : Style(foreground: .gray)
            let fields = [(ContactsTexts.mobileLabel, page.mobile, page.mobileLink), (ContactsTexts.emailLabel, page.email, page.emailLink)]
            let labelWidth = 8, left = max(1, (columns - 48) / 2)
            for (offset, field) in fields.enumerated() {
                let row = layout.fieldsRow + offset * 2
                frame.put(field.0, at: Point(column: left, row: row), style: labelStyle)
                let point = Point(column: left + labelWidth, row: row), room = max(0, columns - left - labelWidth - 1)
                // The value is a link (OSC 8) where the terminal shows them: a click calls or writes.
                if let link = field.2 { frame.putLink(field.1, target: link, at: point, maxColumns: room) } else {
                    frame.put(field.1, at: point, maxColumns: room)
                }
            }
        }
        NoticeLines.draw(NoticeLines.wrap(viewModel.notice, columns: columns), into: &frame, isError: viewModel.noticeIsError,
                         colorMode: context.colorMode)
        KeyBar.draw(ContactsTexts.detailKeys.keyBar(.english, context.keyMap), into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, viewModel: ContactDetailViewModel, output: Output, in context: RenderContext) -> Bool {
        switch event {
        case .key(let key) where ListInput.reloadKeys.contains(key):
            output.didRequestReload()
            return true
        case .key(let key) where viewModel.content.isFailed && ListInput.retryKeys.contains(key):
            output.didRequestReload()
            return true
        default:
            break
        }
        guard case .loaded(let page) = viewModel.content else { return false }
        typealias Keys = ContactsTexts.DetailKey
        if KeyBinding.perform(event, [Keys.press: { output.didPressButton(at: page.focusedButton) }, Keys.call: { output.didPressAction(.call) },
                                      Keys.message: { output.didPressAction(.message) }, Keys.write: { output.didPressAction(.email) },
                                      Keys.favorite: output.didToggleFavorite, Keys.edit: output.didRequestEdit,
                                      Keys.delete: output.didRequestDelete, Keys.copy: output.didRequestCopy]) {
            return true
        }
        switch event {
        case .key(let key) where Keys.nextAction.contains(key):
            output.didMoveFocus(by: 1)
        case .key(let key) where Keys.previousAction.contains(key):
            output.didMoveFocus(by: -1)
        case .mouse(let mouse) where mouse.kind == .press(button: 0):
            let point = Point(column: mouse.column, row: mouse.row)
            guard let index = Self.layout(page, size: context.size).buttons.firstIndex(where: { $0.button.contains(point, drawnAt: $0.origin) })
            else { return false }
            output.didPressButton(at: index)
        default:
            return false
        }
        return true
    }
}

extension ContactDetailViewModel.Content {
    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
