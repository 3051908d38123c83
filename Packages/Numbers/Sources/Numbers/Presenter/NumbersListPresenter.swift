import Foundation
import ImageKit
import Navigation

@MainActor
protocol NumbersListViewInput: AnyObject {
    func display(_ viewModel: NumbersListViewModel)
}

@MainActor
protocol NumbersListViewOutput: AnyObject {
    func didLoad()
    func didRequestReload()
    /// The selection moved (keys, wheel); `visibleRows` are the rows now on screen (their pictures load).
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>)
    func didChooseItem(at index: Int)
    func didTouchItem(at index: Int)
    func didCancelTouch()
}

/// Owns the master's state: the list, the selection (kept across resizes: the split keeps this
/// instance), the touched row and the pictures on screen. Every selection change shows that item's
/// detail (in the detail pane when wide; waiting off screen when narrow).
@MainActor
final class NumbersListPresenter: NumbersListViewOutput {
    weak var view: (any NumbersListViewInput)?
    let interactor: NumbersListInteractor
    private let router: any NumbersListRouting
    private let work: WorkTracker

    private enum State {
        case loading
        case failed(String)
        case loaded(NumbersCatalog)
    }
    private var state = State.loading
    private var selectedIndex = 0
    private var firstVisibleRow = 0
    private var touchedIndex: Int?
    private var visibleRows = 0..<NumbersListPresenter.initialVisibleRows
    private let images = ImageSlots()

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
        guard case .loaded(let catalog) = state, catalog.items.indices.contains(index) else { return }
        let changed = index != selectedIndex
        selectedIndex = index
        firstVisibleRow = max(0, row)
        visibleRows = rows
        if changed { router.showDetail(of: catalog.items[index]) }
        publish()
        showImages()
    }

    func didTouchItem(at index: Int) {
        guard case .loaded(let catalog) = state, catalog.items.indices.contains(index) else { return }
        touchedIndex = index
        publish()
    }

    func didCancelTouch() {
        guard touchedIndex != nil else { return }
        touchedIndex = nil
        publish()
    }

    /// Enter, or a release on the touched row: select it and open its detail (full screen when narrow).
    func didChooseItem(at index: Int) {
        touchedIndex = nil
        guard case .loaded(let catalog) = state, catalog.items.indices.contains(index) else { return }
        if index != selectedIndex {
            selectedIndex = index
            router.showDetail(of: catalog.items[index])
        }
        publish()
        router.openDetail(of: catalog.items[index])
    }

    private func load() {
        images.retryFailed()
        state = .loading
        publish()
        // Latest wins: a retry cancels the load before it, whose answer is never applied.
        work.runLatest(WorkKey(self, "catalog"), { [interactor] () -> Result<NumbersCatalog, NumbersError> in
            do throws(NumbersError) { return .success(try await interactor.obtainCatalog(checkingConnectivity: true)) } catch { return .failure(error) }
        }, then: { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let catalog):
                self.state = .loaded(catalog)
                self.selectedIndex = min(self.selectedIndex, max(0, catalog.items.count - 1))
                // The first item is selected and shown on start (in the detail pane when wide).
                if catalog.items.indices.contains(self.selectedIndex) {
                    self.router.showDetail(of: catalog.items[self.selectedIndex])
                } else {
                    // A reload that answers an empty list leaves no number to show.
                    self.router.closeDetail()
                }
                self.publish()
                self.showImages()
            case .failure(let error):
                self.state = .failed(NumbersTexts.message(for: error))
                self.publish()
            }
        })
    }

    /// Loads the pictures of the rows on screen (and a small margin); rows that scrolled away stop loading.
    private func showImages() {
        guard case .loaded(let catalog) = state else { return }
        let items = catalog.items
        let onScreen = visibleRows.clamped(to: 0..<items.count)
        let margin = max(0, onScreen.lowerBound - Self.imageMarginRows)..<min(items.count, onScreen.upperBound + Self.imageMarginRows)
        let rows = Array(onScreen) + margin.filter { !onScreen.contains($0) }
        images.show(rows.compactMap { items[$0].imageURL }, start: { [work] in work.runPicture($0) },
                    fetch: { [interactor] in try await interactor.obtainImage(at: $0) },
                    changed: { [weak self] in self?.publish() })
    }

    private func publish() { view?.display(viewModel) }

    var viewModel: NumbersListViewModel {
        switch state {
        case .loading:
            return NumbersListViewModel(title: NumbersTexts.title, content: .loading)
        case .failed(let message):
            return NumbersListViewModel(title: NumbersTexts.title, content: .failed(message: message))
        case .loaded(let catalog):
            let items = catalog.items, pictures = images.snapshot
            let rows = LazyRows(count: items.count) { NumberRowViewModel(name: items[$0].name, image: pictures[items[$0].imageURL]) }
            return NumbersListViewModel(
                title: "\(NumbersTexts.title) (\(items.count))",
                content: .loaded(rows: rows, selectedIndex: selectedIndex, firstVisibleRow: firstVisibleRow),
                notice: NumbersTexts.skipped(catalog.skippedReasons), touchedIndex: touchedIndex)
        }
    }
}
