import HTMLText
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The browser: a title bar with the page's title and address, a notice line, the page as wrapped,
/// styled text (headings, paragraphs, lists, tables, links), and link focus that tab moves and enter
/// follows. The page is laid out for the screen's width on every draw, so a resize re-wraps it.
struct WebBrowserView: ModuleView {
    typealias Output = any WebBrowserViewOutput
    /// The last layout: a pure function of the document and the width, kept so that scrolling and
    /// link keys on a large page do not lay it out again (`==` on the same document is a storage check).
    private let layouts = LayoutMemo()

    /// A memo of the last layout (it changes no output, only how often a page is laid out).
    private final class LayoutMemo {
        var last: (width: Int, document: HTMLDocument, text: HTMLRenderedText)?
    }

    static func didAppear(_ output: Output) { output.didLoad() }

    // MARK: Keys

    /// The keys as the `?` overlay names them; the key bar picks its entries by these names.
    private enum Keys {
        static let link = "tab / shift-tab"
        static let follow = "enter/click"
        static let back = "← b"
        static let forward = "→ f"
        static let reload = "r"
        static let close = "esc"
    }

    /// What each of the browser's keys matches (``bindings(_:)`` says them).
    private enum Matches {
        static let link: [Key] = [.tab, .backtab]
        static let follow: [Key] = [.enter]
        static let back: [Key] = [.left, .character("b")]
        static let backOrClose: [Key] = [.backspace]
        static let forward: [Key] = [.right, .character("f")]
        static let outside: [Key] = [.character("o")]
        static let copy: [Key] = [.character("y")]
        static let close: [Key] = [.escape]
    }

    /// The browser's keys in `texts`' language: it matches them, and the `?` overlay and `--help` show them.
    nonisolated static func bindings(_ texts: WebBrowserModule.Texts) -> [KeyBinding] {
        [KeyBinding(Matches.link, KeyHelp(Keys.link, texts.nextLink, bar: "tab " + texts.nextLinkBar)),
         KeyBinding(Matches.follow, KeyHelp(Keys.follow, texts.followLink, bar: "enter " + texts.followLinkBar)),
         KeyBinding(Matches.back, KeyHelp(Keys.back, texts.back, bar: "← " + texts.backBar)),
         KeyBinding(Matches.backOrClose, KeyHelp("backspace", texts.backOrClose)),
         KeyBinding(Matches.forward, KeyHelp(Keys.forward, texts.forward, bar: "→ " + texts.forwardBar)),
         ScrollInput.scrollBinding(texts.scroll),
         KeyBinding(ListInput.reloadKeys, KeyHelp(Keys.reload, texts.reload, bar: "r " + texts.reloadBar), name: "reload"),
         KeyBinding(Matches.outside, KeyHelp("o", texts.openOutside), name: "outside"),
         KeyBinding(Matches.copy, KeyHelp("y", texts.reasons == .german ? "den gewählten Link kopieren, sonst die Adresse der Seite"
                                                                           : "copy the focused link, else the page's address"), name: "copy"),
         KeyBinding(Matches.close, KeyHelp(Keys.close, texts.close, bar: "esc " + texts.closeBar))]
    }

    /// The browser's keys' words: the `?` overlay and `--help` both read this list.
    nonisolated static func keys(_ texts: WebBrowserModule.Texts) -> [KeyHelp] { bindings(texts).help }

    static var keys: [KeyHelp] { keys(WebBrowserModule.Texts.english) }
    static func keys(for viewModel: WebBrowserViewModel) -> [KeyHelp] { keys(viewModel.texts) }

    /// The key bar for the state on screen: only keys that do something now (no `← back` on the first
    /// page, no link keys while loading), then the host's `?` and `q`.
    static func keyBar(_ viewModel: WebBrowserViewModel, texts: WebBrowserModule.Texts, keyMap: KeyMap = .none) -> String {
        var wanted: [String] = []
        switch viewModel.content {
        case .loading: break
        case .failed: wanted = [Keys.reload]
        case .loaded: wanted = [Keys.link, Keys.follow]
        }
        if viewModel.canGoBack { wanted.append(Keys.back) }
        if viewModel.canGoForward { wanted.append(Keys.forward) }
        wanted.append(Keys.close)
        let all = keys(texts)
        let bar = wanted.compactMap { name in all.first { $0.keys == name }.map(keyMap.remapped)?.bar }
        return (bar + [keyMap.barKeys("keys", else: "?") + " " + texts.keysBar, keyMap.barKeys("quit", else: "q") + " " + texts.quitBar])
            .joined(separator: "  ")
    }

    // MARK: Layout

    /// The page text starts at row 2 (title bar, then a rule or a notice) and ends above the key bar.
    static func textRect(_ size: Size) -> Rect {
        Rect(column: 1, row: 2, columns: max(1, size.columns - 2), rows: max(0, size.rows - 3))
    }

    static func rendered(_ document: HTMLDocument, size: Size) -> HTMLRenderedText {
        document.layout(width: textRect(size).columns)
    }

    private func rendered(_ document: HTMLDocument, size: Size) -> HTMLRenderedText {
        let width = Self.textRect(size).columns
        if let cache = layouts.last, cache.width == width, cache.document == document { return cache.text }
        let text = document.layout(width: width)
        layouts.last = (width, document, text)
        return text
    }

    static func maxScrollOffset(_ rendered: HTMLRenderedText, size: Size) -> Int {
        max(0, rendered.lines.count - textRect(size).rows)
    }

    // MARK: Drawing

    /// Draws `viewModel`, the page laid out for this size (kept while the width and the page stay).
    func render(_ viewModel: WebBrowserViewModel, in context: RenderContext) -> Frame {
        let size = context.size
        let texts = viewModel.texts
        var frame = Frame(size: size)
        let colored = context.colorMode != .none
        frame.fill(Rect(column: 0, row: 0, columns: size.columns, rows: 1), style: Style(reverse: true))
        let title = (viewModel.title?.isEmpty == false ? viewModel.title! + " — " : "") + viewModel.address
        frame.put(Truncation.truncate(" ◄ " + title, width: size.columns), at: Point(column: 0, row: 0), style: Style(bold: true, reverse: true),
                  maxColumns: size.columns)
        if let notice = viewModel.notice {
            var style = Theme.notice
            style.bold = true
            if !colored { style.foreground = .default }
            frame.put(Truncation.truncate(notice, width: max(0, size.columns - 1)), at: Point(column: 1, row: 1), style: style,
                      maxColumns: size.columns - 1)
        } else if size.rows > 1 {
            frame.put(String(repeating: "─", count: size.columns), at: Point(column: 0, row: 1), style: Theme.rule)
        }
        switch viewModel.content {
        case .loading:
            StatusView.centered(Spinner.frame(tick: context.tick) + " " + texts.loading, into: &frame, style: .plain)
        case .failed(let message):
            StatusView.error(message, retry: texts.retryButton, into: &frame, colorMode: context.colorMode)
        case .loaded(let document):
            let text = rendered(document, size: size)
            let rect = Self.textRect(size)
            let offset = min(viewModel.scrollOffset, Self.maxScrollOffset(text, size: size))
            var placedFocus = false
            for row in 0..<rect.rows where offset + row < text.lines.count {
                var column = rect.column
                for run in text.lines[offset + row].runs {
                    let style = Self.style(for: run, selectedLink: viewModel.selectedLink, colored: colored)
                    let point = Point(column: column, row: rect.row + row)
                    // The focused link's first cell on screen has the cursor (the accessible mode shows it).
                    if !placedFocus, let index = run.linkIndex, index == viewModel.selectedLink {
                        frame.cursor = point
                        placedFocus = true
                    }
                    if let index = run.linkIndex, viewModel.linkTargets.indices.contains(index), let target = viewModel.linkTargets[index] {
                        column += frame.putLink(run.text, target: target, at: point, style: style, maxColumns: rect.maxColumn - column)
                    } else {
                        column += frame.put(run.text, at: point, style: style, maxColumns: rect.maxColumn - column)
                    }
                }
            }
            ScrollView.drawMoreIndicator(into: &frame, contentHeight: text.lines.count, viewportRows: rect.rows, offset: offset,
                                         rightEdge: size.columns - 1, row: rect.maxRow - 1, words: texts.scrollHint)
        }
        KeyBar.draw(Self.keyBar(viewModel, texts: texts, keyMap: context.keyMap), into: &frame)
        return frame
    }

    private static func style(for run: HTMLRun, selectedLink: Int?, colored: Bool) -> Style {
        var style = Style()
        if let link = run.linkIndex {
            style = link == selectedLink ? Theme.focusedLink : Theme.link
        }
        style.bold = style.bold || run.attributes.contains(.bold) || run.attributes.contains(.heading)
        style.italic = run.attributes.contains(.italic)
        style.underline = style.underline || run.attributes.contains(.underline)
        if run.attributes.contains(.code), run.linkIndex == nil { style.foreground = Theme.code.foreground }
        // Without colors the renderer drops them anyway; leaving them out keeps plain frames equal.
        if !colored { style.foreground = .default }
        return style
    }

    // MARK: Input

    func handle(_ event: InputEvent, viewModel: WebBrowserViewModel, output: Output, in context: RenderContext) -> Bool {
        switch event {
        case .key(let key) where Matches.close.contains(key):
            output.didRequestClose()
            return true
        case .key(let key) where Matches.backOrClose.contains(key):
            // The host's "back" key: a page back, and out of the browser from its first page.
            if viewModel.canGoBack { output.didRequestBack() } else { output.didRequestClose() }
            return true
        // alt-← and alt-→ arrive as ← and → (the decoder drops alt), so a browser's habit works too.
        case .key(let key) where Matches.back.contains(key):
            output.didRequestBack()
            return true
        case .key(let key) where Matches.forward.contains(key):
            output.didRequestForward()
            return true
        case .key(let key) where ListInput.reloadKeys.contains(key):
            output.didRequestReload()
            return true
        case .key(let key) where Matches.outside.contains(key):
            output.didRequestOpenOutside()
            return true
        case .key(let key) where Matches.copy.contains(key):
            output.didRequestCopy()
            return true
        default:
            break
        }
        guard case .loaded(let document) = viewModel.content else { return false }
        let text = rendered(document, size: context.size)
        if let delta = ScrollInput.delta(for: event, page: Self.textRect(context.size).rows - 1) {
            let target = ScrollInput.offset(viewModel.scrollOffset, movedBy: delta, maximum: Self.maxScrollOffset(text, size: context.size))
            if target != viewModel.scrollOffset { output.didScroll(to: target) }
            return true
        }
        switch event {
        case .key(let key) where Matches.link.contains(key):
            return Self.moveLink(by: key == .tab ? 1 : -1, in: text, size: context.size, viewModel: viewModel, output: output)
        case .key(let key) where Matches.follow.contains(key):
            if let link = viewModel.selectedLink { output.didFollowLink(link) }
            return true
        case .mouse(let mouse):
            switch mouse.kind {
            case .press(button: 0):
                let rect = Self.textRect(context.size)
                guard rect.contains(Point(column: mouse.column, row: mouse.row)) else { return false }
                let offset = min(viewModel.scrollOffset, Self.maxScrollOffset(text, size: context.size))
                guard let link = text.linkIndex(atLine: mouse.row - rect.row + offset, column: mouse.column - rect.column)
                else { return false }
                output.didFollowLink(link)
                return true
            default: return false
            }
        default:
            return false
        }
    }

    /// Focuses the next/previous link (wrapping around) and scrolls it into view.
    private static func moveLink(by step: Int, in text: HTMLRenderedText, size: Size, viewModel: WebBrowserViewModel, output: Output) -> Bool {
        let count = text.links.count
        guard count > 0 else { return true }
        let next: Int
        if let current = viewModel.selectedLink {
            next = (current + step + count) % count
        } else {
            next = step > 0 ? 0 : count - 1
        }
        let rows = Self.textRect(size).rows
        var offset = min(viewModel.scrollOffset, Self.maxScrollOffset(text, size: size))
        if let line = text.firstLine(ofLink: next), line < offset || line >= offset + rows {
            offset = min(Self.maxScrollOffset(text, size: size), max(0, line - rows / 2))
        }
        output.didSelectLink(next, scrollOffset: offset)
        return true
    }
}
