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
    func didRequestReload() { load() }

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

    private func load() {
        images.retryFailed()
        catalog = .loading
        publish()
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "catalog"), { [interactor] () -> Result<NumbersCatalog, NumbersError> in
            do throws(NumbersError) { return .success(try await interactor.obtainCatalog(checkingConnectivity: true)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let loaded):
                self.catalog = .loaded(loaded)
                self.list.clamp(count: loaded.items.count)
                // The first item is selected and shown on start (in the detail pane when wide).
                if loaded.items.indices.contains(self.list.selectedIndex) {
                    self.router.showDetail(of: loaded.items[self.list.selectedIndex])
                } else {
                    // A reload that answers an empty list leaves no number to show.
                    self.router.closeDetail()
                }
                self.publish()
                self.showImages()
            case .failure(let error):
                self.catalog = .failed(error)
                self.publish()
            }
        })
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
                notice: NumbersTexts.skipped(catalog.skippedReasons), touchedIndex: list.touchedIndex)
        }
    }
}
