import XCTest
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI

@MainActor
final class NavigationControllerTests: XCTestCase {
    private let context = RenderContext(size: Size(columns: 40, rows: 10), colorMode: .none)

    func testPushShowsNewTopAndEscPopsBackToRoot() async {
        let controller = NavigationController()
        let root = StubScreen(title: "root"), detail = StubScreen(title: "detail")
        controller.setRoot(root)
        controller.push(detail)
        XCTAssertTrue(controller.topScreen === detail)
        XCTAssertEqual(detail.appearances, 1)
        XCTAssertEqual(controller.dispatch(.key(.escape), in: context), .none)
        XCTAssertTrue(controller.topScreen === root)
        // Esc on the root stays on the root.
        XCTAssertEqual(controller.dispatch(.key(.backspace), in: context), .none)
        XCTAssertTrue(controller.topScreen === root)
    }

    func testScreenThatConsumesEscIsNotPopped() async {
        let controller = NavigationController()
        controller.setRoot(StubScreen(title: "root"))
        let detail = StubScreen(title: "detail") { $0 == .key(.escape) }
        controller.push(detail)
        _ = controller.dispatch(.key(.escape), in: context)
        XCTAssertTrue(controller.topScreen === detail)
        XCTAssertEqual(detail.received, [.key(.escape)])
    }

    func testQuitKeysAndTextCapture() async {
        let controller = NavigationController()
        let root = StubScreen(title: "root")
        controller.setRoot(root)
        XCTAssertEqual(controller.dispatch(.key(.ctrl("c")), in: context), .interrupt)
        XCTAssertEqual(controller.dispatch(.key(.ctrl("z")), in: context), .suspend)
        XCTAssertEqual(controller.dispatch(.key(.character("q")), in: context), .quit)
        root.capturesText = true
        XCTAssertEqual(controller.dispatch(.key(.character("q")), in: context), .none)
    }

    func testModalIsOnTopUntilDismissedByEsc() async {
        let controller = NavigationController()
        let root = StubScreen(title: "root"), modal = StubScreen(title: "modal")
        controller.setRoot(root)
        controller.present(modal)
        XCTAssertTrue(controller.topScreen === modal)
        XCTAssertEqual(controller.render(in: context).text.split(separator: "\n").first, "modal")
        _ = controller.dispatch(.key(.escape), in: context)
        XCTAssertTrue(controller.topScreen === root)
    }

    func testQuestionMarkShowsKeysAndAnyKeyClosesThem() async {
        let controller = NavigationController()
        controller.setRoot(StubScreen(title: "root"))
        _ = controller.dispatch(.key(.character("?")), in: context)
        let overlay = controller.render(in: context)
        let shown = overlay.text
        XCTAssertTrue(shown.contains("stub action"), shown)
        let focus = try? XCTUnwrap(overlay.cursor, "the overlay has the focus")
        XCTAssertTrue(shown.split(separator: "\n", omittingEmptySubsequences: false)[focus?.row ?? 0].dropFirst(focus?.column ?? 0).hasPrefix("Keys"),
                      "on the overlay's title\n\(shown)")
        XCTAssertTrue(shown.contains("quit"), shown)
        _ = controller.dispatch(.key(.down), in: context)
        XCTAssertFalse(controller.render(in: context).text.contains("stub action"))
    }

    /// Keys wider than the overlay's key column get a line of their own, whole: the overlay never cuts a key off.
    func testLongKeysAreShownWholeOnALineOfTheirOwn() async {
        let controller = NavigationController()
        controller.setRoot(StubScreen(title: "root", keys: [ListInput.moveBinding().help, KeyHelp("r", "reload")]))
        _ = controller.dispatch(.key(.character("?")), in: RenderContext(size: Size(columns: 60, rows: 14), colorMode: .none))
        let shown = controller.render(in: RenderContext(size: Size(columns: 60, rows: 14), colorMode: .none)).text
        XCTAssertTrue(shown.contains("↑↓ jk pgup/pgdn/space home/end wheel"), shown)
        XCTAssertFalse(shown.contains("…"), shown)
        XCTAssertTrue(shown.contains("move the selection"), shown)
    }

    /// A feature speaking German gets the overlay's title and global keys, and the key bar's ending, in German.
    func testTheHostsOwnWordsFollowTheFeaturesLanguage() async {
        let controller = NavigationController()
        controller.texts = .german
        controller.setRoot(StubScreen(title: "root"))
        _ = controller.dispatch(.key(.character("?")), in: RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none))
        let shown = controller.render(in: RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none)).text
        XCTAssertTrue(shown.contains("─ Tasten ─") && shown.contains("beenden") && shown.contains("anhalten"), shown)
        XCTAssertFalse(shown.contains("quit") || shown.contains("Keys"), shown)
        XCTAssertEqual([KeyHelp("f", "merken", bar: "f merken")].keyBar(.german), "f merken  ? Tasten  q beenden")
        XCTAssertEqual([KeyHelp("f", "keep", bar: "f keep")].keyBar, "f keep  ? keys  q quit")
        XCTAssertEqual(NavigationController.globalKeyHelp, NavigationTexts.english.globalKeys)
        XCTAssertEqual(NavigationTexts.german.globalKeys.map(\.keys), NavigationTexts.english.globalKeys.map(\.keys),
                       "the same keys in every language; only what they do is translated")
    }

    /// The host's keys are its bindings: a key the screen leaves acts (back, the overlay, suspend, quit)
    /// exactly when the overlay's "everywhere" lines name it; ctrl-c quit unsaid until these were bindings.
    func testTheHostActsOnExactlyTheKeysItsHelpSays() async {
        let context = RenderContext(size: Size(columns: 60, rows: 12), colorMode: .none)
        for texts in [NavigationTexts.english, .german] {
            XCTAssertEqual(texts.globalBindings.flatMap(\.unnamedKeys), [])
            XCTAssertEqual(texts.globalBindings.sharedKeys, [])
            for key in everyKey {
                let controller = NavigationController()
                controller.texts = texts
                controller.setRoot(StubScreen(title: "root"))
                controller.push(StubScreen(title: "detail"))
                let action = controller.dispatch(.key(key), in: context)
                let acted = action != .none || controller.stack.count != 2 || controller.isShowingHelp
                XCTAssertEqual(acted, texts.globalBindings.match(key), KeyBinding.name(of: key))
            }
        }
    }

    func testRouterStyleQuitFromAScreen() async {
        let controller = NavigationController()
        let root = StubScreen(title: "root")
        root.consumes = { [weak controller] _ in controller?.quit(); return true }
        controller.setRoot(root)
        XCTAssertEqual(controller.dispatch(.key(.enter), in: context), .quit)
    }
}

@MainActor
final class WorkTrackerTests: XCTestCase {
    func testWaitUntilIdleReturnsAfterEveryJobFinished() async {
        let tracker = WorkTracker()
        var changes = 0
        tracker.observeChanges { changes += 1 }
        var finished: [Int] = []
        // The second job waits for the test, which lets it go only once it has started: it ends after
        // suspending, later than the first, whatever the clock.
        let held = HeldOpenCalls()
        tracker.run { await Task.yield(); finished.append(1) }
        tracker.run { await held.hold(); finished.append(2) }
        XCTAssertEqual(tracker.pendingCount, 2)
        Task { await held.waitUntilStarted(1); held.release(1) }
        await tracker.waitUntilIdle()
        XCTAssertEqual(finished.sorted(), [1, 2])
        XCTAssertTrue(tracker.isIdle)
        XCTAssertEqual(changes, 4, "two starts and two finishes")
    }

    func testWaitUntilIdleWhenAlreadyIdleReturnsImmediately() async {
        let tracker = WorkTracker()
        await tracker.waitUntilIdle()
        XCTAssertTrue(tracker.isIdle)
    }
}

@MainActor
final class HeadlessHostTests: XCTestCase {
    /// A screen that loads asynchronously and counts down on `down`: each job waits for `jobs` to let
    /// it go (the test lets each go once it has started), so it ends only after the host has waited.
    final class LoadingScreen: Screen {
        weak var host: (any ScreenHost)?
        var text = "loading"
        var downs = 0
        let jobs = HeldOpenCalls()
        /// - Parameter jobCount: the jobs the test lets go (the load, then one per `down`).
        init(jobCount: Int) {
            Task { [jobs] in
                for job in 1...jobCount {
                    await jobs.waitUntilStarted(job)
                    jobs.release(job)
                }
            }
        }
        func render(in context: RenderContext) -> Frame {
            var frame = Frame(size: context.size)
            frame.put("\(text) \(downs)", at: Point(column: 0, row: 0))
            return frame
        }
        func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
            guard event == .key(.down) else { return false }
            host?.work.run { [weak self, jobs] in
                await jobs.hold()
                self?.downs += 1
            }
            return true
        }
        func screenDidAppear() {
            host?.work.run { [weak self, jobs] in
                await jobs.hold()
                self?.text = "loaded"
            }
        }
    }

    func testWaitsForLoadingAndForEachKey() async {
        let host = HeadlessHost(size: Size(columns: 20, rows: 2))
        let screen = LoadingScreen(jobCount: 3)
        screen.host = host.controller
        let frame = await host.run(root: screen, keys: [[.key(.down)], [.key(.down)]])
        XCTAssertEqual(frame.text, "loaded 2\n")
    }

    func testQuitKeyEndsTheWalkWithTheFrameShownThen() async {
        let host = HeadlessHost(size: Size(columns: 20, rows: 1))
        let screen = LoadingScreen(jobCount: 1)
        screen.host = host.controller
        let frame = await host.run(root: screen, keys: [[.key(.character("q"))], [.key(.down)]])
        XCTAssertEqual(frame.text, "loaded 0")
    }
}

/// A question is asked over the screen it is about (dimmed, still readable), and its key bar says
/// that `y` confirms; it used to blank the whole screen and its key bar.
@MainActor
final class ConfirmOverlayTests: XCTestCase {
    private final class Output: ConfirmDialogOutput {
        var answers: [Bool] = []
        func confirmDialog(_ id: String, didFinish confirmed: Bool) { answers.append(confirmed) }
    }

    func testTheQuestionIsDrawnOverTheDimmedScreenWithItsKeys() async {
        let controller = NavigationController(), output = Output()
        controller.setRoot(StubScreen(title: "Zed Quinn +62 812 3456 7890"))
        controller.present(ConfirmDialog(id: "delete", message: "Delete Zed Quinn?", confirmTitle: "Delete",
                                         output: output, navigator: controller))
        let context = RenderContext(size: Size(columns: 60, rows: 12), colorMode: .trueColor)
        let frame = controller.render(in: context)
        let text = frame.text
        XCTAssertTrue(text.hasPrefix("Zed Quinn +62"), "the screen below stays:\n\(text)")
        XCTAssertTrue(frame[0, 0].style.dim, "dimmed")
        XCTAssertTrue(text.contains("Delete Zed Quinn?"), text)
        let bar = text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init) ?? ""
        XCTAssertTrue(bar.contains("y Delete") && bar.contains("n/esc Cancel"), bar)
        XCTAssertFalse(bar.contains("q quit"), "q is no key of a question: \(bar)")
        _ = controller.dispatch(.key(.character("y")), in: context)
        XCTAssertEqual(output.answers, [true])
        XCTAssertNil(controller.modal)
    }
}

/// The `?` overlay lists only keys that work: on the first screen there is nothing to go back to.
@MainActor
final class HelpOverlayTests: XCTestCase {
    func testEscBackIsListedOnlyWhereThereIsSomewhereToGoBack() async {
        let controller = NavigationController()
        let context = RenderContext(size: Size(columns: 60, rows: 14), colorMode: .none)
        controller.setRoot(StubScreen(title: "root"))
        _ = controller.dispatch(.key(.character("?")), in: context)
        XCTAssertFalse(controller.render(in: context).text.contains("esc/backspace"), controller.render(in: context).text)
        _ = controller.dispatch(.key(.character("x")), in: context) // closes the overlay
        controller.push(StubScreen(title: "detail"))
        _ = controller.dispatch(.key(.character("?")), in: context)
        XCTAssertTrue(controller.render(in: context).text.contains("esc/backspace"), controller.render(in: context).text)
    }
}
