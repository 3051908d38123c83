import Navigation
import TerminalKit
import TerminalUI

/// The in-app compose screen: To and Subject fields, a multi-line message, Send and Cancel.
/// Every printable key is text here; ctrl-s sends, esc cancels (asking before discarding).
struct ComposeEmailView: ModuleView {
    typealias Output = any ComposeEmailViewOutput
    static func didAppear(_ output: Output) {}

    /// The keys where the focus is: the fields', or the message's.
    static func bindings(for viewModel: ComposeEmailViewModel) -> [KeyBinding] {
        ResourceDirectoryTexts.composeBindings(inMessage: viewModel.focus == .body)
    }
    /// Every key of the screen, in a field and in the message (`--help`).
    static let keys = ResourceDirectoryTexts.composeKeys
    static func keys(for viewModel: ComposeEmailViewModel) -> [KeyHelp] { bindings(for: viewModel).help }
    static func capturesText(_ viewModel: ComposeEmailViewModel) -> Bool { true }

    /// Where things are at a size.
    struct Layout {
        var fields: Rect
        var bodyLabel: Int
        var body: Rect
        var bodyMessage: Int
        var send: Point
        var cancel: Point
        var notice: Int
    }

    /// The notice (why a send did not go, with the link) gets up to this many lines.
    static let maximumNoticeLines = 3

    static func noticeLines(_ viewModel: ComposeEmailViewModel, size: Size) -> [String] {
        NoticeLines.wrap(viewModel.notice?.text, columns: size.columns, maximumLines: maximumNoticeLines)
    }

    /// Where things are at `size` with `noticeLines` lines of notice above the key bar (at least one is kept).
    static func layout(_ size: Size, noticeLines: Int = 1) -> Layout {
        let width = max(0, size.columns - 2)
        let fields = Rect(column: 1, row: 2, columns: width, rows: 2 * FormState.rowsPerField)
        let bodyLabel = fields.maxRow
        let buttonsRow = max(bodyLabel + 2, size.rows - 2 - max(1, noticeLines))
        let body = Rect(column: 3, row: bodyLabel + 1, columns: max(0, width - 2), rows: max(1, buttonsRow - bodyLabel - 2))
        let send = Point(column: 3, row: buttonsRow)
        let cancel = Point(column: 3 + TerminalUI.Button(title: ResourceDirectoryTexts.sendButton).width + 2, row: buttonsRow)
        return Layout(fields: fields, bodyLabel: bodyLabel, body: body, bodyMessage: body.maxRow, send: send, cancel: cancel,
                      notice: buttonsRow + 1)
    }

    func render(_ viewModel: ComposeEmailViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let notice = Self.noticeLines(viewModel, size: context.size)
        let layout = Self.layout(context.size, noticeLines: notice.count)
        frame.put(ResourceDirectoryTexts.composeTitle, at: Point(column: 1, row: 0), style: Style(bold: true))
        var fields = viewModel.fields
        if viewModel.focus == .body { fields.focus = fields.fields.count }   // no field shows focus
        fields.draw(into: &frame, rect: layout.fields, colorMode: context.colorMode)
        let bodyFocused = viewModel.focus == .body && !viewModel.isSending
        var labelStyle = Style(bold: bodyFocused, dim: viewModel.isSending)
        if bodyFocused, context.colorMode != .none { labelStyle.foreground = .cyan }
        frame.put((bodyFocused ? "► " : "  ") + ResourceDirectoryTexts.bodyLabel, at: Point(column: 1, row: layout.bodyLabel), style: labelStyle)
        viewModel.body.draw(into: &frame, rect: layout.body, style: Style(dim: viewModel.isSending, underline: true), isFocused: bodyFocused)
        let messageStyle = context.colorMode == .none ? Style(bold: true) : Theme.error
        if let message = viewModel.bodyMessage {
            frame.put("! " + message, at: Point(column: 3, row: layout.bodyMessage), style: messageStyle,
                      maxColumns: max(0, context.size.columns - 4))
        }
        TerminalUI.Button(title: ResourceDirectoryTexts.sendButton, isEnabled: !viewModel.isSending).draw(into: &frame, at: layout.send)
        TerminalUI.Button(title: ResourceDirectoryTexts.cancelButton, isEnabled: !viewModel.isSending).draw(into: &frame, at: layout.cancel)
        let noticeStyle = viewModel.notice?.isProblem == true ? messageStyle : Theme.notice
        for (index, line) in notice.enumerated() where layout.notice + index < context.size.rows - 1 {
            frame.put(line, at: Point(column: 1, row: layout.notice + index), style: noticeStyle)
        }
        KeyBar.draw(ResourceDirectoryTexts.composeKeyBar, into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, viewModel: ComposeEmailViewModel, output: Output, in context: RenderContext) -> Bool {
        let focus = viewModel.focus
        let all = ComposeEmailViewModel.Focus.allCases
        func move(_ step: Int) -> Bool {
            output.didMoveFocus(to: all[(focus.rawValue + step + all.count) % all.count])
            return true
        }
        if KeyBinding.perform(event, [ResourceDirectoryTexts.composeSend: output.didRequestSend, ResourceDirectoryTexts.composeCancel: output.didRequestCancel]) {
            return true
        }
        switch event {
        case .key(.tab): return move(1)
        case .key(.backtab): return move(-1)
        case .key(let key) where focus != .body && (FormInput.nextFieldKeys + [.enter]).contains(key): return move(1)
        case .key(let key) where focus != .body && FormInput.previousFieldKeys.contains(key): return move(-1)
        case .mouse(let mouse) where mouse.kind == .press(button: 0):
            let lines = Self.noticeLines(viewModel, size: context.size).count
            return Self.click(Point(column: mouse.column, row: mouse.row), layout: Self.layout(context.size, noticeLines: lines),
                              viewModel: viewModel, output: output)
        default:
            break
        }
        // Typing (q and ? too: nothing typed reaches the host); a key that writes nothing is not taken.
        if focus == .body {
            var body = viewModel.body
            guard TextInput.edit(event, &body) else { return false }
            output.didEditBody(body)
        } else {
            var fields = viewModel.fields
            fields.focus = focus.rawValue
            var edited = false
            fields.editFocused { edited = TextInput.edit(event, &$0) }
            guard edited else { return false }
            output.didEditFields(fields)
        }
        return true
    }

    private static func click(_ point: Point, layout: Layout, viewModel: ComposeEmailViewModel, output: Output) -> Bool {
        if TerminalUI.Button(title: ResourceDirectoryTexts.sendButton).contains(point, drawnAt: layout.send) {
            output.didRequestSend()
        } else if TerminalUI.Button(title: ResourceDirectoryTexts.cancelButton).contains(point, drawnAt: layout.cancel) {
            output.didRequestCancel()
        } else if let field = viewModel.fields.field(atRow: point.row, in: layout.fields) {
            output.didMoveFocus(to: ComposeEmailViewModel.Focus(rawValue: field) ?? .to)
        } else if point.row >= layout.bodyLabel, point.row < layout.body.maxRow {
            output.didMoveFocus(to: .body)
        }
        return true
    }
}
