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

/// The whole feature through the host as the app runs it (`--plain --keys`), on fakes.
@MainActor
final class FeatureTests: XCTestCase {
    private func run(_ keys: String, opener: RecordingURLOpener = RecordingURLOpener(),
                     service: FakeResourceDirectoryService = FakeResourceDirectoryService(),
                     size: Size = Size(columns: 80, rows: 30)) async throws -> (String, HeadlessHost) {
        let host = HeadlessHost(size: size)
        let dependencies = ResourceDirectoryModule.Dependencies(
            service: service, images: FakeImageLoader(),
            pages: FakeWebPageLoader([URL(string: "https://pizza.example")!: "<h1>Pizza</h1><p>Our menu</p>"]), opener: opener)
        let frame = await host.run(root: ResourceDirectoryModule.make(dependencies: dependencies, host: host.controller),
                                   keys: try KeySpec.parse(keys))
        return (PlainTextEncoder.encode(frame), host)
    }

    /// The row drawn selected (`▌`).
    private func selectedRow(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init) ?? ""
    }

    func testOpenACategorySortTwiceOpenADetailWriteAndSendAnEmail() async throws {
        let resources = ResourceList(resources: [
            ResourceDirectoryFixtures.resource("bagel corner"),
            Resource(id: "e", title: "Éclair", contact: ResourceContact(phoneNumbers: ["514 555 0100"], emails: ["bonjour@eclair.example"])),
            ResourceDirectoryFixtures.resource("Zócalo"),
        ])
        let opener = RecordingURLOpener()
        let service = FakeResourceDirectoryService(resources: ["restaurants.json": .success(resources)])
        let (sorted, _) = try await run("enter s s", service: service)
        XCTAssertTrue(sorted.contains("order: Z–A"), sorted)
        XCTAssertTrue(selectedRow(sorted).contains("Zócalo"), sorted)
        let (screen, _) = try await run("enter s s down enter tab tab tab enter H i tab M e r c i ctrl-s", opener: opener, service: service)
        XCTAssertEqual(opener.actions.map(\.description), ["mailto:bonjour@eclair.example?subject=Hi&body=Merci"])
        XCTAssertTrue(screen.contains("Your email went to the mail app:\n mailto:bonjour@eclair.example?subject=Hi&body=Merci"), screen)
        XCTAssertTrue(screen.contains("Éclair"), "back on the details")
    }

    func testCancellingADraftAsksAndKeepEditingKeepsTheText() async throws {
        let resources = ResourceList(resources: [Resource(id: "e", title: "Éclair", contact: ResourceContact(emails: ["bonjour@eclair.example"]))])
        let service = FakeResourceDirectoryService(resources: ["restaurants.json": .success(resources)])
        let (asking, _) = try await run("enter enter tab enter H i esc", service: service)
        XCTAssertTrue(asking.contains("Discard this email?"), asking)
        let (kept, _) = try await run("enter enter tab enter H i esc n", service: service)
        XCTAssertTrue(kept.contains("Hi"), kept)
        XCTAssertTrue(kept.contains("New email"), kept)
        let (discarded, _) = try await run("enter enter tab enter H i esc y", service: service)
        XCTAssertFalse(discarded.contains("New email"), discarded)
        XCTAssertTrue(discarded.contains("CONTACT INFORMATION"), discarded)
    }

    func testAWebsiteOpensInTheSharedBrowserAndEscReturns() async throws {
        let resources = ResourceList(resources: [Resource(id: "p", title: "Pizza", contact: ResourceContact(websites: ["https://pizza.example"]))])
        let service = FakeResourceDirectoryService(resources: ["restaurants.json": .success(resources)])
        let (page, _) = try await run("enter enter tab enter", service: service)
        XCTAssertTrue(page.contains("Our menu"), page)
        let (back, _) = try await run("enter enter tab enter esc", service: service)
        XCTAssertTrue(back.contains("WEBSITE"), back)
    }

    func testTypingFiltersAndQIsTextWhileFiltering() async throws {
        let (screen, _) = try await run("enter / q")
        XCTAssertTrue(screen.contains("/ q"), screen)
        XCTAssertTrue(screen.contains("No title matches “q”."), screen)
        let (kept, _) = try await run("enter / z o c enter")
        XCTAssertTrue(kept.contains("Restaurants (1 of 5)"), kept)
        XCTAssertTrue(selectedRow(kept).contains("Zócalo"), kept)
        XCTAssertTrue(kept.contains("/ zoc"), kept)
    }

    func testAtTheDetailsEscGoesBackToTheListWithTheSelectionKept() async throws {
        let (screen, _) = try await run("enter down down enter esc")
        XCTAssertTrue(selectedRow(screen).contains("Zócalo"), screen)
    }
}
