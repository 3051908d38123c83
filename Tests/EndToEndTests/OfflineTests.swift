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

        // A damaged store is moved aside with a notice, and the launch goes on. Its write-ahead log is
        // damaged too: an intact log would rebuild the answers it holds (the launch leaves them there).
        try Data("this is not a database".utf8).write(to: data.appendingPathComponent("responses.sqlite"))
        try Data("nor is this a log".utf8).write(to: data.appendingPathComponent("responses.sqlite-wal"))
        let damaged = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(damaged.stderr.contains("was damaged"), damaged.stderr)
        XCTAssertTrue(damaged.stdout.contains("could not") || damaged.stdout.contains("Retry") || damaged.stdout.contains("retry"),
                      "no kept catalog any more, and no server: the error view \(damaged.stdout)")
    }

    /// Another process holding `responses.sqlite` locked (a write lock, then an exclusive one) costs
    /// the kept copy, never the server's answer nor the person's time: the launch shows the server's
    /// catalog as current, without waiting out the store's lock.
    func testALockedStoreNeitherHidesNorDelaysTheServersAnswer() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-locked-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let catalog = #"{"products":[{"product_id":"1","name":"Apples","price":120,"image":""}]}"#
        let server = try LocalHTTPServer(routes: [.init(path: "/cart/list", body: Data(catalog.utf8), headers: ["ETag": "\"c1\""])])
        let arguments = ["product-grid", "--plain", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "10"]
        XCTAssertEqual(try AppsCLIProcess.run(arguments).status, 0)
        let store = data.appendingPathComponent("responses.sqlite").path
        for lock in ["BEGIN IMMEDIATE; UPDATE answers SET used_at = 0", "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; UPDATE answers SET used_at = 0"] {
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            holder.arguments = ["python3", "-c", """
                import sqlite3, sys
                c = sqlite3.connect(sys.argv[1], isolation_level=None)
                for statement in sys.argv[2].split("; "): c.execute(statement)
                print("locked", flush=True)
                sys.stdin.read()
                """, store, lock]
            let input = Pipe(), output = Pipe()
            holder.standardInput = input
            holder.standardOutput = output
            try holder.run()
            defer { try? input.fileHandleForWriting.close(); holder.waitUntilExit() }
            XCTAssertEqual(String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self), "locked\n")
            // Well under the 5 s a store's lock used to be waited for, twice, then 'Offline'.
            let started = ContinuousClock.now
            let locked = try AppsCLIProcess.run(arguments, timeout: 30)
            XCTAssertEqual(locked.status, 0, "\(lock): \(locked.stderr)")
            XCTAssertTrue(locked.stdout.contains("Apples"), "\(lock): \(locked.stdout)")
            XCTAssertFalse(locked.stdout.contains("Offline"), "the server answered: \(locked.stdout)")
            XCTAssertLessThan(ContinuousClock.now - started, .seconds(4), "\(lock): the store's lock is not waited for")
            // What could not be kept is said, once, after the screen.
            let said = lock.hasPrefix("BEGIN") ? "an answer of the server shown but not kept: another program holds \(store) locked"
                : "the kept answers could not be opened"
            XCTAssertTrue(locked.stderr.contains(said), "\(lock): \(locked.stderr)")
            XCTAssertEqual(locked.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.count, 1, locked.stderr)
        }
        let free = try AppsCLIProcess.run(arguments)
        XCTAssertEqual(free.stderr, "", "with the lock gone the answer is kept, silently")
    }

    /// The data directory and its stores are the owner's only, as ssh and gpg keep theirs: a new
    /// `--data-dir` is made 0700, apps-cli's own folder made 0755 by an earlier version becomes 0700, the
    /// stores are 0600, and no password of `--base-url` is written to them.
    func testTheDataDirectoryAndItsStoresAreTheOwnersOnlyAndHoldNoPassword() throws {
        let home = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-private-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: home) }
        let catalog = #"{"products":[{"product_id":"1","name":"Apples","price":120,"image":""}]}"#
        let server = try LocalHTTPServer(routes: [.init(path: "/cart/list", body: Data(catalog.utf8), headers: ["ETag": "\"c1\""])])
        let port = server.baseURL.port ?? 0
        let own = home.appendingPathComponent("share/apps-cli")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        let launched = try AppsCLIProcess.run(["product-grid", "--plain", "--base-url", "http://me:s3cret@127.0.0.1:\(port)"],
                                              environment: ["XDG_DATA_HOME": home.appendingPathComponent("share").path])
        XCTAssertTrue(launched.stdout.contains("Apples"), launched.stdout + launched.stderr)
        let named = home.appendingPathComponent("named/data")
        _ = try AppsCLIProcess.run(["product-grid", "--plain", "--base-url", "http://me:s3cret@127.0.0.1:\(port)", "--data-dir", named.path])
        func mode(_ url: URL) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions]) as? NSNumber)?.intValue ?? -1
        }
        for folder in [own, named] {
            XCTAssertEqual(mode(folder), 0o700, folder.path)
            let store = folder.appendingPathComponent("responses.sqlite")
            XCTAssertEqual(mode(store), 0o600, store.path)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
                let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
                XCTAssertNil(bytes.range(of: Data("s3cret".utf8)), "\(name) holds no password")
            }
        }
        XCTAssertEqual(mode(home.appendingPathComponent("named")), 0o700, "the folders made for it too")
    }

    /// An IPv6 literal base URL loads (libcurl connects to it as to any host; Foundation's networking failed every request to one).
    func testAnIPv6LiteralBaseURLLoads() throws {
        let server = try ScriptedServer.answering(#"{"products":[{"product_id":"1","name":"Apples over IPv6","price":120,"image":""}]}"#, ipv6: true)
        defer { server.stop() }
        let port = server.port
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-ipv6-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let result = try AppsCLIProcess.run(["product-grid", "--plain", "--base-url", "http://[::1]:\(port)", "--data-dir", data.path, "--timeout", "5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("Apples over IPv6"), result.stdout)
    }

    /// https against a server whose certificate a test CA signs: with the CA in `SSL_CERT_FILE` the
    /// list loads; without it the screen says the certificate of 127.0.0.1 could not be verified.
    func testHTTPSWithATestCAInSSLCertFileLoads() throws {
        guard TestCertificates.canMake else { throw XCTSkip("openssl is not installed") }
        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-https-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let certificates = try TestCertificates(in: folder)
        let server = try ScriptedServer.answering(#"{"products":[{"product_id":"1","name":"Apples over TLS","price":120,"image":""}]}"#,
                                                  certificate: certificates.certificate, key: certificates.key)
        defer { server.stop() }
        let port = server.port
        let arguments = ["product-grid", "--plain", "--size", "120x20", "--base-url", "https://127.0.0.1:\(port)", "--timeout", "5"]
        let trusted = try AppsCLIProcess.run(arguments + ["--data-dir", folder.appendingPathComponent("trusted").path],
                                             environment: ["SSL_CERT_FILE": certificates.authority.path])
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
        XCTAssertTrue(trusted.stdout.contains("Apples over TLS"), trusted.stdout)
        let untrusted = try AppsCLIProcess.run(arguments + ["--data-dir", folder.appendingPathComponent("untrusted").path],
                                               environment: ["SSL_CERT_FILE": certificates.key.path])
        XCTAssertFalse(untrusted.stdout.contains("Apples over TLS"), "never loaded unverified")
        XCTAssertTrue(untrusted.stdout.contains("127.0.0.1"), untrusted.stdout)
    }

    /// A validator too long to send back is not kept (the server would refuse every later request
    /// for its header), and a 4xx to a conditional request is asked once more without the condition.
    func testAHugeETagIsNotSentBackAndAConditionalRefusalIsAskedAgainPlainly() throws {
        let data = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-etag-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let catalog = #"{"products":[{"product_id":"1","name":"Apples","price":120,"image":""}]}"#
        let huge = "\"" + String(repeating: "e", count: 100_000) + "\""
        let server = try LocalHTTPServer(routes: [
            .init(path: "/cart/list", body: Data(catalog.utf8), headers: ["ETag": huge], times: 1),
            .init(path: "/cart/list", body: Data(catalog.utf8), headers: ["ETag": "\"small\""], times: 1),
            // The third request is conditional (If-None-Match: "small"), and refused; the fourth, plain, answered.
            .init(path: "/cart/list", status: 431, times: 1),
            .init(path: "/cart/list", body: Data(catalog.utf8), headers: ["ETag": "\"small\""]),
        ])
        let arguments = ["product-grid", "--plain", "--base-url", server.baseURL.absoluteString, "--data-dir", data.path, "--timeout", "5"]
        XCTAssertEqual(try AppsCLIProcess.run(arguments).status, 0)
        let second = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(second.stdout.contains("Apples"), second.stdout)
        XCTAssertNil(server.requests().last?.header("If-None-Match"), "a 100 KB validator is not sent back")
        let third = try AppsCLIProcess.run(arguments)
        XCTAssertTrue(third.stdout.contains("Apples") && !third.stdout.contains("431"), third.stdout)
        let asked = server.requests().suffix(2).map { $0.header("If-None-Match") }
        XCTAssertEqual(asked, ["\"small\"", nil], "refused with its condition, asked again without it")
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
