import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The details screen: name, picture beside (or, when narrow, above) price, stars, release date,
/// color, availability and the Vormerken/Vergessen button; then both descriptions uncut, and the
/// footer. The whole content scrolls when it is taller than the screen.
struct Check24DetailView: ModuleView {
    typealias Output = any Check24DetailViewOutput
    static func didAppear(_ output: Output) { output.didLoad() }

    /// This screen's keys: the `?` overlay and `apps-cli <feature> --help` both read this list.
    /// The key bar shows `f` with the button's current title (see ``keyBar(favoriteButtonTitle:)``).
    nonisolated static let bindings = Check24Texts.detailBindings
    nonisolated static let keys = Check24Texts.detailKeys

    /// The bar names what `f` does now: Vormerken or Vergessen.
    nonisolated static func keyBar(favoriteButtonTitle: String, keyMap: KeyMap = .none) -> String {
        keys.map { help in
            guard help.name == "favorite" else { return help }
            var titled = help
            titled.bar = "f \(favoriteButtonTitle)"
            return titled
        }.keyBar(.german, keyMap)
    }


    // MARK: Layout

    /// Where things go in the scrollable content (rows before scrolling) for a width.
    struct Layout: Equatable {
        var width: Int
        var nameLines: [String]
        var noticeLines: [String]
        var image: Rect
        var infoColumn: Int
        var infoRow: Int
        var button: Point
        var descriptionRow: Int
        var descriptionLines: [String]
        var longDescriptionRow: Int
        var longDescriptionLines: [String]
        var footerRow: Int
        var height: Int

        init(_ viewModel: Check24DetailViewModel, width: Int) {
            self.width = width
            let textWidth = max(1, width - 2)
            nameLines = TextWrap.wrap(viewModel.name + (viewModel.isFavorite ? " ♥" : ""), width: textWidth)
            noticeLines = viewModel.notice.map { TextWrap.wrap($0, width: textWidth) } ?? []
            let top = nameLines.count + noticeLines.count + 1
            let imageColumns = max(8, min(24, width / 3))
            let imageRows = imageColumns / 2
            let infoLines = 7 // price, stars, date, color, availability, blank, button
            if width >= 48 {
                image = Rect(column: 1, row: top, columns: imageColumns, rows: imageRows)
                infoColumn = imageColumns + 3
                infoRow = top
            } else {
                image = Rect(column: 1, row: top, columns: min(imageColumns * 2, textWidth), rows: imageRows)
                infoColumn = 1
                infoRow = top + imageRows + 1
            }
            button = Point(column: infoColumn, row: infoRow + infoLines - 1)
            let afterTop = max(image.maxRow, infoRow + infoLines) + 1
            descriptionRow = afterTop
            descriptionLines = TextWrap.wrap(viewModel.description, width: textWidth)
            longDescriptionRow = descriptionRow + descriptionLines.count + 1
            longDescriptionLines = TextWrap.wrap(viewModel.longDescription, width: textWidth)
            footerRow = longDescriptionRow + longDescriptionLines.count + 1
            height = footerRow + 1
        }

        var footerColumn: Int { max(1, (width - DisplayWidth.of(Check24Texts.footer)) / 2) }
    }

    static func viewportRows(_ size: Size) -> Int { max(0, size.rows - 1) }

    static func maxScrollOffset(_ viewModel: Check24DetailViewModel, size: Size) -> Int {
        max(0, Layout(viewModel, width: size.columns).height - viewportRows(size))
    }

    static func button(_ viewModel: Check24DetailViewModel) -> Button {
        Button(title: viewModel.favoriteButtonTitle, isFocused: viewModel.focus == .favoriteButton)
    }

    // MARK: Drawing

    func render(_ viewModel: Check24DetailViewModel, in context: RenderContext) -> Frame {
        let size = context.size
        let layout = Layout(viewModel, width: size.columns)
        let viewport = Self.viewportRows(size)
        let offset = min(viewModel.scrollOffset, max(0, layout.height - viewport))
        var content = Frame(size: Size(columns: size.columns, rows: layout.height))
        Self.draw(viewModel, layout: layout, into: &content, context: context)
        var frame = Frame(size: size)
        frame.draw(content, from: Rect(column: 0, row: offset, columns: size.columns, rows: viewport), at: Point(column: 0, row: 0))
        ScrollView.drawMoreIndicator(into: &frame, contentHeight: layout.height, viewportRows: viewport, offset: offset,
                                     rightEdge: size.columns - 1, row: viewport - 1, words: .german)
        KeyBar.draw(Self.keyBar(favoriteButtonTitle: viewModel.favoriteButtonTitle, keyMap: context.keyMap), into: &frame)
        return frame
    }

    private static func draw(_ viewModel: Check24DetailViewModel, layout: Layout, into frame: inout Frame, context: RenderContext) {
        let colored = context.colorMode != .none
        // Favorites show their name in blue (and with ♥, so color is never the only cue).
        let nameStyle = Style(foreground: viewModel.isFavorite && colored ? Check24Colors.blue : .default, bold: true)
        for (row, line) in layout.nameLines.enumerated() {
            frame.put(line, at: Point(column: 1, row: row), style: nameStyle)
        }
        for (row, line) in layout.noticeLines.enumerated() {
            frame.put(line, at: Point(column: 1, row: layout.nameLines.count + row), style: Style(foreground: colored ? .red : .default, bold: true))
        }
        ImageSlotView.draw(viewModel.image, into: &frame, rect: layout.image, colorMode: context.colorMode, tier: context.pictures, tick: context.tick,
                           description: viewModel.name, words: Check24Texts.pictureWords)
        let column = layout.infoColumn
        let maxColumns = max(1, layout.width - column - 1)
        var row = layout.infoRow
        func info(_ text: String, _ style: Style = .plain) {
            frame.put(text, at: Point(column: column, row: row), style: style, maxColumns: maxColumns)
            row += 1
        }
        info(viewModel.price, Style(foreground: colored ? .green : .default, bold: true))
        info(viewModel.stars, Style(foreground: colored ? .yellow : .default))
        info(Check24Texts.releaseDateLabel + viewModel.releaseDate)
        let swatchWidth = viewModel.colorCode != nil && colored ? 3 : 0
        let colorText = Check24Texts.colorLabel + viewModel.color + (viewModel.colorCode.map { " (#\($0))" } ?? "")
        if let hex = viewModel.colorCode, colored, let color = swatchColor(hex) {
            frame.put("██", at: Point(column: column, row: row), style: Style(foreground: color))
        }
        frame.put(colorText, at: Point(column: column + swatchWidth, row: row), maxColumns: maxColumns - swatchWidth)
        row += 1
        info(viewModel.availability, Style(dim: true))
        button(viewModel).draw(into: &frame, at: layout.button, maxColumns: maxColumns)
        for (offset, line) in layout.descriptionLines.enumerated() {
            frame.put(line, at: Point(column: 1, row: layout.descriptionRow + offset), style: Style(bold: true))
        }
        for (offset, line) in layout.longDescriptionLines.enumerated() {
            frame.put(line, at: Point(column: 1, row: layout.longDescriptionRow + offset))
        }
        let footerFocused = viewModel.focus == .footer
        if footerFocused { frame.cursor = Point(column: layout.footerColumn, row: layout.footerRow) }
        frame.put(viewModel.footer, at: Point(column: layout.footerColumn, row: layout.footerRow),
                  style: Style(bold: footerFocused, underline: true, reverse: footerFocused))
    }

    static func swatchColor(_ hex: String) -> Color? {
        guard hex.count == 6, let value = UInt32(hex, radix: 16) else { return nil }
        return .rgb(UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF))
    }

    // MARK: Input

    func handle(_ event: InputEvent, viewModel: Check24DetailViewModel, output: Output, in context: RenderContext) -> Bool {
        if let delta = ScrollInput.delta(for: event, page: Self.viewportRows(context.size) - 1) {
            let target = ScrollInput.offset(viewModel.scrollOffset, movedBy: delta,
                                            maximum: Self.maxScrollOffset(viewModel, size: context.size))
            if target != viewModel.scrollOffset { output.didScroll(to: target) }
            return true
        }
        if KeyBinding.perform(event, [Check24Texts.closeBinding: output.didRequestClose, Check24Texts.favoriteBinding: output.didToggleFavorite,
                                      Check24Texts.copyBinding: output.didRequestCopy, Check24Texts.activateBinding: output.didActivateFocus]) {
            return true
        }
        switch event {
        case _ where Check24Texts.focusBinding.matches(event):
            let focus: Check24DetailViewModel.Focus = viewModel.focus == .favoriteButton ? .footer : .favoriteButton
            output.didMoveFocus(to: focus)
            Self.scroll(to: focus, viewModel: viewModel, output: output, context: context)
            return true
        case .mouse(let mouse):
            switch mouse.kind {
            case .press(button: 0):
                let layout = Layout(viewModel, width: context.size.columns)
                let offset = min(viewModel.scrollOffset, Self.maxScrollOffset(viewModel, size: context.size))
                guard mouse.row < Self.viewportRows(context.size) else { return false }
                let point = Point(column: mouse.column, row: mouse.row + offset)
                if Self.button(viewModel).contains(point, drawnAt: layout.button) {
                    output.didToggleFavorite()
                    return true
                }
                let footer = Rect(column: layout.footerColumn, row: layout.footerRow,
                                  columns: DisplayWidth.of(viewModel.footer), rows: 1)
                if footer.contains(point) {
                    output.didChooseFooter()
                    return true
                }
                return false
            default: return false
            }
        default:
            return false
        }
    }

    /// After tab, the newly focused element is scrolled into view.
    private static func scroll(to focus: Check24DetailViewModel.Focus, viewModel: Check24DetailViewModel, output: Output, context: RenderContext) {
        let layout = Layout(viewModel, width: context.size.columns)
        let target = focus == .footer ? layout.footerRow : layout.button.row
        let viewport = Self.viewportRows(context.size)
        let offset = viewModel.scrollOffset
        if target < offset || target >= offset + viewport {
            output.didScroll(to: min(Self.maxScrollOffset(viewModel, size: context.size), max(0, target - viewport / 2)))
        }
    }
}
