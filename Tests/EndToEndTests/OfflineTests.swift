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

    /// A contacts server's list is kept too; a contact's page and the checks before a save need the
    /// server itself, so offline they say so instead of showing an old copy.
    func testTheContactsListShowsItsKeptListWhenTheServerIsGone() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let list = #"[{"id":1,"first_name":"Ayu","last_name":"Lestari","profile_pic":"/images/missing.png","favorite":false,"url":"x"},"#
            + #"{"id":2,"first_name":"Budi","last_name":"Santoso","profile_pic":"/images/missing.png","favorite":true,"url":"y"}]"#
        let server = try LocalHTTPServer(routes: [
            .init(path: "/contacts.json", body: Data(list.utf8), headers: ["Content-Type": "application/json"]),
            .init(path: "/contacts/1.json", body: Data(#"{"id":1,"first_name":"Ayu","last_name":"Lestari","email":"a@b.example","phone_number":"0812345678901","profile_pic":"/images/missing.png","favorite":false,"created_at":"t","updated_at":"t"}"#.utf8),
                  headers: ["Content-Type": "application/json"]),
        ])
        let arguments = ["contacts", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "2", "--size", "80x16"]
        let first = try AppsCLIProcess.run(arguments + ["--keys", "enter"])
        XCTAssertTrue(first.stdout.contains("a@b.example"), first.stdout)
        server.stop()
        let offline = try AppsCLIProcess.run(arguments + ["--plain"])
        XCTAssertTrue(offline.stdout.contains("Contacts (2)") && offline.stdout.contains("Budi Santoso"), offline.stdout)
        XCTAssertTrue(offline.stdout.contains("Offline — as of "), offline.stdout)
        let page = try AppsCLIProcess.run(arguments + ["--keys", "enter"])
        XCTAssertTrue(page.stdout.contains("No connection"), "the page needs the server: \(page.stdout)")
        XCTAssertFalse(page.stdout.contains("a@b.example"), page.stdout)
    }

    /// check24 keeps a live server's catalog: the next launch asks only whether it changed and pages
    /// the kept one on a 304; with the server gone it stands in with the German offline notice; an
    /// injected fault (--fail-every's 503) is still the error view, never hidden by the kept catalog.
    func testCheck24KeepsItsCatalogAndFaultsStayFaults() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-offline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let product = { (id: Int, name: String) in
            #"{"name":"\#(name)","type":"Circle","id":\#(id),"color":"Blue","imageURL":"","colorCode":"2196f3","available":true,"releaseDate":1460629605,"description":"d","longDescription":"l","rating":3.0,"price":{"value":12.5,"currency":"EUR"}}"#
        }
        let catalog = #"{"header":{"headerTitle":"Kept","headerDescription":"Sub"},"filters":["Alle","Verfügbar","Vorgemerkt"],"products":["#
            + product(1, "Kept Circle") + "," + product(2, "Kept Square") + "]}"
        let server = try LocalHTTPServer(routes: [
            .init(path: "/products-test.json", body: Data(catalog.utf8), headers: ["ETag": "\"c1\"", "Content-Type": "application/json"], times: 1),
            .init(path: "/products-test.json", status: 304),
        ])
        let arguments = ["check24", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "2", "--size", "100x30"]
        let first = try AppsCLIProcess.run(arguments + ["--plain", "--fail-every", "0"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertTrue(first.stdout.contains("Kept Circle") && !first.stdout.contains("Offline"), first.stdout)

        let second = try AppsCLIProcess.run(arguments + ["--plain", "--fail-every", "0"])
        XCTAssertTrue(second.stdout.contains("Kept Circle") && second.stdout.contains("Kept Square"), "the kept catalog on a 304: \(second.stdout)")
        XCTAssertFalse(second.stdout.contains("Offline"), "and it is current")
        XCTAssertEqual(server.requests().last?.header("If-None-Match"), "\"c1\"")

        let faulted = try AppsCLIProcess.run(arguments + ["--fail-every", "2", "--keys", "r"])
        XCTAssertTrue(faulted.stdout.contains("Die Produkte konnten nicht geladen werden"), "the injected 503 is said: \(faulted.stdout)")
        XCTAssertFalse(faulted.stdout.contains("Kept Circle"), faulted.stdout)

        server.stop()
        let offline = try AppsCLIProcess.run(arguments + ["--plain", "--fail-every", "0"])
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertTrue(offline.stdout.contains("Kept Circle") && offline.stdout.contains("Offline — Stand "), offline.stdout)
    }
}
