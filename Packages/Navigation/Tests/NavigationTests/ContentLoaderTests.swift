import Foundation
import Navigation
import NavigationTesting
import Synchronization
import XCTest

/// The one way lists load: the kept copy at once, then the answer (latest wins), errors said over a kept copy.
@MainActor
final class ContentLoaderTests: XCTestCase {
    private struct Failure: Error, Equatable {}

    /// What the fake server answers, call by call (the last one repeats), each held open until released.
    private final class Server: Sendable {
        let calls = HeldOpenCalls()
        private let answers: [Result<String, Failure>]
        private let asked = Mutex(0)
        init(_ answers: [Result<String, Failure>]) { self.answers = answers }

        func answer() async -> Result<(value: String, storedAt: Date?), Failure> {
            let number = asked.withLock { count in
                count += 1
                return count
            }
            await calls.hold()
            return answers[min(number, answers.count) - 1].map { ($0, nil) }
        }
    }

    private let keptAt = Date(timeIntervalSince1970: 1_764_065_100)
    private var shown: [String] = []
    private var published = 0

    private func start(_ loader: ContentLoader<String, Failure>, server: Server, kept: String?) {
        let keptAt = keptAt
        loader.start(kept: { kept.map { ($0, keptAt) } }, obtain: { await server.answer() },
                     show: { [weak self] in self?.shown.append($0) }, publish: { [weak self] in self?.published += 1 })
    }

    func testTheKeptListShowsAtOnceThenTheAnswerThenAReloadsError() async {
        let work = WorkTracker(), loader = ContentLoader<String, Failure>(work: work)
        loader.kept.wait = { _ in await Task.yield() }
        let server = Server([.success("fresh"), .failure(Failure())])
        start(loader, server: server, kept: "kept")
        XCTAssertEqual(published, 1, "loading, at once")
        await server.calls.waitUntilStarted(1)
        await waitUntil("the kept list is shown") { !self.shown.isEmpty }
        XCTAssertEqual(shown, ["kept"], "the kept list while the server is asked")
        guard case .reloading("kept") = loader.content else { return XCTFail("\(loader.content)") }
        XCTAssertEqual(loader.kept.storedAt, keptAt)
        XCTAssertTrue(loader.kept.isUpdating)

        server.calls.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(shown, ["kept", "fresh"])
        guard case .loaded("fresh") = loader.content else { return XCTFail("\(loader.content)") }
        XCTAssertNil(loader.kept.storedAt, "the server's answer is current")

        loader.reload()
        guard case .reloading("fresh") = loader.content else { return XCTFail("a reload keeps what is shown: \(loader.content)") }
        server.calls.release(2)
        await work.waitUntilIdle()
        guard case .failed(Failure()) = loader.content else { return XCTFail("the error is said: \(loader.content)") }
        XCTAssertEqual(shown, ["kept", "fresh"], "the kept list is asked for on the first load only")
    }

    func testAnAnswerBeforeTheKeptListIsNeverCoveredByIt() async {
        let work = WorkTracker(), loader = ContentLoader<String, Failure>(work: work)
        let server = Server([.failure(Failure())])
        server.calls.release(1)
        let gate = HeldOpenCalls()
        let keptAt = keptAt
        loader.start(kept: { await gate.hold(); return ("kept", keptAt) }, obtain: { await server.answer() },
                     show: { [weak self] in self?.shown.append($0) }, publish: { [weak self] in self?.published += 1 })
        await waitUntil("the server's error is shown") { loader.content.isFailed }
        gate.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(shown, [], "the server's error came first: the kept list does not hide it")
        XCTAssertTrue(loader.content.isFailed)
    }

    /// A screen whose reload shows its loading state (check24's pull-to-refresh) gets it, then the answer.
    func testAReloadCanShowTheLoadingState() async {
        let work = WorkTracker(), loader = ContentLoader<String, Failure>(work: work, reloadShowsLoading: true)
        let server = Server([.success("first"), .success("second")])
        server.calls.release(1)
        server.calls.release(2)
        start(loader, server: server, kept: nil)
        await work.waitUntilIdle()
        loader.reload()
        guard case .loading = loader.content else { return XCTFail("\(loader.content)") }
        await work.waitUntilIdle()
        guard case .loaded("second") = loader.content else { return XCTFail("\(loader.content)") }
    }

    func testARetryWinsOverTheLoadBeforeIt() async {
        let work = WorkTracker(), loader = ContentLoader<String, Failure>(work: work)
        let server = Server([.success("first"), .success("second")])
        start(loader, server: server, kept: nil)
        await server.calls.waitUntilStarted(1)
        loader.reload()
        await server.calls.waitUntilStarted(2)
        server.calls.release(2)
        server.calls.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(shown.last, "second", "the latest load's answer is the one shown")
        XCTAssertFalse(shown.contains("first"), "the load before it is never applied")
    }

    /// A refresh (the source changed: a search typed) changes nothing on screen until its answer, and
    /// an answer that is an error reaches the presenter's hook before it is published.
    func testARefreshPublishesOnlyItsAnswerAndAFailureReachesTheHook() async {
        let work = WorkTracker(), loader = ContentLoader<String, Failure>(work: work)
        let server = Server([.success("first"), .success("second"), .failure(Failure())])
        var failures: [(Failure, Int)] = []
        loader.start(kept: { nil }, obtain: { await server.answer() }, show: { [weak self] in self?.shown.append($0) },
                     failed: { [weak self] in failures.append(($0, self?.published ?? -1)) }, publish: { [weak self] in self?.published += 1 })
        server.calls.release(1)
        await work.waitUntilIdle()
        let before = published
        loader.refresh()
        XCTAssertEqual(published, before, "nothing published while the answer is on its way")
        guard case .reloading("first") = loader.content else { return XCTFail("\(loader.content)") }
        server.calls.release(2)
        await work.waitUntilIdle()
        XCTAssertEqual(shown, ["first", "second"])
        loader.refresh()
        server.calls.release(3)
        await work.waitUntilIdle()
        XCTAssertEqual(failures.map(\.0), [Failure()])
        XCTAssertEqual(failures.first?.1, published - 1, "the hook runs before the failed state is published")
    }

    /// A screen that goes away stops its load: the answer that comes later is never shown.
    func testACancelledLoadIsNeverShown() async {
        let work = WorkTracker(), loader = ContentLoader<String, Failure>(work: work)
        let server = Server([.success("late")])
        start(loader, server: server, kept: nil)
        await server.calls.waitUntilStarted(1)
        loader.cancel()
        server.calls.release(1)
        await work.waitUntilIdle()
        XCTAssertEqual(shown, [], "the answer after the cancel is not shown")
        guard case .loading = loader.content else { return XCTFail("\(loader.content)") }
    }
}

private extension Loadable {
    var isFailed: Bool {
        if case .failed = self { return true }
        return false
    }
}
