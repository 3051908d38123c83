import Foundation
import ImageKit
import Navigation
import PictureUI
import Synchronization
import TerminalUI
import TextSearch
import XCTest

/// What every list with pictures gets from ``PicturedListPresenting``: the pictures of the rows on
/// screen and a margin load (none before the content is there), and a reload tries failed ones again.
@MainActor
final class PicturedListPresentingTests: XCTestCase {
    private struct Failure: Error {}

    /// The pictures asked for, by name.
    private final class Fetches: Sendable {
        let names = Mutex<[String]>([])
        let brokenIsFixed = Mutex(false)
        var all: [String] { names.withLock { $0 } }
    }

    /// A list of names whose pictures are named after them; "broken" has a picture that fails until fixed.
    private final class Presenter: PicturedListPresenting, ModulePresenting {
        weak var view: (any ModuleViewInput<Int>)?
        let work = WorkTracker()
        let fetches = Fetches()
        lazy var loader = ContentLoader<[String], Failure>(work: work)
        var model = ListModel<[String], String>(visibleRows: 0..<2) { $0 }
        var search = SearchFieldState()
        lazy var images = makeImages(work: work) { [fetches] url in
            let name = url.lastPathComponent
            fetches.names.withLock { $0.append(name) }
            if name == "broken", !fetches.brokenIsFixed.withLock({ $0 }) { throw Failure() }
            return RGBImage(width: 1, height: 1, filledWith: RGBPixel(red: 1, green: 2, blue: 3))
        }
        static let pictureMarginRows = 1
        var viewModel: Int { 0 }
        /// What the filter did to the selection: the item before → the item after.
        var selectionChanges: [String] = []
        func selectionDidChange(from previous: String?) {
            selectionChanges.append("\(previous ?? "none") → \(model.selectedItem ?? "none")")
        }

        func didLoad() {
            startLoading(kept: { nil }, obtain: { () throws(Failure) in (["broken", "b", "c", "d", "e", "f"], nil) },
                         show: { [weak self] in self?.show($0, searchTexts: SearchTexts(folding: $0)) })
        }
        func didChooseRow(at index: Int) {}
        func pictureURL(of item: String) -> URL? { URL(string: "http://127.0.0.1/\(item)") }
    }

    func testTheRowsOnScreenAndTheirMarginLoadTheirPicturesAndAReloadRetriesFailedOnes() async {
        let presenter = Presenter()
        presenter.showImages()
        XCTAssertEqual(presenter.fetches.all, [], "nothing loads before the content is there")
        presenter.didLoad()
        await presenter.work.waitUntilIdle()
        // Rows 0 and 1 are on screen; one row of margin after them.
        XCTAssertEqual(presenter.fetches.all.sorted(), ["b", "broken", "c"])
        XCTAssertEqual(presenter.images[presenter.pictureURL(of: "b")], .loaded(RGBImage(width: 1, height: 1, filledWith: RGBPixel(red: 1, green: 2, blue: 3))))
        XCTAssertEqual(presenter.images[presenter.pictureURL(of: "f")], .loading, "off screen: not asked for")

        // Scrolling does not ask a broken picture again; a reload does.
        presenter.didChangeSelection(to: 1, firstVisibleRow: 0, visibleRows: 0..<2)
        await presenter.work.waitUntilIdle()
        XCTAssertEqual(presenter.fetches.all.filter { $0 == "broken" }.count, 1)
        presenter.fetches.brokenIsFixed.withLock { $0 = true }
        presenter.didRequestReload()
        await presenter.work.waitUntilIdle()
        XCTAssertEqual(presenter.fetches.all.filter { $0 == "broken" }.count, 2)
        guard case .loaded = presenter.images[presenter.pictureURL(of: "broken")] else { return XCTFail("the reload loads it") }
    }

    /// The filter tells the presenter what it did to the selection (a detail pane follows it): the item
    /// before and, in the model, the item now; a query that changes nothing says nothing.
    func testTheFilterSaysWhatItDidToTheSelection() async {
        let presenter = Presenter()
        presenter.didLoad()
        await presenter.work.waitUntilIdle()
        presenter.didChangeSelection(to: 2, firstVisibleRow: 0, visibleRows: 0..<2)
        presenter.didEditSearch(SearchFieldState(query: "d"))
        presenter.didEditSearch(SearchFieldState(query: "zz"))
        presenter.didEditSearch(SearchFieldState(query: "zz"))
        presenter.didEditSearch(SearchFieldState(query: ""))
        XCTAssertEqual(presenter.selectionChanges, ["c → d", "d → none", "none → d"])
    }
}
