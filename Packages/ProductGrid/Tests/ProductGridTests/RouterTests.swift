import ImageKitTesting
import Navigation
import NavigationTesting
import XCTest
import ProductGridTesting
@testable import ProductGrid

@MainActor
final class RouterTests: XCTestCase {
    func testOpenDetailPushesTheDetailScreenOfThatProduct() async {
        let navigator = RecordingNavigator()
        let router = ProductListRouter(host: navigator, dependencies: .init(products: FakeProductService(), images: FakeImageLoader()))
        router.openDetail(for: ProductFixtures.pork)
        XCTAssertEqual(navigator.calls, [.push])
        let detail = navigator.shownScreens.first as? ModuleScreen<ProductDetailView>
        XCTAssertEqual(detail?.viewModel.name, "Pork")
    }

    func testCloseDetailPops() async {
        let navigator = RecordingNavigator()
        ProductDetailRouter(host: navigator).closeDetail()
        XCTAssertEqual(navigator.calls, [.pop])
    }

    func testRouterDoesNotKeepTheHostAlive() async {
        var navigator: RecordingNavigator? = RecordingNavigator()
        weak let weakNavigator = navigator
        let router = ProductDetailRouter(host: navigator!)
        navigator = nil
        XCTAssertNil(weakNavigator)
        router.closeDetail() // harmless once the host is gone
    }
}
