import ImageKitTesting
import Navigation
import NavigationTesting
import ResourceDirectoryTesting
import SystemActionsTesting
import TerminalKit
import TerminalUI
import WebBrowserTesting
import XCTest
@testable import ResourceDirectory

@MainActor
final class LeakTests: XCTestCase {
    /// Every screen of the feature, with its presenter, goes away with the host's stack.
    func testEveryScreenIsReleasedWhenTheStackIs() async throws {
        let resources = ResourceList(resources: [Resource(id: "e", title: "Éclair", contact: ResourceContact(emails: ["a@b.example"]))])
        var host: HeadlessHost? = HeadlessHost(size: Size(columns: 80, rows: 24))
        let dependencies = ResourceDirectoryModule.Dependencies(
            service: FakeResourceDirectoryService(resources: ["restaurants.json": .success(resources)]), images: FakeImageLoader(),
            pages: UnimplementedWebPageLoader(), opener: RecordingURLOpener())
        _ = await host?.run(root: ResourceDirectoryModule.make(dependencies: dependencies, host: host!.controller),
                            keys: try KeySpec.parse("enter enter tab enter H i"))
        weak let compose = host?.controller.topScreen as? ModuleScreen<ComposeEmailView>
        weak let composePresenter = compose?.output as? ComposeEmailPresenter
        XCTAssertNotNil(composePresenter)
        host = nil
        XCTAssertNil(compose)
        XCTAssertNil(composePresenter)
    }

    func testEachModuleIsReleasedWithItsScreen() async {
        let navigator = RecordingNavigator()
        let dependencies = ResourceDirectoryModule.Dependencies(service: FakeResourceDirectoryService(), images: FakeImageLoader(),
                                                                pages: UnimplementedWebPageLoader(), opener: UnimplementedURLOpener())
        var screens: [any Screen] = [
            ResourceDirectoryModule.make(dependencies: dependencies, host: navigator),
            ResourceDirectoryModule.makeResourceList(category: ResourceDirectoryFixtures.restaurants, dependencies: dependencies, host: navigator),
            ResourceDirectoryModule.makeDetail(entry: ResourceListInteractor.entry(ResourceDetailPresenterTests.full), dependencies: dependencies,
                                               host: navigator),
            ResourceDirectoryModule.makeCompose(draft: EmailDraft(to: "a@b.example"), output: RecordingComposeOutput(),
                                                dependencies: dependencies, host: navigator),
        ]
        for screen in screens {
            screen.screenDidAppear()
            _ = screen.render(in: RenderContext(size: Size(columns: 80, rows: 24), colorMode: .none))
        }
        await navigator.work.waitUntilIdle()
        weak let categories = (screens[0] as? ModuleScreen<CategoriesView>)?.output as? CategoriesPresenter
        weak let list = (screens[1] as? ModuleScreen<ResourceListView>)?.output as? ResourceListPresenter
        weak let detail = (screens[2] as? ModuleScreen<ResourceDetailView>)?.output as? ResourceDetailPresenter
        weak let compose = (screens[3] as? ModuleScreen<ComposeEmailView>)?.output as? ComposeEmailPresenter
        XCTAssertNotNil(categories)
        XCTAssertNotNil(list)
        XCTAssertNotNil(detail)
        XCTAssertNotNil(compose)
        screens = []
        XCTAssertNil(categories)
        XCTAssertNil(list)
        XCTAssertNil(detail)
        XCTAssertNil(compose)
    }
}
