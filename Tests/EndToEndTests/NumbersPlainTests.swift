import Foundation
import HTTPClientTesting
import TerminalUITesting
import XCTest

/// `apps-cli numbers` in `--plain`: the bundled demo at the two size classes, the touch pattern,
/// a server that is not there, and a live server.
final class NumbersPlainTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> AppsCLIProcess.Result {
        try AppsCLIProcess.run(["numbers", "--data-dir", NSTemporaryDirectory() + "apps-cli-numbers-\(UUID().uuidString)"] + arguments)
    }

    /// Wide (the landscape tablet): list and detail side by side, the first number selected and shown.
    func testWideShowsTheListAndTheFirstNumber() throws {
        let result = try run(["--plain", "--size", "120x30"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        assertTextSnapshot(result.stdout, named: "numbers-120x30")
        XCTAssertTrue(result.stdout.contains("Ichi"), result.stdout)
    }

    /// Narrow: the list alone; enter opens the selected number full screen; esc returns with it selected.
    func testNarrowOpensTheNumberFullScreenAndEscReturns() throws {
        let opened = try run(["--keys", "down down enter", "--size", "60x30"])
        XCTAssertEqual(opened.status, 0, opened.stderr)
        assertTextSnapshot(opened.stdout, named: "numbers-60x30-opened")
        XCTAssertTrue(opened.stdout.contains("San") && !opened.stdout.contains("Numbers (52)"), opened.stdout)
        let back = try run(["--keys", "down down enter esc", "--size", "60x30"])
        XCTAssertTrue(back.stdout.contains("Numbers (52)"), back.stdout)
        XCTAssertTrue(back.stdout.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.hasSuffix(" 3") }, back.stdout)
    }

    /// press: marks the row touched (►); release: on it selects (▌) and opens it.
    func testPressShowsATouchedRowAndReleaseSelectsIt() throws {
        // The list starts at line 3 (row 2 zero-based), rows are 3 lines: line 7 (1-based) is the second row.
        let touched = try run(["--keys", "press:5,7", "--size", "60x30"])
        XCTAssertTrue(touched.stdout.split(separator: "\n").contains { $0.hasPrefix("►") && $0.hasSuffix(" 2") }, touched.stdout)
        XCTAssertTrue(touched.stdout.split(separator: "\n").contains { $0.hasPrefix("▌") && $0.hasSuffix(" 1") }, "1 stays selected")
        let released = try run(["--keys", "press:5,7 release:5,7", "--size", "120x30"])
        let selectedLine = released.stdout.split(separator: "\n").first { $0.hasPrefix("▌") }
        XCTAssertEqual(selectedLine.map { $0.split(separator: "│")[0].trimmingCharacters(in: .whitespaces).hasSuffix(" 2") }, true,
                       released.stdout)
        XCTAssertTrue(released.stdout.contains("Ni"), released.stdout)
    }

    func testNoServerSaysNoConnectionAndOffersRetry() throws {
        let server = try LocalHTTPServer(routes: [])
        let base = server.baseURL
        server.stop() // nothing listens there any more
        let result = try run(["--plain", "--size", "60x20", "--timeout", "3", "--base-url", base.absoluteString])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("No connection to 127.0.0.1"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Retry"), result.stdout)
    }

    func testALiveServerWithHostileNamesAndANumericName() throws {
        let list = #"[{"name":"1","image":"http://127.0.0.1:9/x.png"},{"name":"\u001b[31mred","image":""},{"name":7}]"#
        let server = try LocalHTTPServer(routes: [
            .init(method: "HEAD", path: "/json.php", body: Data()),
            .init(path: "/json.php", body: Data(list.utf8)),
            .init(path: "/json.php?name=1", body: Data(#"{"name":1,"text":"Ichi"}"#.utf8)),
        ])
        defer { server.stop() }
        let result = try run(["--plain", "--size", "120x30", "--base-url", server.baseURL.absoluteString])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("\u{1b}"), "network text never reaches the terminal raw")
        XCTAssertTrue(result.stdout.contains("Numbers (3)") && result.stdout.contains("Ichi"), result.stdout)
    }

    /// Content never waits behind pictures: pictures on a server that never answers hold `--plain`
    /// back for the picture grace (3 s), not until their timeout (30 s here), and the detail's text is there.
    func testContentDoesNotWaitForPicturesThatNeverArrive() throws {
        let pictures = try LocalHTTPServer(routes: [.init(path: "/never.png", delay: 50)])
        defer { pictures.stop() }
        let picture = pictures.baseURL.appendingPathComponent("never.png").absoluteString
        let list = #"[{"name":"1","image":"\#(picture)"},{"name":"2","image":"\#(picture)"}]"#
        let server = try LocalHTTPServer(routes: [
            .init(method: "HEAD", path: "/json.php", body: Data()),
            .init(path: "/json.php", body: Data(list.utf8)),
            .init(path: "/json.php?name=1", body: Data(#"{"name":"1","text":"Ichi","image":"\#(picture)"}"#.utf8)),
        ])
        defer { server.stop() }
        let started = Date()
        let result = try run(["--plain", "--size", "120x30", "--timeout", "30", "--base-url", server.baseURL.absoluteString])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Numbers (2)") && result.stdout.contains("Ichi"), result.stdout)
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "--plain waited for the pictures' timeout")
    }
}
