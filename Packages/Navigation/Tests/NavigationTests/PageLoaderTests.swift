import Foundation
import Navigation
import NavigationTesting
import XCTest

/// Pages fetched as the rows on screen need them: one request for the rows a page covers, a page for
/// a list the screen has left never applied, a failed page asked again.
@MainActor
final class PageLoaderTests: XCTestCase {
    /// Positions as items, each fetch held open until released; `failing` answers nil.
    private func fetcher(_ held: HeldOpenCalls, failing: Bool = false) -> @Sendable (Range<Int>) async -> [String]? {
        { positions in
            await held.hold()
            return failing ? nil : positions.map { "item \($0)" }
        }
    }

    func testAPageComesForTheRowsOnScreenOnce() async {
        let work = WorkTracker(), held = HeldOpenCalls(), loader = PageLoader<String>(size: 10, work: work)
        var received = 0
        loader.reset((0..<10).map { "item \($0)" }, at: 0)
        loader.obtain(covering: 2..<5, count: 100, fetch: fetcher(held), received: { received += 1 })
        XCTAssertEqual(held.startedCount, 0, "held already: nothing asked")
        loader.obtain(covering: 40..<44, count: 100, fetch: fetcher(held), received: { received += 1 })
        loader.obtain(covering: 41..<43, count: 100, fetch: fetcher(held), received: { received += 1 })
        await held.waitUntilStarted(1)
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(held.startedCount, 1, "the page asked for covers the second ask")
        XCTAssertEqual(received, 1)
        XCTAssertEqual(loader[42], "item 42")
        XCTAssertNil(loader[2], "one page held at a time")
    }

    func testAPageForAListLeftBehindIsNeverAppliedAndAFailedOneIsAskedAgain() async {
        let work = WorkTracker(), held = HeldOpenCalls(), loader = PageLoader<String>(size: 10, work: work)
        var received = 0
        loader.obtain(covering: 50..<52, count: 100, fetch: fetcher(held), received: { received += 1 })
        await held.waitUntilStarted(1)
        loader.reset(["new 0", "new 1"], at: 0)   // a new search answered meanwhile
        held.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(received, 0)
        XCTAssertNil(loader[50], "the old list's page is not this one's")
        XCTAssertEqual(loader[0], "new 0")

        loader.obtain(covering: 60..<62, count: 100, fetch: fetcher(held, failing: true), received: { received += 1 })
        await held.waitUntilStarted(2)
        held.release(2)
        await work.waitUntilIdle()
        XCTAssertEqual(received, 0)
        loader.obtain(covering: 60..<62, count: 100, fetch: fetcher(held), received: { received += 1 })
        await held.waitUntilStarted(3)
        held.release(3)
        await work.waitUntilIdle()
        XCTAssertEqual(received, 1, "the failed page was asked again")
        XCTAssertEqual(loader[61], "item 61")
    }
}
