import FeatureKit
import Navigation
import NavigationTesting
import TerminalUI
import XCTest

/// A descriptor is what the command line and a feature's demo read: its words, and a first screen
/// built from the dependencies it is given.
@MainActor
final class FeatureDescriptorTests: XCTestCase {
    func testTheDescriptorBuildsTheFirstScreenFromItsDependencies() async {
        let every = FeatureOption("--every", "N", value: .count(words: "a whole number", examples: ["1"]), english: "every Nth", german: "jede N-te")
        XCTAssertEqual(every.term, "--every N", "as --help lists it")
        let descriptor = FeatureDescriptor<String>(
            name: "probe", summary: "a probe", localizedSummary: "eine Sonde", keys: [KeyHelpSection("List", [KeyHelp("x", "stub action")])],
            options: [every], texts: .german, make: { title, _ in StubScreen(title: title) })
        XCTAssertEqual(descriptor.name, "probe")
        XCTAssertEqual(descriptor.localizedSummary, "eine Sonde")
        XCTAssertEqual(descriptor.keys.first?.keys.map(\.keys), ["x"])
        XCTAssertEqual(descriptor.options, [every])
        XCTAssertEqual(descriptor.texts, .german)
        let host = HeadlessHost(size: Size(columns: 20, rows: 2))
        let frame = await host.run(root: descriptor.make("first screen", host.controller), keys: [])
        XCTAssertEqual(frame.text, "first screen\n", "built from the dependencies given")
    }
}
