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

    private var text = NumberDetailViewModel.Text.loading
    private var imageURL: URL?
    private var image = ImageSlot.none
    /// The offline notice and the retries while a detail kept from an earlier visit stands in.
    let kept = KeptContent()

    private let router: (any NumberDetailRouting)?
    /// What `y` copied, beside the offline notice.
    private var copyNotice: String?

    init(item: NumberItem, interactor: NumberDetailInteractor, work: WorkTracker, router: (any NumberDetailRouting)? = nil) {
        self.router = router
        self.item = item
        self.interactor = interactor
        self.work = work
    }

    /// A detail replaced by another selection stops its requests instead of running them out.
    isolated deinit {
        work.cancel(WorkKey(self, "detail"))
        work.cancel(WorkKey(self, "picture"))
    }

    func didLoad() {
        load()
        loadImage(item.imageURL)
    }

    func didRequestCopy() {
        let copied = router?.openClipboard(with: item.name) ?? false
        copyNotice = NavigationTexts.english.copyNotice(item.name, copied: copied)
        publish()
    }

    func didRequestReload() {
        copyNotice = nil
        kept.reloadRequested()
        load()
        if case .unavailable = image { loadImage(imageURL) }
    }

    private func load() {
        // A kept detail stays on screen while the server is asked again.
        if kept.storedAt == nil { text = .loading }
        publish()
        let name = item.name
        work.runLatest(WorkKey(self, "detail"), { [interactor] () -> Result<(detail: NumberDetail, storedAt: Date?), NumbersError> in
            do throws(NumbersError) { return .success(try await interactor.obtainDetail(name: name)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let obtained):
                let detail = obtained.detail
                self.kept.received(storedAt: obtained.storedAt) { [weak self] in self?.load() }
                self.text = .loaded(detail.text.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.flatMap { $0.isEmpty ? nil : $0 }
                                    ?? NumbersTexts.noText)
                if let url = detail.imageURL, url != self.imageURL { self.loadImage(url) }
            case .failure(let error):
                self.kept.received(storedAt: nil) {}
                self.text = .failed(message: NumbersTexts.message(for: error))
            }
            self.publish()
        })
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

    var viewModel: NumberDetailViewModel {
        NumberDetailViewModel(name: item.name, text: text, image: image,
                              notice: [kept.notice(), copyNotice].joinedNotice)
    }
}
