import ImageKitTesting
import Navigation
import NavigationTesting
import NumbersTesting
import TerminalUI
import XCTest
@testable import Numbers

@MainActor
final class LeakTests: XCTestCase {
    func testTheModuleAndItsDetailsAreReleasedWithTheScreen() async {
        let host = RecordingNavigator()
        var screen: (any Screen)? = NumbersModule.make(dependencies: .init(service: FakeNumbersService(), images: FakeImageLoader()), host: host)
        let wide = RenderContext(size: Size(columns: 120, rows: 30), colorMode: .none)
        _ = screen?.render(in: wide)
        screen?.screenDidAppear()
        await host.work.waitUntilIdle()
        weak let weakSplit = screen as? SplitScreen
        weak let weakList = (screen as? SplitScreen)?.master as? ModuleScreen<NumbersListView>
        weak let weakPresenter = weakList?.output as? NumbersListPresenter
        weak let weakDetail = (screen as? SplitScreen)?.detail as? ModuleScreen<NumberDetailView>
        weak let weakDetailPresenter = weakDetail?.output as? NumberDetailPresenter
        XCTAssertNotNil(weakPresenter)
        XCTAssertNotNil(weakDetailPresenter)
        screen = nil
        XCTAssertNil(weakSplit)
        XCTAssertNil(weakList)
        XCTAssertNil(weakPresenter)
        XCTAssertNil(weakDetail)
        XCTAssertNil(weakDetailPresenter)
    }
}
