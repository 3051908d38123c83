import ImageKitTesting
import Navigation
import NavigationTesting
import XCTest
import ProductGridTesting
@testable import ProductGrid

@MainActor
final class LeakTests: XCTestCase {
    func testGridModuleIsReleasedWithItsScreen() async {
        let navigator = RecordingNavigator()
        var screen: (any Screen)? = ProductGridModule.make(dependencies: .init(products: FakeProductService(), images: FakeImageLoader()), host: navigator)
        screen?.screenDidAppear()
        await navigator.work.waitUntilIdle()
        weak let weakView: ModuleScreen<ProductListView>?
        // The interactor is a value holding the dependencies: nothing of its own to release.
        weak let weakPresenter: ProductListPresenter?
        do {
            let view = screen as? ModuleScreen<ProductListView>
            weakView = view
            weakPresenter = view?.output as? ProductListPresenter
        }
        XCTAssertNotNil(weakPresenter)
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
    }

    func testDetailModuleIsReleasedWhenPopped() async {
        let navigator = RecordingNavigator()
        var screen: (any Screen)? = ProductGridModule.makeDetail(product: ProductFixtures.apples,
            dependencies: .init(products: FakeProductService(), images: FakeImageLoader()), host: navigator)
        screen?.screenDidAppear()
        await navigator.work.waitUntilIdle()
        weak let weakView = screen as? ModuleScreen<ProductDetailView>
        weak let weakPresenter = (screen as? ModuleScreen<ProductDetailView>)?.output as? ProductDetailPresenter
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
    }
}
