import Foundation
import HTTPClient
import ImageKitTesting
import Navigation
import NavigationTesting
import NumbersTesting
import TerminalKit
import TerminalUI
import XCTest
@testable import Numbers

@MainActor
final class RouterTests: XCTestCase {
    private let dependencies = NumbersModule.Dependencies(service: FakeNumbersService(), images: FakeImageLoader())

    func testSelectionsReplaceTheDetailAndOpeningTheShownItemReusesIt() async {
        let host = RecordingNavigator()
        let split = RecordingSplitNavigator()
        let router = NumbersListRouter(host: host, dependencies: dependencies)
        router.navigator = split
        router.showDetail(of: NumbersFixtures.one)
        router.openDetail(of: NumbersFixtures.one)
        router.openDetail(of: NumbersFixtures.two)
        XCTAssertEqual(split.calls, [.replace, .show, .show])
        XCTAssertTrue(split.details[0] === split.details[1], "the detail already shown is opened, not loaded again")
        XCTAssertFalse(split.details[1] === split.details[2])
    }
}

/// The required use case, through the real module and split: resizing is rotation and keeps the state.
@MainActor
final class RotationTests: XCTestCase {
    private let compact = RenderContext(size: Size(columns: 60, rows: 30), colorMode: .none)
    private let regular = RenderContext(size: Size(columns: 120, rows: 30), colorMode: .none)

    private func text(_ screen: any Screen, _ context: RenderContext) -> String {
        PlainTextEncoder.encode(screen.render(in: context))
    }

    private func selectedRowName(_ screen: any Screen, _ context: RenderContext) -> String? {
        // The master's part of the line (left of the divider), its last word: the name beside the picture.
        text(screen, context).split(separator: "\n").first { $0.hasPrefix("▌") }
            .flatMap { $0.split(separator: "│").first?.split(separator: " ").last.map(String.init) }
    }

    func testStartCompactOpenNWidenNarrowAndEsc() async throws {
        let host = RecordingNavigator()
        let service = FakeNumbersService()
        let split = NumbersModule.make(dependencies: .init(service: service, images: FakeImageLoader()), host: host)
        _ = split.render(in: compact)
        split.screenDidAppear()
        await host.work.waitUntilIdle()
        XCTAssertEqual(service.detailRequests, [], "narrow: the first item is selected, its detail waits off screen")
        // Open the third number (10,000 is the fourth): down, down, enter.
        for key in [Key.down, .down, .enter] { _ = split.handle(.key(key), in: compact) }
        await host.work.waitUntilIdle()
        var shown = text(split, compact)
        XCTAssertTrue(shown.contains("Reading of 3"), "the detail of 3 full screen:\n\(shown)")
        XCTAssertFalse(shown.contains("Numbers (4)"))
        // Widen: the split, with 3 selected in the master and shown in the detail.
        _ = split.render(in: regular)
        await host.work.waitUntilIdle()
        shown = text(split, regular)
        XCTAssertTrue(shown.contains("Numbers (4)") && shown.contains("Reading of 3"), shown)
        XCTAssertTrue(shown.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.contains(" 3 ") }, "3 is selected:\n\(shown)")
        // Narrow again: the detail of 3 alone; esc: the master with 3 selected.
        shown = text(split, compact)
        XCTAssertTrue(shown.contains("Reading of 3") && !shown.contains("Numbers (4)"), shown)
        XCTAssertTrue(split.handle(.key(.escape), in: compact))
        XCTAssertEqual(selectedRowName(split, compact), "3")
        XCTAssertEqual(service.detailRequests, ["3"], "one request for 3 through all of it")
    }

    func testStartWideTheFirstItemIsShownAndMovingTheSelectionFollows() async {
        let host = RecordingNavigator()
        let split = NumbersModule.make(dependencies: .init(service: FakeNumbersService(), images: FakeImageLoader()), host: host)
        _ = split.render(in: regular)
        split.screenDidAppear()
        await host.work.waitUntilIdle()
        _ = split.render(in: regular)
        await host.work.waitUntilIdle()
        XCTAssertTrue(text(split, regular).contains("Reading of 1"), text(split, regular))
        _ = split.handle(.key(.down), in: regular)
        _ = split.render(in: regular)
        await host.work.waitUntilIdle()
        let shown = text(split, regular)
        XCTAssertTrue(shown.contains("Reading of 2"), shown)
        XCTAssertEqual(selectedRowName(split, regular), "2")
        // Narrowing when the user opened nothing (the detail only followed the selection) shows the
        // list, with 2 still selected; opened with enter, then narrowed, it shows the detail alone.
        XCTAssertFalse(text(split, compact).contains("Reading of 2"), text(split, compact))
        XCTAssertEqual(selectedRowName(split, compact), "2")
        _ = split.render(in: regular)
        _ = split.handle(.key(.enter), in: regular)
        XCTAssertTrue(text(split, compact).contains("Reading of 2"), text(split, compact))
        _ = split.handle(.key(.escape), in: compact)
        XCTAssertEqual(selectedRowName(split, compact), "2")
    }
}

/// The width classes at the feature's level, and the touch pattern across the split's panes.
@MainActor
final class SplitBehaviourTests: XCTestCase {
    private func started(at context: RenderContext) async -> (any Screen, RecordingNavigator) {
        let host = RecordingNavigator()
        let split = NumbersModule.make(dependencies: .init(service: FakeNumbersService(), images: FakeImageLoader()), host: host)
        _ = split.render(in: context)
        split.screenDidAppear()
        await host.work.waitUntilIdle()
        _ = split.render(in: context)
        await host.work.waitUntilIdle()
        return (split, host)
    }

    func testNinetyNineColumnsShowTheListAloneAndAHundredShowBoth() async {
        let at99 = RenderContext(size: Size(columns: 99, rows: 30), colorMode: .none)
        let at100 = RenderContext(size: Size(columns: 100, rows: 30), colorMode: .none)
        let (split, host) = await started(at: at99)
        var shown = PlainTextEncoder.encode(split.render(in: at99))
        XCTAssertTrue(shown.contains("Numbers (4)") && !shown.contains("Reading of 1") && !shown.contains("│"), shown)
        _ = split.render(in: at100)
        await host.work.waitUntilIdle()
        shown = PlainTextEncoder.encode(split.render(in: at100))
        XCTAssertTrue(shown.contains("Numbers (4)") && shown.contains("Reading of 1") && shown.contains("│"), shown)
    }

    /// A press on a list row marks it touched; released over the detail pane it is cancelled (neither
    /// left touched nor chosen); pressed and released on the row, it is selected and shown.
    func testAPressReleasedOverTheOtherPaneLeavesNoRowTouched() async {
        let wide = RenderContext(size: Size(columns: 120, rows: 30), colorMode: .trueColor)
        let (split, host) = await started(at: wide)
        let lines = PlainTextEncoder.encode(split.render(in: wide)).split(separator: "\n", omittingEmptySubsequences: false)
        guard let row = lines.firstIndex(where: { $0.split(separator: "│").first?.hasSuffix(" 2") == true || $0.split(separator: "│").first?.contains(" 2 ") == true }) else {
            return XCTFail("no row of 2:\n\(lines.joined(separator: "\n"))")
        }
        let untouched = split.render(in: wide)[10, row].style
        XCTAssertTrue(split.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 10, row: row)), in: wide))
        XCTAssertNotEqual(split.render(in: wide)[10, row].style, untouched, "pressed: the row is touched")
        _ = split.handle(.mouse(MouseEvent(kind: .release, column: 100, row: row)), in: wide)
        XCTAssertEqual(split.render(in: wide)[10, row].style, untouched, "released over the detail: no longer touched")
        await host.work.waitUntilIdle()
        XCTAssertTrue(PlainTextEncoder.encode(split.render(in: wide)).contains("Reading of 1"), "nothing was chosen")
        _ = split.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 10, row: row)), in: wide)
        _ = split.handle(.mouse(MouseEvent(kind: .release, column: 10, row: row)), in: wide)
        _ = split.render(in: wide)
        await host.work.waitUntilIdle()
        XCTAssertTrue(PlainTextEncoder.encode(split.render(in: wide)).contains("Reading of 2"))
    }
}

/// Details that are replaced or fail: retried when chosen again, and their requests stopped when gone.
@MainActor
final class DetailLifecycleTests: XCTestCase {
    func testChoosingAFailedDetailAgainBuildsAFreshOneThatRetries() async {
        let host = RecordingNavigator()
        let split = RecordingSplitNavigator()
        let service = FakeNumbersService(details: ["1": .failure(FakeNumberNotFound(name: "1"))])
        let router = NumbersListRouter(host: host, dependencies: .init(service: service, images: FakeImageLoader()))
        router.navigator = split
        router.showDetail(of: NumbersFixtures.one)
        split.details[0].screenDidAppear()
        await host.work.waitUntilIdle()
        XCTAssertEqual((split.details[0] as? ModuleScreen<NumberDetailView>)?.viewModel.hasFailed, true)
        router.openDetail(of: NumbersFixtures.one)
        XCTAssertFalse(split.details[0] === split.details[1], "a failed detail is not reused: enter retries it")
        split.details[1].screenDidAppear()
        await host.work.waitUntilIdle()
        XCTAssertEqual(service.detailRequests, ["1", "1"])
    }

    /// A detail that goes away (another selection, the whole screen) stops its request.
    func testRequestsOfDetailsThatAreGoneAreCancelled() async {
        struct NeverAnswers: NumbersService {
            func fetchCatalog() async throws -> Fetched<NumbersCatalog> { Fetched(NumbersFixtures.catalog()) }
            func fetchDetail(name: String) async throws -> Fetched<NumberDetail> {
                try await Task.sleep(for: .seconds(60)) // ends early only when cancelled
                return Fetched(NumbersFixtures.detail(of: NumbersFixtures.one))
            }
            func checkConnectivity() async -> Connectivity { .reachable }
        }
        let host = RecordingNavigator()
        let wide = RenderContext(size: Size(columns: 120, rows: 30), colorMode: .none)
        var screen: (any Screen)? = NumbersModule.make(dependencies: .init(service: NeverAnswers(), images: FakeImageLoader()), host: host)
        _ = screen?.render(in: wide)
        screen?.screenDidAppear()
        await waitUntil("the list, and the first detail's request running") {
            guard let screen else { return false }
            return PlainTextEncoder.encode(screen.render(in: wide)).contains("Numbers (4)") && host.work.pendingCount == 1
        }
        for _ in 0..<3 {
            _ = screen?.handle(.key(.down), in: wide)
            _ = screen?.render(in: wide)
        }
        await waitUntil("only the shown detail's request is left") { host.work.pendingCount == 1 }
        screen = nil
        await waitUntil("nothing left running", timeout: .seconds(5)) { host.work.isIdle }
    }
}
