import TerminalKit
import TerminalUI

/// What a confirm dialog reports to the module that presented it.
@MainActor
public protocol ConfirmDialogOutput: AnyObject {
    /// `confirmed` is true for the confirming button (or `y`), false for cancel (`n`, esc).
    func confirmDialog(_ id: String, didFinish confirmed: Bool)
}

/// A modal screen drawn over the screen it was presented on, which stays visible (dimmed) around it.
@MainActor
public protocol OverlayScreen: Screen {
    /// Draws the overlay over `frame`, the screen below as it is now.
    func draw(over frame: inout Frame, in context: RenderContext)
}

/// A modal question with two buttons ("Discard changes?" — Discard / Keep editing), presented by a
/// router with `Navigator.present` and dismissed by itself. ←/→/tab move between the buttons, enter
/// or a click presses one, `y` confirms, `n` and esc cancel. Cancel has the focus first, so an
/// enter typed too early never destroys anything. It is drawn over the dimmed screen it asks about,
/// with a key bar that names its keys (`y Delete  n/esc Cancel`).
@MainActor
public final class ConfirmDialog: OverlayScreen {
    public let id: String
    public let message: String
    public let confirmTitle: String
    public let cancelTitle: String
    public private(set) var confirmFocused = false
    private weak var output: (any ConfirmDialogOutput)?
    private weak var navigator: (any Navigator)?

    public init(id: String, message: String, confirmTitle: String, cancelTitle: String = "Cancel",
                output: any ConfirmDialogOutput, navigator: any Navigator) {
        self.id = id
        self.message = message
        self.confirmTitle = confirmTitle
        self.cancelTitle = cancelTitle
        self.output = output
        self.navigator = navigator
    }

    public func screenDidAppear() {}

    public var keyHelp: [KeyHelp] {
        [KeyHelp("←→ tab", "choose a button"), KeyHelp("enter/click", "press it"), KeyHelp("y / n esc", "\(confirmTitle) / \(cancelTitle)")]
    }

    private struct Layout {
        let box: Rect
        let lines: [String]
        let cancel: Point
        let confirm: Point
    }

    private func layout(for size: Size) -> Layout {
        let cancel = Button(title: cancelTitle), confirm = Button(title: confirmTitle)
        let buttonsWidth = cancel.width + 2 + confirm.width
        // Wide enough for the message (up to 60 columns) and for both buttons inside the border.
        let width = min(size.columns, max(30, buttonsWidth + 4, min(60, DisplayWidth.of(message) + 6)))
        let lines = TextWrap.wrap(message, width: max(1, width - 4))
        let height = min(size.rows, lines.count + 5)
        let box = Rect(column: max(0, (size.columns - width) / 2), row: max(0, (size.rows - height) / 2), columns: width, rows: height)
        let left = box.column + max(1, (box.columns - buttonsWidth) / 2)
        let row = box.maxRow - 2
        return Layout(box: box, lines: lines, cancel: Point(column: left, row: row),
                      confirm: Point(column: left + cancel.width + 2, row: row))
    }

    /// Its own key bar: what `y`, `n`/esc and the arrows do here (q and ? are not keys of a question).
    public var keyBar: String {
        ["←→ choose", "enter press", "y " + confirmTitle, "n/esc " + cancelTitle].joined(separator: KeyBar.separator)
    }

    /// On a blank screen (the navigation controller draws it over the screen below instead).
    public func render(in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        draw(over: &frame, in: context)
        return frame
    }

    public func draw(over frame: inout Frame, in context: RenderContext) {
        frame.restyle(frame.bounds) { $0.dim = true }
        let layout = layout(for: context.size)
        frame.fill(layout.box, style: .plain)
        Box.draw(into: &frame, rect: layout.box, title: nil, style: Style(bold: true))
        for (index, line) in layout.lines.enumerated() {
            frame.put(line, at: Point(column: layout.box.column + 2, row: layout.box.row + 1 + index), maxColumns: layout.box.columns - 4)
        }
        Button(title: cancelTitle, isFocused: !confirmFocused).draw(into: &frame, at: layout.cancel)
        Button(title: confirmTitle, isFocused: confirmFocused).draw(into: &frame, at: layout.confirm)
        KeyBar.draw(keyBar, into: &frame)
    }

    public func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        switch event {
        case .key(.left), .key(.right), .key(.tab), .key(.backtab):
            confirmFocused.toggle()
        case .key(.enter), .key(.character(" ")):
            finish(confirmFocused)
        case .key(.character("y")), .key(.character("Y")):
            finish(true)
        case .key(.character("n")), .key(.character("N")), .key(.escape), .key(.backspace):
            finish(false)
        case .mouse(let mouse) where mouse.kind == .press(button: 0):
            let layout = layout(for: context.size)
            let point = Point(column: mouse.column, row: mouse.row)
            if Button(title: confirmTitle).contains(point, drawnAt: layout.confirm) { finish(true) }
            else if Button(title: cancelTitle).contains(point, drawnAt: layout.cancel) { finish(false) }
        default:
            break
        }
        return true // a modal question keeps every key to itself, q included
    }

    public var capturesText: Bool { true }

    private func finish(_ confirmed: Bool) {
        navigator?.dismiss()
        output?.confirmDialog(id, didFinish: confirmed)
    }
}
