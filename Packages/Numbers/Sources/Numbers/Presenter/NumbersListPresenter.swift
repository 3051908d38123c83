import Foundation
import ImageKit
import Navigation

@MainActor
protocol NumbersListViewInput: AnyObject {
    func display(_ viewModel: NumbersListViewModel)
}

@MainActor
protocol NumbersListViewOutput: ListViewOutput {
    func didLoad()
}

/// Owns the master's state: the list, the selection (kept across resizes: the split keeps this
/// instance), the touched row and the pictures on screen. Every selection change shows that item's
/// detail (in the detail pane when wide; waiting off screen when narrow).
@MainActor
final class NumbersListPresenter: NumbersListViewOutput, ListPresenting {
    weak var view: (any NumbersListViewInput)?
    let interactor: NumbersListInteractor
    private let router: any NumbersListRouting
    private let work: WorkTracker

    private var catalog = Loadable<NumbersCatalog, NumbersError>.loading
    /// Whether a kept list stands in for the server's answer, since when, and asking again.
    let kept = KeptContent()
    var list = ListState(visibleRows: 0..<NumbersListPresenter.initialVisibleRows)
    private let images = ImageSlots()
    private var items: [NumberItem] { catalog.value?.items ?? [] }
    var rowCount: Int { items.count }

    /// Rows whose pictures load before the view has reported what is on screen.
    static let initialVisibleRows = 40
    /// Pictures of this many rows before and after the screen load too.
    static let imageMarginRows = 4

    init(interactor: NumbersListInteractor, router: any NumbersListRouting, work: WorkTracker) {
        self.interactor = interactor
        self.router = router
        self.work = work
    }

    func didLoad() { load() }
    func didRequestReload() {
        kept.reloadRequested()
        load()
    }

    func didChangeSelection(to index: Int, firstVisibleRow row: Int, visibleRows rows: Range<Int>) {
        guard let moved = selectRow(index, firstVisibleRow: row, visibleRows: rows) else { return }
        if moved { router.showDetail(of: items[index]) }
        publish()
        showImages()
    }

    /// Enter, or a release on the touched row: select it and open its detail (full screen when narrow).
    func didChooseRow(at index: Int) {
        guard let moved = chooseRow(index) else { return }
        if moved { router.showDetail(of: items[index]) }
        router.openDetail(of: items[index])
    }

    /// Shows the kept list at once on the first load (the server is asked meanwhile), then the
    /// server's answer; a reload keeps what is on screen until the answer comes.
    private func load() {
        images.retryFailed()
        let isFirstLoad = catalog.value == nil
        catalog = catalog.reloaded
        publish()
        if isFirstLoad {
            work.run { [weak self, interactor] in
                // Only while nothing answered yet: never over the server's answer, nor over its error.
                guard let kept = await interactor.obtainKeptCatalog(), let self, case .loading = self.catalog else { return }
                self.kept.showingKept(since: kept.storedAt)
                self.show(kept.catalog, reloading: true)
            }
        }
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "catalog"), { [interactor] () -> Result<ObtainedCatalog, NumbersError> in
            do throws(NumbersError) { return .success(try await interactor.obtainCatalog(checkingConnectivity: true)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let obtained):
                self.kept.received(storedAt: obtained.storedAt) { [weak self] in self?.load() }
                self.show(obtained.catalog, reloading: false)
            case .failure(let error):
                // An answer that is an error is said, also over a kept list (see the product grid's).
                self.kept.received(storedAt: nil) {}
                self.catalog = .failed(error)
                self.publish()
            }
        })
    }

    private func show(_ loaded: NumbersCatalog, reloading: Bool) {
        catalog = reloading ? .reloading(loaded) : .loaded(loaded)
        list.clamp(count: loaded.items.count)
        // The first item is selected and shown on start (in the detail pane when wide).
        if loaded.items.indices.contains(list.selectedIndex) {
            router.showDetail(of: loaded.items[list.selectedIndex])
        } else {
            // A reload that answers an empty list leaves no number to show.
            router.closeDetail()
        }
        publish()
        showImages()
    }

    /// Loads the pictures of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard let items = catalog.value?.items else { return }
        images.show(list.pictureRows(count: items.count, margin: Self.imageMarginRows).compactMap { items[$0].imageURL },
                    start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    func publish() { view?.display(viewModel) }

    var viewModel: NumbersListViewModel {
        switch catalog {
        case .loading:
            return NumbersListViewModel(title: NumbersTexts.title, content: .loading)
        case .failed(let error):
            return NumbersListViewModel(title: NumbersTexts.title, content: .failed(message: NumbersTexts.message(for: error)))
        case .loaded(let catalog), .reloading(let catalog):
            let items = catalog.items, pictures = images.snapshot
            let rows = LazyRows(count: items.count) { NumberRowViewModel(name: items[$0].name, image: pictures[items[$0].imageURL]) }
            return NumbersListViewModel(
                title: "\(NumbersTexts.title) (\(items.count))",
                content: .loaded(rows: rows, selectedIndex: list.selectedIndex, firstVisibleRow: list.firstVisibleRow),
                notice: [kept.notice(), NumbersTexts.skipped(catalog.skippedReasons)].compactMap { $0 }.joined(separator: " · ").nonEmpty,
                touchedIndex: list.touchedIndex)
        }
    }
}

private extension String {
    /// nil for the empty string (a view model's absent notice).
    var nonEmpty: String? { isEmpty ? nil : self }
}
