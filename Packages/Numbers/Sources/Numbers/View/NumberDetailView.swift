import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// A number's detail: its name, its picture as large as the pane allows, and its text.
struct NumberDetailView: ModuleView {
    typealias Output = any NumberDetailViewOutput
    let pictures = PictureRenderCache(capacity: 8)

    static func didAppear(_ output: Output) { output.didLoad() }

    nonisolated static let copyBinding = KeyBinding([.character("y")], KeyHelp("y", "copy the number's name"), name: "copy")
    /// This screen's keys (on the error view enter retries too); esc goes back through the host.
    nonisolated static let bindings = [ListInput.reloadBinding(), copyBinding]
    nonisolated static let keys = bindings.help + [KeyHelp("esc/backspace", "back to the list (narrow terminal)", bar: "esc back")]
    /// The keys while the text failed: the error view's retry too (a config file remaps it as `retry`).
    nonisolated static let failedKeys = keys + [NavigationTexts.english.retryKey]

    static func keys(for viewModel: NumberDetailViewModel) -> [KeyHelp] {
        if case .failed = viewModel.text { return failedKeys }
        return keys
    }

    /// The picture takes up to half the rows and keeps a 2:1 cell aspect (kanji cells are square).
    static func pictureRect(_ size: Size) -> Rect {
        let rows = max(0, min(12, (size.rows - 6) / 2 + 1))
        let columns = max(0, min(size.columns - 4, rows * 2 * 3))
        return Rect(column: 2, row: 2, columns: columns, rows: rows)
    }

    func render(_ viewModel: NumberDetailViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        frame.put(viewModel.name, at: Point(column: 2, row: 0), style: Style(bold: true), maxColumns: max(0, context.size.columns - 4))
        if let notice = viewModel.notice {
            // Beside the name when it fits, else cut: the picture starts on the next row.
            let start = 2 + DisplayWidth.of(viewModel.name) + 2
            frame.put(notice, at: Point(column: start, row: 0), style: Theme.notice, maxColumns: max(0, context.size.columns - start - 1))
        }
        let picture = Self.pictureRect(context.size)
        ImageSlotView.draw(viewModel.image, into: &frame, rect: picture, colorMode: context.colorMode, tier: context.pictures, tick: context.tick, cache: pictures,
                           description: viewModel.name)
        let textRow = picture.row + picture.rows + 1
        let textWidth = max(1, context.size.columns - 4)
        switch viewModel.text {
        case .loading:
            frame.put(Spinner.frame(tick: context.tick) + " " + NumbersTexts.loading, at: Point(column: 2, row: textRow))
        case .failed(let message):
            let lines = TextWrap.wrap(message, width: textWidth) + ["", NumbersTexts.retry]
            for (offset, line) in lines.enumerated() {
                frame.put(line, at: Point(column: 2, row: textRow + offset), style: Theme.error, maxColumns: textWidth)
            }
        case .loaded(let text):
            for (offset, line) in TextWrap.wrap(text, width: textWidth).enumerated() {
                frame.put(line, at: Point(column: 2, row: textRow + offset), maxColumns: textWidth)
            }
        }
        KeyBar.draw(Self.keys.keyBar(.english, context.keyMap), into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, viewModel: NumberDetailViewModel, output: Output, in context: RenderContext) -> Bool {
        switch event {
        case .key(let key) where ListInput.reloadKeys.contains(key):
            output.didRequestReload()
            return true
        case _ where Self.copyBinding.matches(event):
            output.didRequestCopy()
            return true
        case .key(let key) where ListInput.retryKeys.contains(key):
            guard case .failed = viewModel.text else { return false }
            output.didRequestReload()
            return true
        default:
            return false
        }
    }
}
