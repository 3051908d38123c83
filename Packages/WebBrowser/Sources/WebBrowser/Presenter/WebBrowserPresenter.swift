import Foundation
import Navigation
import HTMLText

@MainActor
protocol WebBrowserViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    func didSelectLink(_ index: Int?, scrollOffset: Int)
    func didScroll(to offset: Int)
    func didFollowLink(_ index: Int)
    func didRequestBack()
    func didRequestForward()
    /// `o`: the page on screen, handed to the host feature to open outside the app.
    func didRequestOpenOutside()
    /// `y`: the focused link's address, else the page's, to the clipboard.
    func didRequestCopy()
    func didRequestClose()
}

/// What the browser offers the feature that opened it: addresses it does not load itself.
@MainActor
public protocol WebBrowserModuleOutput: AnyObject {
    /// A followed link of another scheme than http/https (`mailto:`, `tel:`, `sms:`, `geo:` …), or
    /// the page on screen after `o`, before the browser hands it to the desktop. Return `true` when
    /// the feature handled it in the app (resource-directory writes a `mailto:` in its own compose
    /// screen); `false` lets the browser open it outside and say what came of it.
    func webBrowserWillOpenOutside(_ url: URL) -> Bool
}

/// Owns the browser's state: the history of pages, the page on screen (loading, failed or its
/// document), link focus, scrolling and the notice line.
@MainActor
final class WebBrowserPresenter: WebBrowserViewOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<WebBrowserViewModel>)?
    weak var output: (any WebBrowserModuleOutput)?
    let interactor: WebBrowserInteractor
    private let router: any WebBrowserRouting
    private let work: WorkTracker
    private let texts: WebBrowserModule.Texts

    private var history: BrowsingHistory
    private var content = WebBrowserViewModel.Content.loading
    private var notice: String?

    init(url: URL, texts: WebBrowserModule.Texts, interactor: WebBrowserInteractor, router: any WebBrowserRouting, work: WorkTracker) {
        history = BrowsingHistory(start: url)
        self.texts = texts
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        load()
    }

    func didRequestReload() {
        load()
    }

    func didSelectLink(_ index: Int?, scrollOffset offset: Int) {
        history.current.selectedLink = index
        history.current.scrollOffset = max(0, offset)
        notice = nil
        publish()
    }

    func didScroll(to offset: Int) {
        history.current.scrollOffset = max(0, offset)
        publish()
    }

    func didFollowLink(_ index: Int) {
        guard case .loaded(let document) = content, document.links.indices.contains(index) else { return }
        history.current.selectedLink = index
        switch WebLinkTarget(href: document.links[index].href, base: history.current.url) {
        case .page(let url):
            history.visit(url)
            load()
        case .external(let url):
            openOutside(url)
        case .invalid:
            notice = texts.invalidLink
            publish()
        }
    }

    func didRequestBack() {
        guard history.goBack() else { return }
        load()
    }

    func didRequestForward() {
        guard history.goForward() else { return }
        load()
    }

    func didRequestOpenOutside() {
        openOutside(history.current.url)
    }

    func didRequestCopy() {
        var address = history.current.url.absoluteString
        if case .loaded(let document) = content, let index = history.current.selectedLink, document.links.indices.contains(index) {
            switch WebLinkTarget(href: document.links[index].href, base: history.current.url) {
            case .page(let url), .external(let url): address = url.absoluteString
            case .invalid: address = document.links[index].href
            }
        }
        let copied = router.openClipboard(with: address)
        notice = (texts.reasons == .german ? NavigationTexts.german : NavigationTexts.english).copyNotice(address, copied: copied)
        publish()
    }

    func didRequestClose() {
        work.cancel(WorkKey(self, "page"))
        router.closeWebBrowser()
    }

    private func openOutside(_ url: URL) {
        if output?.webBrowserWillOpenOutside(url) == true {
            notice = nil
            return publish()
        }
        let address = WebBrowserInteractor.shownAddress(of: url)
        notice = texts.opensOutsideNotice(address)
        publish()
        work.run { [weak self, interactor] in
            let outcome = await interactor.performOpening(url)
            guard let self else { return }
            switch outcome {
            case .notAttempted: return
            case .opened: notice = "\(texts.openedOutside) \(address)"
            case .unavailable: notice = "\(texts.cannotOpenOutside) \(address)"
            case .refused: notice = texts.invalidLink
            }
            publish()
        }
    }

    /// Loads the current entry of the history. Latest wins: after back, forward or another link,
    /// a slower answer for the page left behind never replaces the one asked for last.
    private func load() {
        content = .loading
        notice = nil
        publish()
        let url = history.current.url
        work.runLatest(WorkKey(self, "page"), { [interactor] () -> Result<LoadedPage, WebBrowserError> in
            do throws(WebBrowserError) { return .success(try await interactor.obtainPage(at: url)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                // A redirect: links resolve against, and the title bar shows, where the page came from.
                history.current.url = page.url
                content = .loaded(page.document)
                linkTargets = Self.targets(of: page.document, base: history.current.url)
                if let selected = history.current.selectedLink, !page.document.links.indices.contains(selected) {
                    history.current.selectedLink = nil
                }
            case .failure(let error):
                content = .failed(message: texts.message(for: error))
            }
            publish()
        })
    }


    /// The links' absolute addresses, of the schemes the app opens (the allowlist of SystemActions).
    private var linkTargets: [String?] = []

    static func targets(of document: HTMLDocument, base: URL) -> [String?] {
        document.links.map { link in
            switch WebLinkTarget(href: link.href, base: base) {
            case .page(let url), .external(let url):
                guard let scheme = url.scheme?.lowercased(), ["https", "http", "mailto", "tel", "sms", "geo"].contains(scheme) else { return nil }
                return url.absoluteString
            case .invalid: return nil
            }
        }
    }

    var viewModel: WebBrowserViewModel {
        var title: String?
        if case .loaded(let document) = content { title = document.title }
        let entry = history.current
        return WebBrowserViewModel(address: WebBrowserInteractor.shownAddress(of: entry.url), title: title, content: content,
                                   selectedLink: entry.selectedLink, scrollOffset: entry.scrollOffset, notice: notice,
                                   canGoBack: history.canGoBack, canGoForward: history.canGoForward, linkTargets: linkTargets, texts: texts)
    }
}
