import Foundation
import HTTPClientTesting
import TerminalUITesting
import XCTest

/// `apps-cli resource-directory` as a process: the bundled demo through `--plain --keys`, with a stub
/// `xdg-open` first on `PATH` that records the argument vector it was started with.
final class ResourceDirectoryPlainTests: XCTestCase {
    /// A directory with an executable `xdg-open` that writes each of its arguments, NUL-terminated, to `argv`.
    private struct StubOpener {
        let directory: URL
        var record: URL { directory.appendingPathComponent("argv") }

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("xdg-open-stub-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let script = directory.appendingPathComponent("xdg-open")
            // One line per start: each argument NUL-terminated (a link never holds a line break).
            try "#!/bin/sh\n{ printf '%s\\0' \"$@\"; printf '\\n'; } >> \"$(dirname \"$0\")/argv\"\n"
                .write(to: script, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        }

        /// The argument vectors of every start, in order.
        var calls: [[String]] {
            guard let data = try? Data(contentsOf: record) else { return [] }
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
                line.split(separator: "\0", omittingEmptySubsequences: false).dropLast().map(String.init)
            }
        }

        var environment: [String: String] {
            ["PATH": directory.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"), "DISPLAY": ":99"]
        }
    }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> AppsCLIProcess.Result {
        try AppsCLIProcess.run(["resource-directory", "--data-dir", NSTemporaryDirectory() + "apps-cli-rd-\(UUID().uuidString)"] + arguments,
                               environment: environment)
    }

    private func selectedRow(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.hasPrefix("▌") }.map(String.init) ?? ""
    }

    func testTheCategoriesAndTheResourcesAt80And120Columns() throws {
        let categories = try run(["--plain", "--size", "80x12"])
        XCTAssertEqual(categories.status, 0, categories.stderr)
        XCTAssertEqual(categories.stderr, "")
        assertTextSnapshot(categories.stdout, named: "resource-directory-80x12")
        let resources = try run(["--keys", "enter", "--size", "120x30"])
        assertTextSnapshot(resources.stdout, named: "resource-directory-restaurants-120x30")
        XCTAssertTrue(resources.stdout.contains("Restaurants (14)"), resources.stdout)
    }

    /// The issue's walk: open a category, sort twice, open a detail, tab to the email, compose, send.
    /// `/` on the categories: typing filters them, enter keeps the filter, and enter opens the row left.
    func testSlashFiltersTheCategoriesAndTheRowLeftOpens() throws {
        let filtered = try run(["--keys", "/ S P O T", "--size", "80x12"])
        XCTAssertEqual(filtered.status, 0, filtered.stderr)
        XCTAssertTrue(filtered.stdout.contains("Resource Directory (1 of 2)"), filtered.stdout)
        XCTAssertTrue(filtered.stdout.contains("Vacation Spots") && !filtered.stdout.contains("Restaurants"), filtered.stdout)
        let opened = try run(["--keys", "/ s p o t enter enter", "--size", "80x12"])
        XCTAssertTrue(opened.stdout.contains("Vacation Spots ("), "the filtered row's category opened:\n\(opened.stdout)")
    }

    func testSortTwiceOpenADetailAndSendAnEmailThroughTheDesktopOpener() throws {
        let stub = try StubOpener()
        let sorted = try run(["--keys", "enter s", "--size", "80x24"], environment: stub.environment)
        XCTAssertTrue(sorted.stdout.contains("order: A–Z"), sorted.stdout)
        XCTAssertTrue(selectedRow(sorted.stdout).contains("Agnès Brasserie"), sorted.stdout)
        let rows = sorted.stdout.split(separator: "\n")
        XCTAssertLessThan(rows.firstIndex { $0.contains("Ångström Sushi") } ?? 99, rows.firstIndex { $0.contains("bagel corner") } ?? 0,
                          "Å sorts with A, lowercase b after it")
        let twice = try run(["--keys", "enter s s", "--size", "80x24"], environment: stub.environment)
        XCTAssertTrue(twice.stdout.contains("order: Z–A"), twice.stdout)
        XCTAssertTrue(selectedRow(twice.stdout).contains("Zócalo Taquería"), twice.stdout)
        // Zócalo: phone (message, call), toll-free (message, call), fax, email: the fifth action is the email.
        let sent = try run(["--keys", "enter s s enter tab tab tab tab tab enter T a b l e space f o r space 2 tab H i ! ctrl-s",
                            "--size", "80x24"], environment: stub.environment)
        XCTAssertEqual(sent.status, 0, sent.stderr)
        XCTAssertEqual(stub.calls, [["mailto:hello@zocalo-taqueria.example?subject=Table%20for%202&body=Hi%21"]],
                       "one argument, the mailto link built from the fields")
        XCTAssertTrue(sent.stdout.contains("Your email went to the mail app:"), sent.stdout)
        XCTAssertTrue(sent.stdout.contains("Zócalo Taquería"), "back on the details: \(sent.stdout)")
    }

    func testCallingAndMappingHandOneArgumentEach() throws {
        let stub = try StubOpener()
        // Zócalo (first in Z–A): phone (message, call), toll-free (message, call), email, then its address (gps parses).
        let result = try run(["--keys", "enter s s enter tab tab enter tab tab tab tab enter", "--size", "80x24"],
                             environment: stub.environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(stub.calls, [["tel:15149666006"], ["geo:46.72,-73.92"]])
        XCTAssertTrue(result.stdout.contains("Opened geo:46.72,-73.92 in the maps app."), result.stdout)
    }

    func testWithoutADisplayTheScreenSaysSoAndShowsTheLink() throws {
        let stub = try StubOpener()
        var environment = stub.environment
        environment["DISPLAY"] = ""
        environment["WAYLAND_DISPLAY"] = ""
        let result = try run(["--keys", "enter s s enter tab tab enter", "--size", "80x24"], environment: environment)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(stub.calls, [], "nothing is started without a desktop")
        XCTAssertTrue(result.stdout.contains("tel:15149666006"), result.stdout)
        XCTAssertTrue(result.stdout.contains("No desktop opener") || result.stdout.contains("no DISPLAY"), result.stdout)
    }

    func testAWebsiteOpensInTheInAppBrowser() throws {
        // Yuzu Garden (second in Z–A): phone (message, call), email, website: the fourth action.
        let result = try run(["--keys", "enter s s down enter tab tab tab tab enter", "--size", "80x24"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Walk-ins welcome."), result.stdout)
    }

    /// A live server whose data tries to reach a shell or pass an option: nothing is started, the screen says why.
    func testHostileValuesFromALiveServerNeverReachTheOpener() throws {
        let stub = try StubOpener()
        let categories = #"[{"_id":"1","eid":"c1","slug":"restaurants","title":"Restaurants"}]"#
        let resources = #"""
        [{"_id":"r1","title":"Evil \u001b]52;c;aGk=\u0007Diner","contactInfo":{"phoneNumber":["-x; $(reboot)"],
          "website":["javascript:alert(1)"],"email":["`id`@evil.example"]}}]
        """#
        let server = try LocalHTTPServer(routes: [
            .init(path: "/data/categories.json", body: Data(categories.utf8)),
            .init(path: "/data/restaurants.json", body: Data(resources.utf8)),
        ])
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let call = try run(["--base-url", base, "--keys", "enter enter tab tab enter", "--size", "80x24"], environment: stub.environment)
        XCTAssertEqual(call.status, 0, call.stderr)
        XCTAssertTrue(call.stdout.contains("cannot be opened"), call.stdout)
        XCTAssertFalse(call.stdout.contains("\u{1B}"), "no escape sequence from the data reaches the screen")
        let website = try run(["--base-url", base, "--keys", "enter enter tab tab tab tab enter", "--size", "80x24"], environment: stub.environment)
        XCTAssertTrue(website.stdout.contains("“javascript:” links are not allowed"), website.stdout)
        XCTAssertEqual(stub.calls, [], "neither the call nor the website reached xdg-open")
        // Backticks are legal in an address (RFC 5322 atext): it goes, percent-encoded, as one argument and no shell.
        let email = try run(["--base-url", base, "--keys", "enter enter tab tab tab enter ctrl-s", "--size", "80x24"], environment: stub.environment)
        XCTAssertEqual(email.status, 0, email.stderr)
        XCTAssertEqual(stub.calls, [["mailto:%60id%60@evil.example"]])
        let option = try run(["--base-url", base, "--keys", "enter enter tab tab tab enter backtab ctrl-u - x space - - h e l p ctrl-s",
                              "--size", "80x24"], environment: stub.environment)
        XCTAssertTrue(option.stdout.contains("Enter one email address"), option.stdout)
        XCTAssertEqual(stub.calls.count, 1, "an address typed as an option is rejected before any start")
    }
}
