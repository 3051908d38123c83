import ImageKitTesting
import Navigation
import NavigationTesting
import ResourceDirectoryTesting
import SystemActionsTesting
import WebBrowser
import WebBrowserTesting
import XCTest
@testable import ResourceDirectory

@MainActor
final class RouterTests: XCTestCase {
    private let dependencies = ResourceDirectoryModule.Dependencies(
        service: FakeResourceDirectoryService(), images: FakeImageLoader(), pages: UnimplementedWebPageLoader(),
        opener: UnimplementedURLOpener())

    func testTheCategoriesOpenTheResourcesOfTheChosenCategory() async {
        let navigator = RecordingNavigator()
        CategoriesRouter(host: navigator, dependencies: dependencies).openResources(of: ResourceDirectoryFixtures.vacationSpots)
        XCTAssertEqual(navigator.calls, [.push])
        XCTAssertTrue(navigator.shownScreens.first is ModuleScreen<ResourceListView>)
        XCTAssertEqual((navigator.shownScreens.first as? ModuleScreen<ResourceListView>)?.viewModel.title, "Vacation Spots")
    }

    func testTheListOpensTheDetailsOfTheChosenResource() async {
        let navigator = RecordingNavigator()
        ResourceListRouter(host: navigator, dependencies: dependencies)
            .openDetail(of: ResourceListInteractor.entry(ResourceDirectoryFixtures.resource("Zócalo")))
        XCTAssertEqual(navigator.calls, [.push])
        XCTAssertEqual((navigator.shownScreens.first as? ModuleScreen<ResourceDetailView>)?.viewModel.title, "Zócalo")
    }

    func testTheDetailsOpenTheComposeScreenAndTheSharedBrowser() async {
        let navigator = RecordingNavigator()
        let router = ResourceDetailRouter(host: navigator, dependencies: dependencies)
        let output = RecordingComposeOutput()
        router.openCompose(draft: EmailDraft(to: "a@b.example"), output: output)
        router.openWebsite(URL(string: "https://pizza.example")!, output: RecordingWebBrowserOutput())
        XCTAssertEqual(navigator.calls, [.push, .push])
        let compose = navigator.shownScreens[0] as? ModuleScreen<ComposeEmailView>
        XCTAssertEqual(compose?.viewModel.fields["to"]?.text, "a@b.example")
        XCTAssertTrue((compose?.output as? ComposeEmailPresenter)?.output === output)
        XCTAssertEqual(navigator.shownScreens[1].keyHelp, WebBrowserModule.keys(), "the shared in-app browser, no private copy")
    }

    func testComposeAsksWithADialogAndClosesByPopping() async {
        let navigator = RecordingNavigator()
        let router = ComposeEmailRouter(host: navigator)
        final class Answers: ConfirmDialogOutput {
            var answers: [Bool] = []
            func confirmDialog(_ id: String, didFinish confirmed: Bool) { answers.append(confirmed) }
        }
        let answers = Answers()
        router.openDiscardConfirmation(id: "discard-email", output: answers)
        router.closeCompose()
        XCTAssertEqual(navigator.calls, [.present, .pop])
        let dialog = navigator.shownScreens.first as? ConfirmDialog
        XCTAssertEqual(dialog?.message, "Discard this email?")
        XCTAssertEqual(dialog?.confirmTitle, "Discard")
        XCTAssertEqual(dialog?.cancelTitle, "Keep editing")
    }
}
