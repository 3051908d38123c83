import ImageKit
import PictureUI
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// A resource's details, after the mockup: photo, title, description, then the sections that have
/// content, each item with its red label and its buttons on the right. The page scrolls; the focus
/// ring runs over the buttons (tab, arrows, click) and the notice line says what an action did.
struct ResourceDetailView: ModuleView {
    typealias Output = any ResourceDetailViewOutput
    let pictures = PictureRenderCache()

    static func didAppear(_ output: Output) { output.didLoad() }

    nonisolated static let bindings = ResourceDirectoryTexts.detailBindings
    static let keys = ResourceDirectoryTexts.detailKeys

    static let photoSize = Size(columns: 40, rows: 10)

    /// The page as drawn at one width: its rows, and where each action's button is (content rows).
    struct Page {
        var content: Frame
        var buttons: [Int: Rect]
    }

    /// The notice (what an action did, or why not, with its link) gets up to this many lines.
    static let maximumNoticeLines = 3

    static func noticeLines(_ viewModel: ResourceDetailViewModel, size: Size) -> [String] {
        NoticeLines.wrap(viewModel.notice?.text, columns: size.columns, maximumLines: maximumNoticeLines)
    }

    /// The scrolling page sits above the notice (when there is one) and the key bar.
    static func viewport(_ viewModel: ResourceDetailViewModel, size: Size) -> Rect {
        Rect(column: 0, row: 0, columns: size.columns, rows: max(0, size.rows - 1 - noticeLines(viewModel, size: size).count))
    }

    func render(_ viewModel: ResourceDetailViewModel, in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        let viewport = Self.viewport(viewModel, size: context.size)
        let page = Self.page(viewModel, width: viewport.columns - 1, colorMode: context.colorMode, tier: context.pictures, tick: context.tick, pictures: pictures)
        let offset = ScrollView.draw(page.content, into: &frame, rect: viewport, offset: viewModel.scrollOffset)
        ScrollView.drawMoreIndicator(into: &frame, contentHeight: page.content.size.rows, viewportRows: viewport.rows, offset: offset,
                                     rightEdge: viewport.columns - 2, row: viewport.maxRow - 1)
        let problem = viewModel.notice?.isProblem == true
        let style = problem ? (context.colorMode == .none ? Style(bold: true) : Theme.error) : Theme.notice
        for (index, line) in Self.noticeLines(viewModel, size: context.size).enumerated() {
            frame.put(line, at: Point(column: 1, row: viewport.maxRow + index), style: style)
        }
        KeyBar.draw(ResourceDirectoryTexts.detailKeys.keyBar(.english, context.keyMap), into: &frame)
        return frame
    }

    /// Lays the page out at `width` columns (the scrollbar's column excluded).
    static func page(_ viewModel: ResourceDetailViewModel, width: Int, colorMode: ColorMode, tier: PictureTier = .halfBlocks, tick: Int,
                     pictures: PictureRenderCache? = nil) -> Page {
        let textWidth = max(1, width - 2)
        var blocks: [(draw: (inout Frame, Int) -> Void, height: Int)] = []
        var buttons: [Int: Rect] = [:]
        var row = 0
        func add(_ height: Int, _ draw: @escaping (inout Frame, Int) -> Void) {
            blocks.append((draw, height))
            row += height
        }
        if let photo = viewModel.photo {
            let size = Size(columns: min(photoSize.columns, textWidth), rows: photoSize.rows)
            add(size.rows + 1) { frame, top in
                ImageSlotView.draw(photo, into: &frame, rect: Rect(origin: Point(column: 1, row: top), size: size), colorMode: colorMode,
                                   tier: tier, tick: tick, cache: pictures)
            }
        }
        let titleLines = TextWrap.wrap(viewModel.title, width: textWidth)
        add(titleLines.count + 1) { frame, top in
            for (index, line) in titleLines.enumerated() {
                frame.put(line, at: Point(column: 1, row: top + index), style: Style(bold: true))
            }
        }
        if !viewModel.description.isEmpty {
            let lines = TextWrap.wrap(viewModel.description, width: textWidth)
            add(lines.count + 1) { frame, top in
                for (index, line) in lines.enumerated() { frame.put(line, at: Point(column: 1, row: top + index)) }
            }
        }
        let labelStyle = colorMode == .none ? Style(bold: true) : Style(foreground: .red, bold: true)
        let sectionStyle = Style(foreground: colorMode == .none ? .default : .gray, bold: true, underline: colorMode == .none)
        for section in viewModel.sections {
            add(1) { frame, top in frame.put(section.title, at: Point(column: 1, row: top), style: sectionStyle) }
            for (itemIndex, item) in section.items.enumerated() {
                // Buttons on the right of the item's first text line; the text wraps before them.
                let buttonViews = item.buttons.map { ($0, TerminalUI.Button(title: $0.title, isFocused: $0.action == viewModel.focusedAction)) }
                let buttonsWidth = buttonViews.reduce(0) { $0 + $1.1.width + 1 }
                let trailingWidth = item.trailing.map { DisplayWidth.of($0) + 2 } ?? 0
                let lineWidth = max(1, textWidth - 2 - max(buttonsWidth, trailingWidth))
                let lines = item.lines.flatMap { TextWrap.wrap($0, width: lineWidth) }
                let labelRows = item.label == nil ? 0 : 1
                let firstLine = row + labelRows
                var column = 1 + textWidth - buttonsWidth + 1
                for (model, button) in buttonViews {
                    buttons[model.action] = button.rect(at: Point(column: column, row: firstLine))
                    column += button.width + 1
                }
                // Items are set apart by a blank line, but the days of the business hours are one table.
                let spacing = item.trailing != nil || itemIndex == section.items.count - 1 ? 0 : 1
                add(labelRows + max(1, lines.count) + spacing) { frame, top in
                    if let label = item.label { frame.put(label, at: Point(column: 3, row: top), style: labelStyle, maxColumns: textWidth - 2) }
                    for (index, line) in lines.enumerated() {
                        let point = Point(column: 3, row: top + labelRows + index)
                        if let link = item.link { frame.putLink(line, target: link, at: point, maxColumns: lineWidth) } else {
                            frame.put(line, at: point, maxColumns: lineWidth)
                        }
                    }
                    if let trailing = item.trailing {
                        frame.put(trailing, at: Point(column: max(3, 1 + textWidth - DisplayWidth.of(trailing)), row: top + labelRows),
                                  style: Style(dim: item.trailingDim))
                    }
                    var column = 1 + textWidth - buttonsWidth + 1
                    for (model, button) in buttonViews {
                        let touched = model.action == viewModel.touchedAction
                        button.draw(into: &frame, at: Point(column: column, row: top + labelRows),
                                    style: touched ? Theme.touched(colorMode) : Theme.link)
                        column += button.width + 1
                    }
                }
            }
            add(1) { _, _ in }
        }
        var content = Frame(size: Size(columns: max(0, width), rows: max(1, row)))
        var top = 0
        for block in blocks {
            block.draw(&content, top)
            top += block.height
        }
        return Page(content: content, buttons: buttons)
    }

    func handle(_ event: InputEvent, viewModel: ResourceDetailViewModel, output: Output, in context: RenderContext) -> Bool {
        let viewport = Self.viewport(viewModel, size: context.size)
        // The same cache as render: a key press lays the page out again but never scales the photo again.
        let page = Self.page(viewModel, width: viewport.columns - 1, colorMode: context.colorMode, tier: context.pictures, tick: context.tick, pictures: pictures)
        let maximum = max(0, page.content.size.rows - viewport.rows)
        let offset = min(max(0, viewModel.scrollOffset), maximum)
        let count = viewModel.actionCount

        /// Focuses `index` and scrolls just enough to show its item (the label above the button too).
        func focus(_ index: Int) -> Bool {
            guard let rect = page.buttons[index] else { return false }
            var newOffset = offset
            if rect.row - 1 < offset { newOffset = max(0, rect.row - 1) }
            if rect.row >= offset + viewport.rows { newOffset = min(maximum, rect.row - viewport.rows + 2) }
            output.didFocusAction(index, scrollOffset: newOffset)
            return true
        }
        func scroll(by delta: Int) -> Bool {
            let target = min(max(0, offset + delta), maximum)
            if target != offset { output.didScroll(to: target) }
            return true
        }

        if case .mouse(let mouse) = event {
            let point = Point(column: mouse.column, row: mouse.row - viewport.row + offset)
            let onScreen = viewport.contains(Point(column: mouse.column, row: mouse.row))
            let hit = onScreen ? page.buttons.first(where: { $0.value.contains(point) })?.key : nil
            switch TouchInput.action(for: event, rowAtPoint: hit, touched: viewModel.touchedAction) {
            case .touch(let index): output.didTouchAction(index); return true
            case .activate(let index): output.didActivateAction(index); return true
            case .cancel, .pull: output.didCancelTouch(); return true
            case nil: break
            }
        }
        if case .key = event, viewModel.touchedAction != nil { output.didCancelTouch() }
        switch event {
        case .key(.tab), .key(.backtab):
            guard count > 0 else { return true }
            let forward = event == .key(.tab)
            return focus(viewModel.focusedAction.map { ($0 + (forward ? 1 : count - 1)) % count } ?? (forward ? 0 : count - 1))
        case .key(let key) where ResourceDirectoryTexts.nextActionKeys.contains(key):
            let next = viewModel.focusedAction.map { $0 + 1 } ?? 0
            return next < count ? focus(next) : scroll(by: 1)
        case .key(let key) where ResourceDirectoryTexts.previousActionKeys.contains(key):
            guard let current = viewModel.focusedAction, current > 0 else { return scroll(by: -1) }
            return focus(current - 1)
        case _ where ResourceDirectoryTexts.activateBinding.matches(event):
            if let index = viewModel.focusedAction { output.didActivateAction(index) }
            return true
        case _ where KeyBinding.perform(event, [ResourceDirectoryTexts.outsideBinding: output.didRequestOpeningOutside,
                                                ResourceDirectoryTexts.copyBinding: output.didRequestCopy]):
            return true
        case .key(let key) where ListInput.pageDownKeys.contains(key): return scroll(by: ScrollView.pageAmount(viewportHeight: viewport.rows))
        case .key(let key) where ListInput.pageUpKeys.contains(key): return scroll(by: -ScrollView.pageAmount(viewportHeight: viewport.rows))
        case .key(let key) where ListInput.firstKeys.contains(key): return scroll(by: -offset)
        case .key(let key) where ListInput.lastKeys.contains(key): return scroll(by: maximum - offset)
        case .mouse(let mouse) where mouse.kind == .wheelDown: return scroll(by: 3)
        case .mouse(let mouse) where mouse.kind == .wheelUp: return scroll(by: -3)
        default: return false
        }
    }
}
