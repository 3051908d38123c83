import Foundation
import ImageKit
import PictureUI
import Money
import Navigation

@MainActor
protocol ProductDetailViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    func didScroll(to offset: Int)
    func didRequestClose()
    /// `y`: the product's name to the clipboard.
    func didRequestCopy()
}

/// Owns the detail's state: the summary shown at once, then the fetched detail and its image.
@MainActor
final class ProductDetailPresenter: ProductDetailViewOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<ProductDetailViewModel>)?
    let interactor: ProductDetailInteractor
    private let router: any ProductDetailRouting
    private let work: WorkTracker
    private let formatter = MoneyFormatter(locale: .deDE)

    private var summary: ProductSummary
    private var description = ProductDetailViewModel.Description.loading
    private var image = ImageSlot.none
    private var scrollOffset = 0
    private var notice: String?

    init(product: ProductSummary, interactor: ProductDetailInteractor, router: any ProductDetailRouting, work: WorkTracker) {
        self.summary = product
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        load()
        loadImage(summary.imageURL)
    }

    func didRequestReload() {
        load()
        if case .unavailable = image { loadImage(summary.imageURL) }
    }

    func didScroll(to offset: Int) {
        scrollOffset = max(0, offset)
        notice = nil
        publish()
    }

    func didRequestCopy() {
        let copied = router.openClipboard(with: summary.name)
        notice = NavigationTexts.english.copyNotice(summary.name, copied: copied)
        publish()
    }

    func didRequestClose() {
        router.closeDetail()
    }

    private func load() {
        description = .loading
        publish()
        let productID = summary.id
        work.runLatest(WorkKey(self, "detail"), { [interactor] () -> Result<ProductDetail, ProductGridError> in
            do throws(ProductGridError) { return .success(try await interactor.obtainDetail(productID: productID)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let detail):
                let imageChanged = detail.summary.imageURL != self.summary.imageURL
                self.summary = detail.summary
                self.description = .loaded(detail.description)
                if imageChanged { self.loadImage(detail.summary.imageURL) }
            case .failure(let error):
                self.description = .failed(message: ProductGridTexts.message(for: error))
            }
            self.publish()
        })
    }

    private func loadImage(_ url: URL?) {
        guard let url else {
            image = .none
            return
        }
        image = .loading
        work.runPicture { [weak self, interactor] in
            let slot: ImageSlot
            do { slot = .loaded(try await interactor.obtainImage(at: url)) } catch {
                slot = .failed(error)
            }
            guard let self, self.summary.imageURL == url else { return }
            self.image = slot
            self.publish()
        }
    }

    var viewModel: ProductDetailViewModel {
        ProductDetailViewModel(
            name: summary.name,
            price: formatter.string(for: Money(minorUnits: summary.priceInCents, currency: .eur)),
            image: image,
            description: description,
            scrollOffset: scrollOffset,
            notice: notice)
    }
}
