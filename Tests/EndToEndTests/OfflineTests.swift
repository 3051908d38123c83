import Foundation
import HTTPClientTesting
import XCTest

/// Issue 26's first step, as a user sees it: the product grid keeps the server's last good catalog
/// in `--data-dir`, asks only whether it changed on the next launch, and shows it with an offline
/// notice when the server is gone.
final class OfflineTests: XCTestCase {
    func testTheProductGridShowsItsKeptCatalogWhenTheServerIsGone() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let catalog = #"{"products":[{"product_id":"1","name":"Apples","price":120,"image":""},{"product_id":"2","name":"Pears","price":99,"image":""}]}"#
        let server = try LocalHTTPServer(routes: [
            .init(path: "/cart/list", body: Data(catalog.utf8), headers: ["ETag": "\"catalog-1\""], times: 1),
            .init(path: "/cart/list", status: 304),
        ])
        let arguments = ["product-grid", "--plain", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "2"]

        let first = try AppsCLIProcess.run(arguments)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Apples") && first.stdout.contains("Pears"))
        XCTAssertFalse(first.stdout.contains("Offline"))
        XCTAssertTrue(FileManager.default.fileExists(atPath: data.appendingPathComponent("responses.sqlite").path))

        let second = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(second.stdout.contains("Apples"), "a 304 shows the kept catalog: \(second.stdout)")
        XCTAssertFalse(second.stdout.contains("Offline"), "and it is current")
        XCTAssertEqual(server.requests().last?.header("If-None-Match"), "\"catalog-1\"", "the second launch only asked whether it changed")

        server.stop()
        let offline = try AppsCLIProcess.run(arguments)
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertTrue(offline.stdout.contains("Apples") && offline.stdout.contains("Pears"), "the kept catalog: \(offline.stdout)")
        XCTAssertTrue(offline.stdout.contains("Offline — as of "), "with the offline notice: \(offline.stdout)")

        // A damaged store is moved aside with a notice, and the launch goes on.
        try Data("this is not a database".utf8).write(to: data.appendingPathComponent("responses.sqlite"))
        let damaged = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(damaged.stderr.contains("was damaged"), damaged.stderr)
        XCTAssertTrue(damaged.stdout.contains("could not") || damaged.stdout.contains("Retry") || damaged.stdout.contains("retry"),
                      "no kept catalog any more, and no server: the error view \(damaged.stdout)")
    }

    func testTheNumbersListShowsItsKeptListWhenTheServerIsGone() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try LocalHTTPServer(routes: [
            .init(method: "HEAD", path: "/json.php"),
            .init(path: "/json.php?name=1", body: Data(#"{"name":"1","text":"Ichi","image":""}"#.utf8)),
            .init(path: "/json.php", body: Data(#"[{"name":"1","image":""},{"name":"2","image":""}]"#.utf8)),
        ])
        let arguments = ["numbers", "--plain", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "2", "--size", "120x20"]
        let first = try AppsCLIProcess.run(arguments)
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Numbers (2)"), first.stdout)
        server.stop()
        let offline = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(offline.stdout.contains("Numbers (2)"), "the kept list instead of 'No connection': \(offline.stdout)")
        XCTAssertTrue(offline.stdout.contains("Offline — as of "), offline.stdout)
    }

    func testTheResourceDirectoryShowsItsKeptCategoriesWhenTheServerIsGone() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try LocalHTTPServer(routes: [
            .init(path: "/data/categories.json", body: Data(#"[{"_id":"1","eid":"c1","slug":"restaurants","title":"Restaurants"}]"#.utf8)),
        ])
        let arguments = ["resource-directory", "--plain", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "2"]
        XCTAssertTrue(try AppsCLIProcess.run(arguments).stdout.contains("Restaurants"))
        server.stop()
        let offline = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(offline.stdout.contains("Restaurants") && offline.stdout.contains("Offline — as of "), offline.stdout)
    }
}
