import HTMLText
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import TerminalUITesting
import XCTest
@testable import WebBrowser

@MainActor
final class RecordingBrowserOutput: WebBrowserViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didSelectLink(_ index: Int?, scrollOffset: Int) { events.append("link \(index.map(String.init) ?? "-") offset \(scrollOffset)") }
    func didScroll(to offset: Int) { events.append("scroll \(offset)") }
    func didFollowLink(_ index: Int) { events.append("follow \(index)") }
    func didRequestBack() { events.append("back") }
    func didRequestForward() { events.append("forward") }
    func didRequestOpenOutside() { events.append("open outside") }
    func didRequestCopy() { events.append("copy") }
    func didRequestClose() { events.append("close") }
}

@MainActor
final class ViewTests: XCTestCase {
    static let html = """
    <html><head><title>Rechtliche Hinweise</title><script>alert(1)</script></head><body>
    <h1>Rechtliche Hinweise</h1><p>Ein <b>kurzer</b> Text &amp; mehr.</p>
    <ul><li>Erstens</li><li>Zweitens</li></ul>
    <p><a href="/datenschutz">Datenschutz</a> und <a href="mailto:a@b.c">Mail</a></p></body></html>
    """
    private let plain = RenderContext(size: Size(columns: 60, rows: 20), colorMode: .none)

    private func page(selected: Int? = nil, offset: Int = 0, notice: String? = nil, back: Bool = false,
                      forward: Bool = false) -> WebBrowserViewModel {
        WebBrowserViewModel(address: "http://m.check24.de/rechtliche-hinweise?deviceoutput=app", title: "Rechtliche Hinweise",
                            content: .loaded(HTMLDocument.parse(Self.html)), selectedLink: selected, scrollOffset: offset,
                            notice: notice, canGoBack: back, canGoForward: forward)
    }

    private func render(_ model: WebBrowserViewModel, texts: WebBrowserModule.Texts = .english,
                        in context: RenderContext? = nil) -> Frame {
        WebBrowserView().render(model.speaking(texts), in: context ?? plain)
    }

    /// The keys the browser takes are its bindings, and its help says each one (space, home and end scroll).
    func testTheBrowserTakesTheKeysItsHelpSays() async {
        for texts in [WebBrowserModule.Texts.english, .german] {
            assertKeysAreTheBindings(WebBrowserView.bindings(texts), of: "web browser", context: plain) {
                ModuleScreen<WebBrowserView>(output: RecordingBrowserOutput(), viewModel: (self.page(selected: 0, back: true, forward: true)).speaking(texts))
            }
        }
    }

    func testRendersHeadingsParagraphsListsAndLinks() async {
        let frame = render(page(selected: 0))
        assertSnapshot(frame, named: "browser-60x20")
        XCTAssertFalse(frame.text.contains("alert"), "scripts are dropped")
    }

    /// A German host (check24) after following a link: German key bar and notice; the page's own words stay.
    func testAGermanHostShowsGermanWords() async {
        let frame = render(page(selected: 1, notice: WebBrowserModule.Texts.german.opensOutsideNotice("mailto:a@b.c"),
                                back: true), texts: .german)
        assertSnapshot(frame, named: "browser-60x20-german")
    }

    /// Links are the theme's link role (blue, underlined), the focused one reverse video and bold.
    func testLinksUseTheThemesLinkRole() async {
        let frame = render(page(selected: 0), in: RenderContext(size: Size(columns: 60, rows: 20), colorMode: .trueColor))
        assertStyleSnapshot(frame, named: "browser-60x20-truecolor")
        let text = WebBrowserView.rendered(HTMLDocument.parse(Self.html), size: plain.size)
        let rect = WebBrowserView.textRect(plain.size)
        let focused = text.linkLocations[0][0]
        let other = text.linkLocations[1][0]
        XCTAssertEqual(frame[rect.column + focused.column, rect.row + focused.line].style, Theme.focusedLink)
        XCTAssertEqual(frame[rect.column + other.column, rect.row + other.line].style, Theme.link)
    }

    func testTheKeyBarNamesOnlyWhatWorksNow() async {
        var model = page()
        XCTAssertEqual(WebBrowserView.keyBar(model, texts: .english), "tab link  enter follow  esc close  ? keys  q quit")
        model.canGoBack = true
        model.canGoForward = true
        XCTAssertEqual(WebBrowserView.keyBar(model, texts: .english),
                       "tab link  enter follow  ← back  → forward  esc close  ? keys  q quit")
        model.content = .loading
        XCTAssertEqual(WebBrowserView.keyBar(model, texts: .english), "← back  → forward  esc close  ? keys  q quit")
        model.content = .failed(message: "x")
        model.canGoForward = false
        XCTAssertEqual(WebBrowserView.keyBar(model, texts: .german), "r neu laden  ← zurück  esc schließen  ? Tasten  q beenden")
    }

    func testTheKeyListIsTheModulesAndSpeaksTheHostsLanguage() async {
        let view = ModuleScreen<WebBrowserView>(output: RecordingBrowserOutput(), viewModel: (page()).speaking(.german))
        XCTAssertEqual(view.keyHelp, WebBrowserModule.keys(.german))
        XCTAssertEqual(WebBrowserModule.keys().map(\.keys), WebBrowserModule.keys(.german).map(\.keys), "key names are not translated")
        XCTAssertEqual(WebBrowserModule.keys().first { $0.keys == "esc" }?.action, "close the web view")
        XCTAssertEqual(WebBrowserModule.keys(.german).first { $0.keys == "o" }?.action, "diese Seite außerhalb der App öffnen")
    }

    func testTabSelectsLinksEnterFollowsAndEscCloses() async {
        let output = RecordingBrowserOutput()
        let view = ModuleScreen<WebBrowserView>(output: output, viewModel: (page()).speaking(.english))
        _ = view.handle(.key(.tab), in: plain)
        _ = view.handle(.key(.backtab), in: plain)
        _ = view.handle(.key(.enter), in: plain) // nothing selected in this fixed model: no follow
        view.display(page(selected: 1))
        _ = view.handle(.key(.enter), in: plain)
        _ = view.handle(.key(.escape), in: plain)
        XCTAssertEqual(output.events, ["link 0 offset 0", "link 1 offset 0", "follow 1", "close"])
    }

    func testHistoryReloadAndOpenKeysWorkInEveryState() async {
        for content in [WebBrowserViewModel.Content.loading, .failed(message: "x"), .loaded(HTMLDocument.parse(Self.html))] {
            let output = RecordingBrowserOutput()
            var model = page()
            model.content = content
            let view = ModuleScreen<WebBrowserView>(output: output, viewModel: (model).speaking(.english))
            for key in [Key.left, .character("b"), .right, .character("f"), .character("r"), .character("o")] {
                XCTAssertTrue(view.handle(.key(key), in: plain), "\(key) in \(content)")
            }
            XCTAssertEqual(output.events, ["back", "back", "forward", "forward", "reload", "open outside"], "\(content)")
        }
    }

    /// backspace is the host's "back" everywhere: a page back, and out of the browser on its first page.
    func testBackspaceGoesBackAPageOrClosesOnTheFirst() async {
        let output = RecordingBrowserOutput()
        let view = ModuleScreen<WebBrowserView>(output: output, viewModel: (page(back: true)).speaking(.english))
        _ = view.handle(.key(.backspace), in: plain)
        view.display(page(back: false))
        _ = view.handle(.key(.backspace), in: plain)
        XCTAssertEqual(output.events, ["back", "close"])
    }

    func testScrollKeysAndOtherKeysOutsideAPage() async {
        let output = RecordingBrowserOutput()
        var long = page()
        long.content = .loaded(HTMLDocument.parse((1...40).map { "<p>Paragraph \($0)</p>" }.joined()))
        let view = ModuleScreen<WebBrowserView>(output: output, viewModel: (long).speaking(.english))
        _ = view.handle(.key(.down), in: plain)
        _ = view.handle(.key(.character("j")), in: plain)
        view.display(page()) // a page that fits: nothing to scroll
        _ = view.handle(.key(.down), in: plain)
        var loading = page()
        loading.content = .loading
        view.display(loading)
        XCTAssertFalse(view.handle(.key(.down), in: plain), "no page, no scrolling: the host gets the key")
        XCTAssertFalse(view.handle(.key(.character("q")), in: plain), "q stays the host's")
        XCTAssertEqual(output.events, ["scroll 1", "scroll 1"])
    }

    func testClickOnALinkFollowsIt() async {
        let output = RecordingBrowserOutput()
        let view = ModuleScreen<WebBrowserView>(output: output, viewModel: (page()).speaking(.english))
        let text = WebBrowserView.rendered(HTMLDocument.parse(Self.html), size: plain.size)
        let location = try! XCTUnwrap(text.linkLocations[0].first)
        let rect = WebBrowserView.textRect(plain.size)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: rect.column + location.column, row: rect.row + location.line)), in: plain)
        XCTAssertFalse(view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: rect.column, row: rect.row)), in: plain),
                       "a click beside the links follows nothing")
        XCTAssertEqual(output.events, ["follow 0"])
    }

    func testTheCachedLayoutFollowsTheWidthAndTheDocument() async {
        let view = ModuleScreen<WebBrowserView>(output: RecordingBrowserOutput(), viewModel: (page()).speaking(.english))
        for columns in [60, 40, 60] {
            let context = RenderContext(size: Size(columns: columns, rows: 20), colorMode: .none)
            XCTAssertEqual(view.render(in: context), WebBrowserView().render(page(), in: context), "\(columns) columns")
        }
        var other = page()
        other.content = .loaded(HTMLDocument.parse("<p>Another page</p>"))
        view.display(other)
        XCTAssertTrue(view.render(in: plain).text.contains("Another page"))
    }

    func testLoadingAndErrorStatesInTheHostsLanguage() async {
        let small = RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none)
        var model = page()
        model.content = .failed(message: "No connection.")
        XCTAssertTrue(render(model, texts: .german, in: small).text.contains("[ Neuladen ]"))
        let english = render(model, in: small).text
        XCTAssertTrue(english.contains("No connection.") && english.contains("[ Retry ]"), english)
        model.content = .loading
        XCTAssertTrue(render(model, texts: .german, in: small).text.contains("Seite wird geladen…"))
        XCTAssertTrue(render(model, in: small).text.contains("Loading the page…"))
    }

    func testWhatAPageSaysCannotReachTheTerminalRaw() async {
        var model = page()
        model.title = "Evil\u{1b}]52;c;aGk=\u{07}"
        model.content = .loaded(HTMLDocument.parse("<p>a\u{1b}[2Jb \u{202e}x</p>"))
        let frame = render(model)
        XCTAssertFalse(frame.text.contains("\u{1b}"))
        XCTAssertFalse(frame.text.contains("\u{07}"))
        XCTAssertFalse(frame.text.contains("\u{202e}"))
    }
}

extension WebBrowserViewModel {
    /// This state in the browser's words of `texts`' language.
    func speaking(_ texts: WebBrowserModule.Texts) -> WebBrowserViewModel {
        var model = self
        model.texts = texts
        return model
    }
}
