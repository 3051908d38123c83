import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The detail screen: image above the text when narrow (portrait), beside it when wide (landscape).
struct ProductDetailView: ModuleView {
    typealias Output = any ProductDetailViewOutput
    static func didAppear(_ output: Output) { output.didLoad() }

    /// This screen's keys: the `?` overlay and `apps-cli <feature> --help` both read this list.
    nonisolated static let bindings = ProductGridTexts.detailBindings
    nonisolated static let keys = ProductGridTexts.detailKeys


    // MARK: Layout

    struct Layout: Equatable {
        var image: Rect
        var text: Rect
    }

    static func layout(for size: Size) -> Layout {
        let body = Rect(column: 0, row: 0, columns: size.columns, rows: max(0, size.rows - 1))
        // Landscape is the regular size class (≥ 100 columns), the same breakpoint as every master/detail.
        if SizeClass(columns: size.columns) == .regular {
            let imageColumns = min(body.columns * 2 / 5, body.rows * 2 + 2)
            return Layout(
                image: Rect(column: 1, row: 1, columns: imageColumns, rows: max(0, body.rows - 2)),
                text: Rect(column: imageColumns + 3, row: 1, columns: max(0, body.columns - imageColumns - 4), rows: max(0, body.rows - 2)))
        }
        let imageRows = max(4, min(body.rows * 2 / 5, body.columns / 4))
        return Layout(
            image: Rect(column: 1, row: 1, columns: max(0, body.columns - 2), rows: imageRows),
            text: Rect(column: 1, row: imageRows + 2, columns: max(0, body.columns - 2), rows: max(0, body.rows - imageRows - 3)))
    }

    /// The scrollable text as lines for a given width.
    static func textLines(_ viewModel: ProductDetailViewModel, width: Int, tick: Int) -> [(String, Style)] {
        var lines: [(String, Style)] = []
        lines += TextWrap.wrap(viewModel.name, width: width).map { ($0, Style(bold: true)) }
        lines.append((viewModel.price, Style(foreground: .green, bold: true)))
        lines.append(("", .plain))
        switch viewModel.description {
        case .loading:
            lines.append((Spinner.frame(tick: tick) + " " + ProductGridTexts.loadingDescription, Style(dim: true)))
        case .loaded(let text):
            lines += TextWrap.wrap(text, width: width).map { ($0, .plain) }
        case .failed(let message):
            lines += TextWrap.wrap(message, width: width).map { ($0, Style(foreground: .red)) }
            lines.append((ProductGridTexts.tryAgain, Style(bold: true)))
        }
        return lines
    }

    static func maxScrollOffset(_ viewModel: ProductDetailViewModel, size: Size) -> Int {
        let text = layout(for: size).text
        return max(0, textLines(viewModel, width: max(1, text.columns), tick: 0).count - text.rows)
    }

    // MARK: Drawing

    func render(_ viewModel: ProductDetailViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let layout = Self.layout(for: context.size)
        ImageSlotView.draw(viewModel.image, into: &frame, rect: layout.image, colorMode: context.colorMode, tier: context.pictures, tick: context.tick,
                           description: viewModel.name)
        let lines = Self.textLines(viewModel, width: max(1, layout.text.columns), tick: context.tick)
        let offset = min(viewModel.scrollOffset, max(0, lines.count - layout.text.rows))
        for row in 0..<max(0, layout.text.rows) where offset + row < lines.count {
            let (line, style) = lines[offset + row]
            frame.put(line, at: Point(column: layout.text.column, row: layout.text.row + row), style: style,
                      maxColumns: layout.text.columns)
        }
        ScrollView.drawMoreIndicator(into: &frame, contentHeight: lines.count, viewportRows: layout.text.rows, offset: offset,
                                     rightEdge: layout.text.maxColumn, row: layout.text.maxRow)
        // A notice takes the key bar's line until the next key, cut to fit with "…" (the bar drops whole keys instead).
        KeyBar.draw(viewModel.notice.map { Truncation.truncate($0, width: max(0, context.size.columns - 2)) } ?? Self.keys.keyBar(.english, context.keyMap), into: &frame)
        return frame
    }

    // MARK: Input

    func handle(_ event: InputEvent, viewModel: ProductDetailViewModel, output: Output, in context: RenderContext) -> Bool {
        if KeyBinding.perform(event, [ProductGridTexts.closeBinding: output.didRequestClose, ProductGridTexts.copyBinding: output.didRequestCopy]) {
            return true
        }
        switch event {
        case .key(let key) where ListInput.reloadKeys.contains(key):
            output.didRequestReload()
            return true
        default:
            guard let delta = ScrollInput.delta(for: event, page: Self.layout(for: context.size).text.rows - 1) else { return false }
            let target = ScrollInput.offset(viewModel.scrollOffset, movedBy: delta,
                                            maximum: Self.maxScrollOffset(viewModel, size: context.size))
            if target != viewModel.scrollOffset { output.didScroll(to: target) }
            return true
        }
    }
}
