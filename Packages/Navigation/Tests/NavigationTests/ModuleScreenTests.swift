import Navigation
import TerminalKit
import TerminalUI
import XCTest

/// The one screen class: it hosts a module's view value, connects the presenter both ways (the
/// presenter displays on it, weakly; it tells the presenter, strongly) and asks the view for
/// everything else.
@MainActor
final class ModuleScreenTests: XCTestCase {
    @MainActor
    private protocol CounterOutput: AnyObject {
        func didLoad()
        func didPressPlus()
    }

    private struct CounterView: ModuleView {
        typealias Output = any CounterOutput
        static let keys = [KeyHelp("+", "count one more")]
        static func didAppear(_ output: Output) { output.didLoad() }
        static func capturesText(_ viewModel: Int) -> Bool { viewModel > 2 }
        func render(_ viewModel: Int, in context: RenderContext) -> Frame {
            var frame = Frame(size: context.size)
            frame.put("count \(viewModel)", at: Point(column: 0, row: 0))
            return frame
        }
        func handle(_ event: InputEvent, viewModel: Int, output: Output, in context: RenderContext) -> Bool {
            guard event == .key(.character("+")) else { return false }
            output.didPressPlus()
            return true
        }
    }

    private final class CounterPresenter: CounterOutput, ModulePresenting {
        weak var view: (any ModuleViewInput<Int>)?
        var count = 0
        var loaded = false
        var viewModel: Int { count }
        func didLoad() { loaded = true; publish() }
        func didPressPlus() { count += 1; publish() }
    }

    func testTheScreenConnectsThePresenterAndAsksTheViewForTheRest() async {
        var presenter: CounterPresenter? = CounterPresenter()
        weak let weakPresenter = presenter
        var screen: ModuleScreen<CounterView>? = ModuleScreen<CounterView>(presenting: presenter!, as: presenter!)
        presenter = nil
        XCTAssertNotNil(weakPresenter, "the screen holds its presenter")
        let context = RenderContext(size: Size(columns: 10, rows: 1))
        screen?.screenDidAppear()
        XCTAssertEqual(weakPresenter?.loaded, true)
        XCTAssertTrue(screen?.handle(.key(.character("+")), in: context) == true)
        XCTAssertFalse(screen?.handle(.key(.character("-")), in: context) == true, "a key the view does not take")
        XCTAssertEqual(screen?.viewModel, 1, "the presenter displays on the screen it was connected to")
        XCTAssertEqual(PlainTextEncoder.encode(screen!.render(in: context)), "count 1")
        XCTAssertEqual(screen?.keyHelp, CounterView.keys)
        XCTAssertEqual(screen?.capturesText, false)
        screen = nil
        XCTAssertNil(weakPresenter, "the presenter holds its screen weakly: both go")
    }
}
