import Foundation
import TerminalKit
import XCTest
@testable import AppsCLIKit

final class CommandLineParserTests: XCTestCase {
    func testBareHelpAndVersion() throws {
        XCTAssertEqual(try CommandLineParser.parse([]), .overview)
        XCTAssertEqual(try CommandLineParser.parse(["--help"]), .overview)
        XCTAssertEqual(try CommandLineParser.parse(["-h"]), .overview)
        XCTAssertEqual(try CommandLineParser.parse(["--version"]), .version)
    }

    func testEveryOptionInBothSpellings() throws {
        let command = try CommandLineParser.parse([
            "product-grid", "--base-url", "http://127.0.0.1:8080/api", "--data-dir=/tmp/x", "--plain",
            "--size", "120x40", "--keys", "down enter esc", "--timeout=2.5",
        ])
        guard case .launch(let feature, let options) = command else { return XCTFail("\(command)") }
        XCTAssertEqual(feature, "product-grid")
        XCTAssertEqual(options.baseURL?.absoluteString, "http://127.0.0.1:8080/api")
        XCTAssertEqual(options.dataDirectory?.path, "/tmp/x")
        XCTAssertTrue(options.plain)
        XCTAssertEqual(options.size, TerminalSize(columns: 120, rows: 40))
        XCTAssertEqual(options.keys, [[.key(.down)], [.key(.enter)], [.key(.escape)]])
        XCTAssertEqual(options.timeout, 2.5)
    }

    func testUsageErrorsNameTheProblem() {
        let cases: [([String], String)] = [
            (["--frobnicate"], "unknown option '--frobnicate'"),
            (["product-grid", "--nope"], "unknown option '--nope'"),
            (["product-grid", "--size", "80"], "--size needs COLSxROWS"),
            (["product-grid", "--size", "5x5"], "--size needs COLSxROWS"),
            (["product-grid", "--timeout", "-1"], "--timeout needs a number"),
            (["product-grid", "--timeout"], "--timeout needs a value"),
            (["product-grid", "--base-url", "ftp://x"], "--base-url needs an http(s) URL"),
            (["product-grid", "--base-url", "not a url"], "--base-url needs an http(s) URL"),
            (["product-grid", "--keys", "down sideways"], "--keys:"),
            (["check24", "--fail-every", "x"], "--fail-every needs a whole number"),
        ]
        for (arguments, expected) in cases {
            do {
                _ = try CommandLineParser.parse(arguments)
                XCTFail("\(arguments) should fail")
            } catch {
                XCTAssertTrue(error.message.contains(expected), "\(arguments): \(error.message)")
            }
        }
    }

    func testFeatureCatalogListsAllFiveAndOnlyBuiltOnesCanStart() {
        XCTAssertEqual(FeatureCatalog.all.map(\.name), ["check24", "product-grid", "resource-directory", "numbers", "contacts"])
        XCTAssertNotNil(FeatureCatalog.feature(named: "product-grid")?.make)
        XCTAssertNil(FeatureCatalog.feature(named: "contacts")?.make)
    }

    func testDataAndCacheDirectoriesFollowXDGUnlessDataDirIsGiven() {
        var launch = LaunchEnvironment(options: LaunchOptions(), environment: ["XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/c", "HOME": "/h"])
        XCTAssertEqual(launch.dataDirectory.path, "/d/apps-cli")
        XCTAssertEqual(launch.cacheDirectory.path, "/c/apps-cli")
        launch.environment = ["HOME": "/h"]
        XCTAssertEqual(launch.dataDirectory.path, "/h/.local/share/apps-cli")
        XCTAssertEqual(launch.cacheDirectory.path, "/h/.cache/apps-cli")
        launch.options.dataDirectory = URL(fileURLWithPath: "/x")
        XCTAssertEqual(launch.dataDirectory.path, "/x")
        XCTAssertEqual(launch.cacheDirectory.path, "/x/cache")
    }
}
