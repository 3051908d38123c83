import Foundation
import ImageKit
import PictureUI
import Navigation

@MainActor
protocol Check24DetailViewOutput: AnyObject {
    func didLoad()
    /// `f`, or the `Vormerken` / `Vergessen` button.
    func didToggleFavorite()
    /// `y`: the product's name to the clipboard.
    func didRequestCopy()
    func didMoveFocus(to focus: Check24DetailViewModel.Focus)
    /// enter on the focused element.
    func didActivateFocus()
    func didChooseFooter()
    func didScroll(to offset: Int)
    func didRequestClose()
}

/// Owns a product's details: the product, its favorite state, the picture, focus and scrolling.
@MainActor
final class Check24DetailPresenter: Check24DetailViewOutput, ModulePresenting {
    weak var view: (any ModuleViewInput<Check24DetailViewModel>)?
    weak var output: (any Check24DetailModuleOutput)?
    let interactor: Check24DetailInteractor
    private let router: any Check24DetailRouting
    private let work: WorkTracker

    private let product: Check24Product
    /// What the user asked for last (shown on the button).
    private var isFavorite: Bool
    /// What the favorites store holds.
    private var savedFavorite: Bool
    private var isSaving = false
    private var notice: String?
    private var image = ImageSlot.none
    private var focus = Check24DetailViewModel.Focus.favoriteButton
    private var scrollOffset = 0

    init(product: Check24Product, isFavorite: Bool, interactor: Check24DetailInteractor,
         router: any Check24DetailRouting, work: WorkTracker) {
        self.product = product
        self.isFavorite = isFavorite
        self.savedFavorite = isFavorite
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() {
        guard let url = product.imageURL else { return }
        image = .loading
        publish()
        work.runPicture { [weak self, interactor] in
            let slot: ImageSlot
            do { slot = .loaded(try await interactor.obtainImage(at: url)) } catch { slot = .failed(error) }
            guard let self else { return }
            self.image = slot
            self.publish()
        }
    }

    /// Every press counts: the button shows the state asked for at once, and saves run one after
    /// another until the stored state is the last one asked for (11 quick presses end favorited).
    /// `y`: the product's name to the clipboard.
    func didRequestCopy() {
        let copied = router.openClipboard(with: product.name)
        notice = NavigationTexts.german.copyNotice(product.name, copied: copied)
        publish()
    }

    func didToggleFavorite() {
        isFavorite.toggle()
        notice = nil
        publish()
        saveFavoriteIfNeeded()
    }

    private func saveFavoriteIfNeeded() {
        guard !isSaving, isFavorite != savedFavorite else { return }
        isSaving = true
        let wanted = isFavorite
        let productID = product.id
        work.run { [weak self, interactor] in
            let result: Result<Bool, Check24Error>
            do throws(Check24Error) { result = .success(try await interactor.performSetFavorite(wanted, productID: productID)) } catch {
                result = .failure(error)
            }
            guard let self else { return }
            self.isSaving = false
            switch result {
            case .success(let saved):
                self.savedFavorite = saved
                self.output?.detailDidChangeFavorite(productID: productID, isFavorite: saved)
                self.saveFavoriteIfNeeded() // presses that came in while this save ran
            case .failure(let error):
                // Show what is stored, and say so: nothing the user asked for is silently lost.
                self.isFavorite = self.savedFavorite
                self.notice = Check24Texts.message(for: error)
            }
            self.publish()
        }
    }

    func didMoveFocus(to focus: Check24DetailViewModel.Focus) {
        self.focus = focus
        publish()
    }

    func didActivateFocus() {
        switch focus {
        case .favoriteButton: didToggleFavorite()
        case .footer: didChooseFooter()
        }
    }

    func didChooseFooter() {
        focus = .footer
        publish()
        router.openLegalPage()
    }

    func didScroll(to offset: Int) {
        scrollOffset = max(0, offset)
        publish()
    }

    func didRequestClose() {
        router.closeDetail()
    }

    var viewModel: Check24DetailViewModel {
        Check24DetailViewModel(
            name: product.name, isFavorite: isFavorite, price: Check24Formatting.price(product.price),
            stars: Check24Formatting.stars(product.rating),
            releaseDate: product.releaseDate.map(Check24Formatting.date) ?? Check24Texts.unknownValue,
            color: product.color.isEmpty ? Check24Texts.unknownValue : product.color, colorCode: product.colorCode,
            availability: product.available ? Check24Texts.available : Check24Texts.unavailable,
            description: product.description, longDescription: product.longDescription,
            favoriteButtonTitle: isFavorite ? Check24Texts.forget : Check24Texts.remember, footer: Check24Texts.footer,
            image: image, focus: focus, scrollOffset: scrollOffset, notice: notice)
    }
}
