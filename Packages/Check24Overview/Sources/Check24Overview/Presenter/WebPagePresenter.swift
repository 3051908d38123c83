import Foundation
import HTTPClient
import HTMLText
import Navigation

/// The in-app web view's state as plain values; the view lays the document out for its width.
struct WebPageViewModel: Equatable, Sendable {
    enum Content: Equatable, Sendable {
        case loading
        case failed(message: String)
        case loaded(HTMLDocument)
    }
    /// The address shown in the title bar.
    var address: String
    var title: String?
    var content: Content
    /// The link with keyboard focus (tab / shift-tab), followed with enter.
    var selectedLink: Int?
    var scrollOffset: Int
    /// A short note, e.g. that a mail link cannot open inside the web view.
    var notice: String?
}

@MainActor
protocol WebPageViewInput: AnyObject {
    func display(_ viewModel: WebPageViewModel)
}

@MainActor
protocol WebPageViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    func didSelectLink(_ index: Int?, scrollOffset: Int)
    func didScroll(to offset: Int)
    func didFollowLink(_ index: Int)
    func didRequestClose()
}

/// Owns one page of the in-app web view: loading, the parsed document, link focus and scrolling.
@MainActor
final class WebPagePresenter: WebPageViewOutput {
    weak var view: (any WebPageViewInput)?
    let interactor: WebPageInteractor
    private let router: any WebPageRouting
    private let work: WorkTracker

    private var url: URL
    private var content = WebPageViewModel.Content.loading
    private var selectedLink: Int?
    private var scrollOffset = 0
    private var notice: String?

    init(url: URL, interactor: WebPageInteractor, router: any WebPageRouting, work: WorkTracker) {
        self.url = url
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
        selectedLink = index
        scrollOffset = max(0, offset)
        notice = nil
        publish()
    }

    func didScroll(to offset: Int) {
        scrollOffset = max(0, offset)
        publish()
    }

    func didFollowLink(_ index: Int) {
        guard case .loaded(let document) = content, document.links.indices.contains(index) else { return }
        selectedLink = index
        let href = document.links[index].href.trimmingCharacters(in: .whitespacesAndNewlines)
        guard let target = URL(string: href, relativeTo: url)?.absoluteURL else {
            notice = "This link has no valid address."
            publish()
            return
        }
        switch target.scheme?.lowercased() {
        case "http", "https":
            notice = nil
            publish()
            router.openWebPage(at: target)
        default:
            // mailto:, tel: … belong to other apps; the web view only shows web pages.
            notice = "Opens outside the web view: \(URLDisplay.redacted(target))"
            publish()
        }
    }

    func didRequestClose() {
        router.closeWebPage()
    }

    private func load() {
        content = .loading
        notice = nil
        publish()
        let url = url
        work.runLatest(WorkKey(self, "page"), { [interactor] () -> Result<(url: URL, document: HTMLDocument), Check24Error> in
            do throws(Check24Error) { return .success(try await interactor.obtainDocument(at: url)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page):
                self.url = page.url
                self.content = .loaded(page.document)
                if let selected = self.selectedLink, !page.document.links.indices.contains(selected) { self.selectedLink = nil }
            case .failure(let error):
                self.content = .failed(message: Check24Formatting.message(for: error, url: url))
            }
            self.publish()
        })
    }

    private func publish() {
        view?.display(viewModel)
    }

    var viewModel: WebPageViewModel {
        var title: String?
        if case .loaded(let document) = content { title = document.title }
        return WebPageViewModel(address: URLDisplay.redacted(url), title: title, content: content, selectedLink: selectedLink,
                                scrollOffset: scrollOffset, notice: notice)
    }
}
