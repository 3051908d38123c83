import Foundation
import HTTPClientTesting
import TerminalUITesting
import XCTest

/// `apps-cli check24` in `--plain`: the bundled demo, favorites in a data directory, the error
/// view every third request, and a live server.
final class Check24PlainTests: XCTestCase {
    private var dataDirectory = ""

    override func setUpWithError() throws {
        dataDirectory = NSTemporaryDirectory() + "apps-cli-check24-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private func run(_ arguments: [String]) throws -> AppsCLIProcess.Result {
        try AppsCLIProcess.run(["check24", "--data-dir", dataDirectory] + arguments)
    }

    func testOverviewAt80x24() throws {
        let result = try run(["--plain"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        XCTAssertFalse(result.stdout.contains("\u{1b}"), "no ANSI in --plain")
        assertTextSnapshot(result.stdout, named: "check24-80x24")
    }

    /// `/` within a tab: Verfügbar, then "sq" typed (letters are text, not keys): only the available
    /// squares are left, counted against the tab, and the filter's words are German.
    func testSlashFiltersWithinTheTab() throws {
        let result = try run(["--keys", "right / s q", "--size", "80x30"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("[ Verfügbar ]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("/ sq"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Red Square") && result.stdout.contains("Blue Square"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Triangle") || result.stdout.contains("Circle"), "only the squares:\n\(result.stdout)")
        XCTAssertTrue(result.stdout.contains("2 von 7"), result.stdout)
        XCTAssertTrue(result.stdout.contains("tippen filtert"), "the typing keys, in German:\n\(result.stdout)")
        let nothing = try run(["--keys", "/ z z z enter", "--size", "80x30"])
        XCTAssertTrue(nothing.stdout.contains("Kein Produkt passt zu „zzz“."), nothing.stdout)
        XCTAssertTrue(nothing.stdout.contains("© 2016 Check24"), "the footer stays")
    }

    func testHelpListsTheKeysAndFailEvery() throws {
        let result = try AppsCLIProcess.run(["check24", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.contains("Vormerken / Vergessen"))
        XCTAssertTrue(result.stdout.contains("--fail-every N"))
    }

    func testFavoriteInTheDetailsShowsUnderVorgemerktAndPersistsAcrossRuns() throws {
        let favorite = try run(["--keys", "enter f esc right right", "--size", "100x30"])
        XCTAssertEqual(favorite.status, 0, favorite.stderr)
        XCTAssertTrue(favorite.stdout.contains("[ Vorgemerkt ]"), favorite.stdout)
        XCTAssertTrue(favorite.stdout.contains("♥ Yellow Triangle"), favorite.stdout)
        XCTAssertFalse(favorite.stdout.contains("Blue Circle"), "only favorites are listed")
        let nextRun = try run(["--keys", "left", "--size", "100x30"])
        XCTAssertTrue(nextRun.stdout.contains("♥ Yellow Triangle"), "favorites persist in --data-dir:\n\(nextRun.stdout)")
    }

    func testDetailsShowEverythingAndTheVormerkenButton() throws {
        let result = try run(["--keys", "enter", "--size", "80x40"])
        XCTAssertEqual(result.status, 0, result.stderr)
        for expected in ["Yellow Triangle", "225,91 €", "★★☆☆☆", "Erscheinungsdatum: 14.04.2016", "Farbe: Yellow (#FFF9C4)",
                         "[ Vormerken ]", "© 2016 Check24"] {
            XCTAssertTrue(result.stdout.contains(expected), "\(expected) in:\n\(result.stdout)")
        }
    }

    func testEveryThirdLoadIsTheErrorViewWithNeuladenAndFailEveryZeroNever() throws {
        let third = try run(["--keys", "r r"])
        XCTAssertTrue(third.stdout.contains("[ Neuladen ]"), third.stdout)
        XCTAssertTrue(third.stdout.contains("503"), third.stdout)
        let recovered = try run(["--keys", "r r enter"])
        XCTAssertTrue(recovered.stdout.contains("Yellow Triangle"), "Neuladen loads again:\n\(recovered.stdout)")
        let never = try run(["--keys", "r r", "--fail-every", "0"])
        XCTAssertFalse(never.stdout.contains("[ Neuladen ]"), never.stdout)
    }

    func testFooterOpensTheLegalPageAndALinkCanBeFollowed() throws {
        let legal = try run(["--keys", "end enter", "--size", "100x40"])
        XCTAssertTrue(legal.stdout.contains("Rechtliche Hinweise — http://m.check24.de/rechtliche-hinweise?deviceoutput=app"), legal.stdout)
        XCTAssertFalse(legal.stdout.contains("console.log"), "scripts are not shown")
        let followed = try run(["--keys", "end enter tab enter", "--size", "100x40"])
        XCTAssertTrue(followed.stdout.contains("Datenschutz — http://m.check24.de/datenschutz?deviceoutput=app"), followed.stdout)
    }

    func testLiveServerWithMalformedProductIsDegradedNotSunk() throws {
        let catalog = #"{"header":{"headerTitle":"Live","headerDescription":"From the server"},"filters":["Alle","Verfügbar","Vorgemerkt"],"products":[{"name":"Live Circle","id":1,"available":true,"rating":4,"price":{"value":9.5,"currency":"EUR"},"description":"\u001b]52;c;aGk=\u0007 sneaky"},{"id":2,"name":"Broken"}]}"#
        let server = try LocalHTTPServer(routes: [.init(path: "/products-test.json", body: Data(catalog.utf8))])
        defer { server.stop() }
        let result = try run(["--base-url", server.baseURL.absoluteString, "--fail-every", "0"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Live Circle"), result.stdout)
        XCTAssertTrue(result.stdout.contains("9,50 €"))
        XCTAssertTrue(result.stdout.contains("1 Produkt konnte nicht gelesen werden"), result.stdout)
        XCTAssertFalse(result.stdout.contains("\u{1b}"), "escape sequences from data never reach the terminal")
        XCTAssertFalse(result.stdout.contains("\u{07}"))
    }

    /// press: without release shows the touched row; release on the same row opens the product.
    func testPressShowsATouchedRowAndReleaseOpensIt() throws {
        let touched = try run(["--plain", "--fail-every", "0", "--keys", "press:30,8"])
        XCTAssertEqual(touched.status, 0, touched.stderr)
        XCTAssertTrue(touched.stdout.contains("► ") && touched.stdout.contains("Yellow Triangle"), touched.stdout)
        let opened = try run(["--plain", "--fail-every", "0", "--keys", "press:30,8 release:31,9"])
        XCTAssertTrue(opened.stdout.contains("[ Vormerken ]"), "the details opened:\n\(opened.stdout)")
        let cancelled = try run(["--plain", "--fail-every", "0", "--keys", "press:30,8 release:30,3"])
        XCTAssertFalse(cancelled.stdout.contains("►"), cancelled.stdout)
        XCTAssertFalse(cancelled.stdout.contains("[ Vormerken ]"), cancelled.stdout)
    }
}
