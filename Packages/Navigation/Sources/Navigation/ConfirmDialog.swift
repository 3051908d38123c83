import TerminalKit
import TerminalUI
import TextCells

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

    /// The dialog's keys: ←→ choose a button, enter presses it, `y` confirms, `n` cancels. Their
    /// words are its help and its key bar (q and ? are not keys of a question).
    public var bindings: [KeyBinding] { [Self.chooseBinding, Self.pressBinding, confirmBinding, cancelBinding] }

    private var confirmBinding: KeyBinding {
        KeyBinding([.character("y"), .character("Y")], KeyHelp("y/Y", confirmTitle, bar: "y " + confirmTitle))
    }

    private var cancelBinding: KeyBinding {
        KeyBinding([.character("n"), .character("N"), .escape, .backspace], KeyHelp("n/N esc backspace", cancelTitle, bar: "n/esc " + cancelTitle))
    }

    static let chooseBinding = KeyBinding([.left, .right, .tab, .backtab], KeyHelp("←→ tab shift-tab", "choose a button", bar: "←→ choose"))
    static let pressBinding = KeyBinding([.enter, .character(" ")], KeyHelp("enter space click", "press it", bar: "enter press"))

    public var keyHelp: [KeyHelp] { bindings.help }

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

    /// Its own key bar: what the arrows, enter, `y` and `n`/esc do here (q and ? are not keys of a question).
    public var keyBar: String { keyHelp.compactMap(\.bar).joined(separator: KeyBar.separator) }

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
        case .key(let key) where Self.chooseBinding.matches(key):
            confirmFocused.toggle()
        case .key(let key) where Self.pressBinding.matches(key):
            finish(confirmFocused)
        case .key(let key) where confirmBinding.matches(key):
            finish(true)
        case .key(let key) where cancelBinding.matches(key):
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
