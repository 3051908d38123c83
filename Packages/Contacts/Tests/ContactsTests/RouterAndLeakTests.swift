import ContactsTesting
import ImageKitTesting
import Navigation
import NavigationTesting
import SystemActionsTesting
import TerminalKit
import TerminalUI
import XCTest
@testable import Contacts
import ContactsCore

@MainActor
final class RouterTests: XCTestCase {
    private let dependencies = ContactsModule.Dependencies(service: InMemoryContactsService(), images: FakeImageLoader(),
                                                           opener: UnimplementedURLOpener())

    func testTheListOpensTheDetailAndTheAddForm() async {
        let navigator = RecordingNavigator()
        let router = ContactListRouter(host: navigator, dependencies: dependencies)
        let output = RecordingDetailOutput()
        router.openDetail(of: ContactsFixtures.people[1].summary, output: output)
        router.openAddForm(output: output)
        XCTAssertEqual(navigator.calls, [.push, .push])
        XCTAssertTrue(navigator.shownScreens[0] is ModuleScreen<ContactDetailView>)
        XCTAssertEqual((navigator.shownScreens[1] as? ModuleScreen<ContactFormView>)?.viewModel.title, "New Contact")
    }

    func testTheDetailOpensTheEditFormAsksBeforeDeletingAndCloses() async {
        let navigator = RecordingNavigator()
        let router = ContactDetailRouter(host: navigator, dependencies: dependencies)
        let output = RecordingDetailOutput()
        router.openEditForm(of: ContactsFixtures.people[0], output: output)
        let form = navigator.shownScreens.first as? ModuleScreen<ContactFormView>
        XCTAssertEqual(form?.viewModel.title, "Edit Contact")
        XCTAssertEqual(form?.viewModel.form.fields.first?.text, "Amitabh")
        router.openDeleteConfirmation(name: "Amitabh Bachchan", output: DialogOutput())
        let dialog = navigator.shownScreens.last as? ConfirmDialog
        XCTAssertEqual(dialog?.message, "Delete Amitabh Bachchan? This cannot be undone.")
        XCTAssertEqual(dialog?.id, ContactDetailRouter.deleteDialogID)
        router.closeDetail()
        XCTAssertEqual(navigator.calls, [.push, .present, .pop])
    }

    func testTheFormAsksBeforeDiscardingAndCloses() async {
        let navigator = RecordingNavigator()
        let router = ContactFormRouter(host: navigator)
        router.openDiscardConfirmation(output: DialogOutput())
        XCTAssertEqual((navigator.shownScreens.first as? ConfirmDialog)?.confirmTitle, "Discard")
        router.closeForm()
        XCTAssertEqual(navigator.calls, [.present, .pop])
    }
}

@MainActor
private final class DialogOutput: ConfirmDialogOutput {
    func confirmDialog(_ id: String, didFinish confirmed: Bool) {}
}

@MainActor
final class LeakTests: XCTestCase {
    /// Every screen of the feature, with its presenter, goes away with the host's stack.
    func testTheWholeStackIsReleased() async throws {
        var host: HeadlessHost? = HeadlessHost(size: Size(columns: 80, rows: 24))
        let dependencies = ContactsModule.Dependencies(service: InMemoryContactsService(), images: FakeImageLoader(), opener: RecordingURLOpener())
        _ = await host?.run(root: ContactsModule.make(dependencies: dependencies, host: host!.controller),
                            keys: try KeySpec.parse("enter e A d"))
        weak let form = host?.controller.topScreen as? ModuleScreen<ContactFormView>
        weak let formPresenter = form?.output as? ContactFormPresenter
        XCTAssertNotNil(formPresenter)
        host = nil
        XCTAssertNil(form)
        XCTAssertNil(formPresenter)
    }

    func testEachModuleIsReleasedWithItsScreen() async {
        let navigator = RecordingNavigator()
        let dependencies = ContactsModule.Dependencies(service: InMemoryContactsService(), images: FakeImageLoader(),
                                                       opener: UnimplementedURLOpener())
        let output = RecordingDetailOutput()
        var screens: [any Screen] = [
            ContactsModule.make(dependencies: dependencies, host: navigator),
            ContactsModule.makeDetail(contact: ContactsFixtures.people[0].summary, output: output, dependencies: dependencies, host: navigator),
            ContactsModule.makeForm(mode: .edit(ContactsFixtures.people[0]), output: output, dependencies: dependencies, host: navigator),
        ]
        for screen in screens {
            screen.screenDidAppear()
            _ = screen.render(in: RenderContext(size: Size(columns: 80, rows: 24), colorMode: .none))
        }
        await navigator.work.waitUntilIdle()
        weak let list = (screens[0] as? ModuleScreen<ContactListView>)?.output as? ContactListPresenter
        weak let detail = (screens[1] as? ModuleScreen<ContactDetailView>)?.output as? ContactDetailPresenter
        weak let form = (screens[2] as? ModuleScreen<ContactFormView>)?.output as? ContactFormPresenter
        XCTAssertNotNil(list)
        XCTAssertNotNil(detail)
        XCTAssertNotNil(form)
        screens = []
        XCTAssertNil(list)
        XCTAssertNil(detail)
        XCTAssertNil(form)
    }
}
