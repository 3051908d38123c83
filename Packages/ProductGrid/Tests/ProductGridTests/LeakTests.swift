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
        weak let weakView: ProductListView?
        weak let weakPresenter: ProductListPresenter?
        weak let weakInteractor: ProductListInteractor?
        do {
            let view = screen as? ProductListView
            weakView = view
            weakPresenter = view?.output as? ProductListPresenter
            weakInteractor = weakPresenter?.interactor
        }
        XCTAssertNotNil(weakPresenter)
        XCTAssertNotNil(weakInteractor)
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
        XCTAssertNil(weakInteractor)
    }

    func testDetailModuleIsReleasedWhenPopped() async {
        let navigator = RecordingNavigator()
        var screen: (any Screen)? = ProductGridModule.makeDetail(product: ProductFixtures.apples,
            dependencies: .init(products: FakeProductService(), images: FakeImageLoader()), host: navigator)
        screen?.screenDidAppear()
        await navigator.work.waitUntilIdle()
        weak let weakView = screen as? ProductDetailView
        weak let weakPresenter = (screen as? ProductDetailView)?.output as? ProductDetailPresenter
        screen = nil
        XCTAssertNil(weakView)
        XCTAssertNil(weakPresenter)
    }
}
