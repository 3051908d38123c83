import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The add / edit form: first name, last name, mobile, email and the photo's path, each with its
/// message under it, the photo's preview beside the fields where the width allows, and a status
/// line (saving, or why the save failed). Keys are a contract: tab / backtab move through the
/// fields in that order, typing edits the focused one, ctrl-s is Done and esc is Cancel.
struct ContactFormView: ModuleView {
    typealias Output = any ContactFormViewOutput
    let pictures = PictureRenderCache()

    static func didAppear(_ output: Output) { output.didLoad() }
    nonisolated static let bindings = ContactsTexts.formBindings
    static let keys = ContactsTexts.formKeys
    /// Every printable key is text in a form (q and ? included).
    static func capturesText(_ viewModel: ContactFormViewModel) -> Bool { true }

    static let previewSize = Size(columns: 16, rows: 8)
    /// The preview is shown beside the fields from this width on.
    static let previewMinimumColumns = 64

    static func formRect(_ size: Size) -> Rect {
        let previewColumns = size.columns >= previewMinimumColumns ? previewSize.columns + 3 : 0
        // The title, then the fields right under it: five fields of three lines fit 20 rows with the status and key bar.
        return Rect(column: 1, row: 1, columns: max(0, min(60, size.columns - 2 - previewColumns)),
                    rows: max(0, size.rows - 2))
    }

    func render(_ viewModel: ContactFormViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let columns = context.size.columns
        frame.put(viewModel.title, at: Point(column: 1, row: 0), style: Style(bold: true), maxColumns: columns - 2)
        let rect = Self.formRect(context.size)
        viewModel.form.draw(into: &frame, rect: rect, colorMode: context.colorMode)
        if columns >= Self.previewMinimumColumns {
            let preview = Rect(column: rect.maxColumn + 2, row: rect.row + 1, columns: Self.previewSize.columns, rows: Self.previewSize.rows)
            ImageSlotView.draw(viewModel.preview, into: &frame, rect: preview, colorMode: context.colorMode, tier: context.pictures, tick: context.tick,
                               cache: pictures)
            // The caption (why there is no picture, as a sentence) wraps under the preview at words, in
            // the room to the right edge, at most three lines; the last one ends with "…" if cut.
            let captionWidth = max(1, min(40, columns - preview.column - 1))
            var captionLines = TextWrap.wrap(viewModel.previewCaption, width: captionWidth)
            if captionLines.count > 3 {
                captionLines = Array(captionLines.prefix(3))
                captionLines[2] = Truncation.truncate(captionLines[2] + " …", width: captionWidth)
            }
            for (index, line) in captionLines.enumerated() where preview.maxRow + index < context.size.rows - 1 {
                frame.put(line, at: Point(column: preview.column, row: preview.maxRow + index), style: Style(dim: true),
                          maxColumns: captionWidth)
            }
        }
        // On a short screen the status covers the last field's lines: whole rows, never a mix of both.
        NoticeLines.draw(NoticeLines.wrap(viewModel.notice, columns: columns), into: &frame, isError: viewModel.noticeIsError,
                         colorMode: context.colorMode)
        // The form keeps q and ? as text, so its bar does not offer them.
        KeyBar.draw(ContactsTexts.formKeys.compactMap(\.bar).joined(separator: "  "), into: &frame)
        return frame
    }

    func handle(_ event: InputEvent, viewModel: ContactFormViewModel, output: Output, in context: RenderContext) -> Bool {
        if KeyBinding.perform(event, [ContactsTexts.FormKey.done: output.didPressDone, ContactsTexts.FormKey.cancel: output.didPressCancel]) {
            return true
        }
        switch event {
        case .key(let key) where ContactsTexts.FormKey.nextOnReturn.contains(key):
            // Return moves on, as a phone keyboard's "next" does; Done is ctrl-s.
            var form = viewModel.form
            form.moveFocus(by: 1)
            output.didEditForm(form)
            return true
        default:
            var form = viewModel.form
            guard FormInput.handle(event, &form, rect: Self.formRect(context.size)) else { return false }
            output.didEditForm(form)
            return true
        }
    }
}
