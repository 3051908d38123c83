import Foundation
import ImageKit
import PictureUI
import Navigation

@MainActor
protocol NumberDetailViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    /// `y`: the number's name to the clipboard.
    func didRequestCopy()
}

/// Owns one number's detail: its text fetched by name, and its picture (the list's at once, the
/// detail's own when it names another).
@MainActor
final class NumberDetailPresenter: NumberDetailViewOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<NumberDetailViewModel>)?
    let interactor: NumberDetailInteractor
    private let work: WorkTracker
    private let item: NumberItem

    /// The detail as it loads, the latest load winning (a kept one stands in while the server is away).
    private let loader: ContentLoader<NumberDetail, NumbersError>
    private var imageURL: URL?
    private var image = ImageSlot.none
    /// The offline notice and the retries while a detail kept from an earlier visit stands in.
    var kept: KeptContent { loader.kept }

    private let router: (any NumberDetailRouting)?
    /// What `y` copied, beside the offline notice.
    private var copyNotice: String?

    init(item: NumberItem, interactor: NumberDetailInteractor, work: WorkTracker, router: (any NumberDetailRouting)? = nil) {
        self.router = router
        self.item = item
        self.interactor = interactor
        self.work = work
        loader = ContentLoader(work: work)
    }

    /// A detail replaced by another selection stops its requests instead of running them out.
    isolated deinit {
        loader.cancel()
        work.cancel(WorkKey(self, "picture"))
    }

    func didLoad() {
        let name = item.name
        loader.start(kept: { nil }, obtainOrThrow: { [interactor] () throws(NumbersError) in
            let obtained = try await interactor.obtainDetail(name: name)
            return (obtained.detail, obtained.storedAt)
        }, show: { [weak self] detail in
            guard let self else { return }
            if let url = detail.imageURL, url != self.imageURL { self.loadImage(url) }
            self.publish()
        }, publish: { [weak self] in self?.publish() })
        loadImage(item.imageURL)
    }

    func didRequestCopy() {
        let copied = router?.openClipboard(with: item.name) ?? false
        copyNotice = NavigationTexts.english.copyNotice(item.name, copied: copied)
        publish()
    }

    func didRequestReload() {
        copyNotice = nil
        loader.reload()
        if case .unavailable = image { loadImage(imageURL) }
    }

    private func loadImage(_ url: URL?) {
        imageURL = url
        guard let url else {
            image = .none
            return
        }
        image = .loading
        work.runLatest(WorkKey(self, "picture"), kind: .picture, { [interactor] () -> ImageSlot in
            do { return .loaded(try await interactor.obtainImage(at: url)) } catch { return .failed(error) }
        }, then: { [weak self] slot in
            guard let self else { return }
            self.image = slot
            self.publish()
        })
    }

    /// The text in the loader's state: a kept detail stays on screen while the server is asked again;
    /// a fresh one asked again shows that it is loading.
    private var text: NumberDetailViewModel.Text {
        switch loader.content {
        case .loading: .loading
        case .failed(let error): .failed(message: NumbersTexts.message(for: error))
        case .loaded(let detail): .loaded(Self.text(of: detail))
        case .reloading(let detail): kept.storedAt == nil ? .loading : .loaded(Self.text(of: detail))
        }
    }

    private static func text(of detail: NumberDetail) -> String {
        detail.text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 } ?? NumbersTexts.noText
    }

    var viewModel: NumberDetailViewModel {
        NumberDetailViewModel(name: item.name, text: text, image: image,
                              notice: [kept.notice(), copyNotice].joinedNotice)
    }
}
