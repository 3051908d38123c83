import Foundation
import HTTPClient
import HTMLText
import Navigation
import NavigationTesting
import SystemActions
import SystemActionsTesting
import WebBrowserTesting
import XCTest
@testable import WebBrowser

@MainActor
final class RecordingBrowserView: ModuleViewInput {
    var displayed: [WebBrowserViewModel] = []
    func display(_ viewModel: WebBrowserViewModel) { displayed.append(viewModel) }
}

@MainActor
final class RecordingBrowserRouter: WebBrowserRouting {
    var closed = 0
    func closeWebBrowser() { closed += 1 }
    var copied: [String] = []
    func openClipboard(with text: String) -> Bool {
        copied.append(text)
        return true
    }
}

/// A short view of a view model for whole-sequence assertions: state, address, title, focus, offset, history.
@MainActor
func summary(_ model: WebBrowserViewModel) -> String {
    let state: String
    switch model.content {
    case .loading: state = "loading"
    case .failed(let message): state = "failed(\(message))"
    case .loaded(let document): state = "loaded(\(document.title ?? "-"))"
    }
    let history = (model.canGoBack ? "<" : "") + (model.canGoForward ? ">" : "")
    return "\(state) \(model.address) link \(model.selectedLink.map(String.init) ?? "-") offset \(model.scrollOffset)"
        + (history.isEmpty ? "" : " \(history)") + (model.notice.map { " notice \($0)" } ?? "")
}

@MainActor
final class PresenterTests: XCTestCase {
    private let legal = URL(string: "http://m.check24.de/rechtliche-hinweise?deviceoutput=app")!
    private let privacy = URL(string: "http://m.check24.de/datenschutz?x=1")!
    private let other = URL(string: "https://e.org/")!

    private var pages: [URL: String] {
        [legal: #"<title>Legal</title><p><a href="/datenschutz?x=1">D</a> <a href="mailto:a@b.c">M</a> <a href="https://e.org/">E</a> <a href="http://[::1">X</a></p>"#,
         privacy: #"<title>Privacy</title><p><a href="https://e.org/">E</a></p>"#,
         other: "<title>Other</title><p>o</p>"]
    }

    private func makePresenter(_ loader: any WebPageLoading, texts: WebBrowserModule.Texts = .english, opener: (any URLOpener)? = nil)
        -> (WebBrowserPresenter, RecordingBrowserView, RecordingBrowserRouter, RecordingWebBrowserOutput, WorkTracker) {
        let view = RecordingBrowserView()
        let router = RecordingBrowserRouter()
        let output = RecordingWebBrowserOutput()
        let work = WorkTracker()
        let interactor = WebBrowserInteractor(pages: loader, opener: opener)
        let presenter = WebBrowserPresenter(url: legal, texts: texts, interactor: interactor, router: router, work: work)
        presenter.view = view
        presenter.output = output
        return (presenter, view, router, output, work)
    }

    func testFollowingLinksStaysInOneScreenAndBackAndForwardWalkTheHistory() async throws {
        let loader = FakeWebPageLoader(pages)
        let (presenter, view, router, _, work) = makePresenter(loader)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didScroll(to: 4)
        presenter.didFollowLink(0)
        await work.waitUntilIdle()
        presenter.didRequestBack()
        await work.waitUntilIdle()
        presenter.didRequestForward()
        await work.waitUntilIdle()
        presenter.didRequestForward() // nothing ahead: no load, nothing displayed
        XCTAssertEqual(view.displayed.map(summary), [
            "loading \(legal) link - offset 0",
            "loaded(Legal) \(legal) link - offset 0",
            "loaded(Legal) \(legal) link - offset 4",
            "loading \(privacy) link - offset 0 <",
            "loaded(Privacy) \(privacy) link - offset 0 <",
            "loading \(legal) link 0 offset 4 >",
            "loaded(Legal) \(legal) link 0 offset 4 >",
            "loading \(privacy) link - offset 0 <",
            "loaded(Privacy) \(privacy) link - offset 0 <",
        ])
        XCTAssertEqual(loader.requestedURLs, [legal, privacy, legal, privacy])
        XCTAssertEqual(router.closed, 0, "no page was a screen of its own")
        presenter.didRequestClose()
        XCTAssertEqual(router.closed, 1, "esc closes the whole browser, whatever page is on screen")
    }

    func testFollowingALinkAfterGoingBackDropsThePagesAhead() async throws {
        let (presenter, _, _, _, work) = makePresenter(FakeWebPageLoader(pages))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(0)
        await work.waitUntilIdle()
        presenter.didRequestBack()
        await work.waitUntilIdle()
        presenter.didFollowLink(2)
        await work.waitUntilIdle()
        XCTAssertEqual(summary(presenter.viewModel), "loaded(Other) \(other) link - offset 0 <")
        presenter.didRequestBack()
        await work.waitUntilIdle()
        XCTAssertEqual(summary(presenter.viewModel), "loaded(Legal) \(legal) link 2 offset 0 >")
    }

    func testOtherSchemesAndTheOpenKeyGoToTheHostWithANotice() async throws {
        let (presenter, view, _, output, work) = makePresenter(FakeWebPageLoader(pages))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(1)
        XCTAssertEqual(view.displayed.last?.notice, "Opens outside the web view: mailto:a@b.c")
        XCTAssertFalse(presenter.viewModel.canGoBack, "a mail link is no page of the history")
        presenter.didSelectLink(2, scrollOffset: 0)
        XCTAssertNil(view.displayed.last?.notice, "moving the focus clears the notice")
        presenter.didRequestOpenOutside()
        XCTAssertEqual(view.displayed.last?.notice, "Opens outside the web view: \(legal)")
        XCTAssertEqual(output.openedOutside, [URL(string: "mailto:a@b.c")!, legal])
        presenter.didFollowLink(3)
        XCTAssertEqual(view.displayed.last?.notice, "This link has no valid address.")
        XCTAssertEqual(output.openedOutside.count, 2)
    }

    /// Every link of the page carries its absolute address for OSC 8; one without a valid address, none.
    func testLinksCarryTheirAbsoluteTargets() async throws {
        let (presenter, _, _, _, work) = makePresenter(FakeWebPageLoader(pages))
        presenter.didLoad()
        await work.waitUntilIdle()
        let targets = presenter.viewModel.linkTargets
        XCTAssertTrue(targets.contains("mailto:a@b.c"), "\(targets)")
        XCTAssertTrue(targets.contains(nil), "the invalid link: \(targets)")
        XCTAssertTrue(targets.compactMap { $0 }.allSatisfy { $0.contains(":") && !$0.contains(" ") })
    }

    /// `y` copies the focused link's address (relative ones resolved), else the page's own.
    func testCopyTakesTheFocusedLinkElseThePage() async throws {
        let (presenter, view, router, _, work) = makePresenter(FakeWebPageLoader(pages))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didRequestCopy()
        presenter.didSelectLink(1, scrollOffset: 0)
        presenter.didRequestCopy()
        XCTAssertEqual(router.copied, [legal.absoluteString, "mailto:a@b.c"])
        XCTAssertEqual(view.displayed.last?.notice, "Copied “mailto:a@b.c”")
    }

    /// A mail link goes to the desktop through the opener, and the notice says what came of it.
    func testAnAddressTheHostDoesNotHandleIsOpenedThroughTheDesktop() async throws {
        let opener = RecordingURLOpener()
        let (presenter, _, _, output, work) = makePresenter(FakeWebPageLoader(pages), texts: .german, opener: opener)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(1)
        XCTAssertEqual(presenter.viewModel.notice, "Öffnet außerhalb der Webansicht: mailto:a@b.c")
        await work.waitUntilIdle()
        XCTAssertEqual(opener.actions, [try SystemAction.link("mailto:a@b.c")])
        XCTAssertEqual(presenter.viewModel.notice, "Außerhalb der App geöffnet: mailto:a@b.c")
        XCTAssertEqual(output.openedOutside, [URL(string: "mailto:a@b.c")!], "offered to the host first")
        opener.answer = .unavailable(message: "No desktop opener")
        presenter.didRequestOpenOutside()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.notice, "Kein Programm öffnet den Link: \(legal)")
        XCTAssertEqual(opener.actions.count, 2)
    }

    /// The host may handle an address in the app (resource-directory's compose screen): nothing opens outside.
    func testAnAddressTheHostHandlesIsNotOpenedOutside() async throws {
        let opener = RecordingURLOpener()
        let (presenter, _, _, output, work) = makePresenter(FakeWebPageLoader(pages), opener: opener)
        output.handledSchemes = ["mailto"]
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(1)
        await work.waitUntilIdle()
        XCTAssertEqual(output.openedOutside, [URL(string: "mailto:a@b.c")!])
        XCTAssertTrue(opener.actions.isEmpty)
        XCTAssertNil(presenter.viewModel.notice)
    }

    func testWithoutAnOutputTheReaderStillSeesWhereTheLinkLeads() async throws {
        let (presenter, _, _, _, work) = makePresenter(FakeWebPageLoader(pages))
        presenter.output = nil
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(1)
        XCTAssertEqual(presenter.viewModel.notice, "Opens outside the web view: mailto:a@b.c")
    }

    func testAFailedPageShowsTheErrorAndReloads() async throws {
        let loader = FakeWebPageLoader([:])
        let (presenter, view, _, _, work) = makePresenter(loader)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didRequestReload()
        await work.waitUntilIdle()
        let message = "The page could not be loaded.\nThe server answered 404 Not Found."
        XCTAssertEqual(view.displayed.map(summary), [
            "loading \(legal) link - offset 0", "failed(\(message)) \(legal) link - offset 0",
            "loading \(legal) link - offset 0", "failed(\(message)) \(legal) link - offset 0",
        ])
        XCTAssertEqual(loader.requestedURLs, [legal, legal])
    }

    func testGermanHostsGetGermanMessages() async throws {
        let pdf = URL(string: "http://m.check24.de/agb.pdf")!
        let loader = FakeWebPageLoader([legal: #"<a href="/agb.pdf">AGB</a> <a href="tel:+49">T</a>"#],
                                       failures: [pdf: .unexpectedContentType("application/pdf")])
        let (presenter, _, _, _, work) = makePresenter(loader, texts: .german)
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(1)
        XCTAssertEqual(presenter.viewModel.notice, "Öffnet außerhalb der Webansicht: tel:+49")
        presenter.didFollowLink(0)
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.content, .failed(
            message: "Keine Webseite: \(pdf)\nDer Server antwortete mit „application/pdf“, der hier nicht angezeigt werden kann."))
    }

    func testARedirectedPageShowsAndResolvesLinksAgainstWhereItCameFrom() async throws {
        let moved = URL(string: "https://www.check24.de/legal/")!
        let (presenter, _, _, _, work) = makePresenter(FakeWebPageLoader([moved: #"<a href="imprint">I</a>"#], redirects: [legal: moved]))
        presenter.didLoad()
        await work.waitUntilIdle()
        XCTAssertEqual(presenter.viewModel.address, moved.absoluteString)
        presenter.didFollowLink(0)
        XCTAssertEqual(presenter.viewModel.address, "https://www.check24.de/legal/imprint")
    }

    func testTheAddressNeverShowsAPassword() async throws {
        let secret = URL(string: "http://user:s3cret@pages.test/a")!
        let work = WorkTracker()
        let presenter = WebBrowserPresenter(url: secret, texts: .english, interactor: WebBrowserInteractor(pages: FakeWebPageLoader([:])),
                                            router: RecordingBrowserRouter(), work: work)
        XCTAssertEqual(presenter.viewModel.address, "http://pages.test/a")
        presenter.didRequestOpenOutside()
        XCTAssertEqual(presenter.viewModel.notice, "Opens outside the web view: http://pages.test/a")
    }

    /// Latest wins: going back while the followed page still loads shows the page gone back to, even
    /// when the followed page's slower answer arrives afterwards.
    func testAStalePageNeverReplacesThePageGoneBackTo() async throws {
        let held = HeldOpenCalls()
        held.release(1) // the first page answers at once
        let (presenter, _, _, _, work) = makePresenter(FakeWebPageLoader(pages, heldOpen: held))
        presenter.didLoad()
        await work.waitUntilIdle()
        presenter.didFollowLink(0) // call 2: the privacy page, held
        await held.waitUntilStarted(2)
        presenter.didRequestBack() // call 3: the legal page again, held
        await held.waitUntilStarted(3)
        held.release(3)
        await waitUntil("the page gone back to is on screen") {
            if case .loaded = presenter.viewModel.content { return true } else { return false }
        }
        held.release(2)
        await work.waitUntilIdle()
        XCTAssertEqual(summary(presenter.viewModel), "loaded(Legal) \(legal) link 0 offset 0 >")
    }

    func testClosingCancelsTheLoadSoNothingLandsAfterwards() async throws {
        let held = HeldOpenCalls()
        let (presenter, view, router, _, work) = makePresenter(FakeWebPageLoader(pages, heldOpen: held))
        presenter.didLoad()
        await held.waitUntilStarted(1)
        presenter.didRequestClose()
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(view.displayed.map(summary), ["loading \(legal) link - offset 0"])
        XCTAssertEqual(router.closed, 1)
    }

    func testBackOnTheFirstPageAndLinksWhileLoadingDoNothing() async throws {
        let (presenter, view, _, _, work) = makePresenter(UnimplementedWebPageLoader())
        presenter.didRequestBack()
        presenter.didRequestForward()
        presenter.didFollowLink(0)
        await work.waitUntilIdle()
        XCTAssertEqual(view.displayed, [], "no page was asked for and nothing changed")
    }
}
