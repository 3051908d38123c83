import ContactsTesting
import Foundation
import TestSupport
import XCTest

/// The contacts outbox as processes see it: changes made while the server is away survive the run
/// that made them, go out when it is back, and reach it exactly once even when the process that
/// sends them is killed with SIGKILL at any moment, or two processes send from one data directory.
final class OutboxProcessTests: XCTestCase {
    private var dataDirectory: String!

    override func setUp() {
        dataDirectory = NSTemporaryDirectory() + "apps-cli-outbox-\(UUID().uuidString)"
    }

    override func tearDown() {
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private func arguments(_ server: URL, _ extra: [String]) -> [String] {
        // --timeout 1: a change that may have gone out is looked up after 2 s.
        ["contacts", "--base-url", server.absoluteString, "--data-dir", dataDirectory, "--timeout", "1", "--size", "100x30"] + extra
    }

    private func addKeys(_ names: [String]) -> String {
        names.map { last in
            ["a", ContactsInput.typed("Guest"), "tab", ContactsInput.typed(last), "tab", ContactsInput.typed("+6281234567890"), "tab",
             ContactsInput.typed("\(last.lowercased())@mail.example"), "tab", ContactsInput.typed(ContactsInput.photoPath), "ctrl-s"]
                .joined(separator: " ")
        }.joined(separator: " ")
    }

    /// A first run keeps the server's list; then the server goes away and `names` are added in one
    /// run: they wait in the outbox. Returns the port the server comes back at.
    private func addWhileTheServerIsAway(_ names: [String]) throws -> Int {
        let server = try LoopbackContactsServer(seed: [["first_name": "Ayu", "last_name": "Lestari", "email": "ayu@mail.example",
                                                        "phone_number": "+6281234567899"]])
        let first = try AppsCLIProcess.run(arguments(server.baseURL, ["--plain"]))
        XCTAssertTrue(first.stdout.contains("Ayu Lestari"), first.stdout)
        server.stop()
        let offline = try AppsCLIProcess.run(arguments(server.baseURL, ["--keys", addKeys(names)]))
        XCTAssertEqual(offline.status, 0, offline.stderr)
        XCTAssertTrue(offline.stdout.contains("Offline — as of"), offline.stdout)
        XCTAssertTrue(offline.stdout.contains("\(names.count) change\(names.count == 1 ? "" : "s") waiting to sync"), offline.stdout)
        XCTAssertTrue(offline.stdout.contains("Guest \(names[0])") && offline.stdout.split(separator: "\n").contains { $0.contains("Guest") && $0.hasSuffix("waiting to sync") },
                      "marked on its row: \(offline.stdout)")
        return server.port
    }

    /// The last names of the contacts named Guest the server holds (with repeats, if any went twice).
    private func guestsOnServer(_ server: LoopbackContactsServer) throws -> [String] {
        // Read by Python's urllib: the test process itself links no HTTP client.
        let fetched = try TestProgram.run("/usr/bin/env", ["python3", "-c", "import sys, urllib.request; print(urllib.request.urlopen(sys.argv[1]).read().decode())",
                                                           server.baseURL.appendingPathComponent("contacts.json").absoluteString])
        let data = Data(fetched.out.utf8)
        let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
        return list.filter { $0["first_name"] as? String == "Guest" }.compactMap { $0["last_name"] as? String }.sorted()
    }

    func testContactsAddedWhileTheServerIsAwayGoOutInTheNextRun() throws {
        let names = ["Offline", "Later"]
        let port = try addWhileTheServerIsAway(names)
        let server = try LoopbackContactsServer(seed: [["first_name": "Ayu", "last_name": "Lestari", "email": "ayu@mail.example",
                                                        "phone_number": "+6281234567899"]], port: port)
        defer { server.stop() }
        let back = try AppsCLIProcess.run(arguments(server.baseURL, ["--plain"]))
        XCTAssertEqual(back.status, 0, back.stderr)
        XCTAssertTrue(back.stdout.contains("Synced 2 changes with the server."), back.stdout)
        XCTAssertFalse(back.stdout.contains("waiting to sync"), back.stdout)
        XCTAssertEqual(try guestsOnServer(server), names.sorted())
        let again = try AppsCLIProcess.run(arguments(server.baseURL, ["--plain"]))
        XCTAssertFalse(again.stdout.contains("Synced"), "nothing left to send: \(again.stdout)")
        XCTAssertEqual(try guestsOnServer(server), names.sorted())
    }

    /// SIGKILL at random moments while the outbox is replayed (each create held a moment by the
    /// server, so that kills land before, during and after sends): nothing is lost, nothing is sent twice.
    func testKillingTheProcessWhileItReplaysLosesNothingAndSendsNothingTwice() throws {
        let names = (0..<8).map { "Kill\($0)" }
        let port = try addWhileTheServerIsAway(names)
        let server = try LoopbackContactsServer(port: port)
        defer { server.stop() }
        // Killed while a create is on its way: each time one has reached the server and waits there.
        wait { try? await server.hangNext(seconds: 0.6, count: 3, method: "POST") }
        for sent in 1...3 {
            let process = try AppsCLIProcess.start(arguments(server.baseURL, ["--plain"]))
            pollUntil("create \(sent) went out", every: .milliseconds(20)) { self.creates(server) >= sent }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            waitUntilSettled() // the killed send is given its time to land before the next run looks it up
        }
        // Then killed at random moments: before, during and after sends and lookups.
        wait { try? await server.hangNext(seconds: 0.15, count: 100, method: "POST") }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<8 {
            let process = try AppsCLIProcess.start(arguments(server.baseURL, ["--plain"]))
            usleep(UInt32.random(in: 60_000...700_000, using: &generator))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // Then runs to the end; a change a killed process may have been sending is given the
        // requests' timeout (2 s) to land before it is looked up.
        // (Until nothing waits: the last create may have reached the server and still wait here, to be looked up.)
        var finished = ""
        for _ in 0..<8 {
            waitUntilSettled()
            finished = try AppsCLIProcess.run(arguments(server.baseURL, ["--plain"])).stdout
            if !finished.contains("waiting to sync") { break }
        }
        XCTAssertFalse(finished.contains("waiting to sync"), finished)
        XCTAssertEqual(try guestsOnServer(server), names.sorted(), "each contact once")
        XCTAssertEqual(creates(server), names.count, "no create sent twice (a killed one was looked up first)")
    }

    /// A favourite saved at once (the server is there) whose process is killed while the request is on
    /// its way: the next run finds it on the server and does not send it again; nothing typed is lost.
    func testKillingTheProcessWhileASaveIsOnItsWaySendsItOnce() throws {
        let server = try LoopbackContactsServer(seed: [["first_name": "Ayu", "last_name": "Lestari", "email": "ayu@mail.example",
                                                        "phone_number": "+6281234567899"]])
        defer { server.stop() }
        wait { try? await server.hangNext(seconds: 1, count: 1, method: "PUT") }
        let process = try AppsCLIProcess.start(arguments(server.baseURL, ["--plain", "--keys", "enter f"]))
        pollUntil("the favourite went out", every: .milliseconds(20)) { self.requests(server).contains("PUT /contacts/1.json") }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        waitUntilSettled() // it lands (held 1 s); then the next run may look it up
        let next = try AppsCLIProcess.run(arguments(server.baseURL, ["--plain"]))
        XCTAssertEqual(next.status, 0, next.stderr)
        XCTAssertTrue(next.stdout.contains("Synced 1 change with the server."), next.stdout)
        XCTAssertTrue(next.stdout.contains("Ayu Lestari ★"), next.stdout)
        XCTAssertEqual(requests(server).filter { $0 == "PUT /contacts/1.json" }.count, 1, "looked up, not sent again")
    }

    /// Two processes started at once on one data directory: the changes reach the server once each.
    func testTwoProcessesOnOneDataDirectorySendEachChangeOnce() throws {
        let names = (0..<6).map { "Two\($0)" }
        let port = try addWhileTheServerIsAway(names)
        let server = try LoopbackContactsServer(port: port)
        defer { server.stop() }
        for _ in 0..<4 where try guestsOnServer(server).count < names.count {
            let first = try AppsCLIProcess.start(arguments(server.baseURL, ["--plain"]))
            let second = try AppsCLIProcess.start(arguments(server.baseURL, ["--plain"]))
            first.waitUntilExit()
            second.waitUntilExit()
        }
        XCTAssertEqual(try guestsOnServer(server), names.sorted(), "each contact once")
        XCTAssertEqual(creates(server), names.count, "no create sent twice")
    }

    /// Waits until every change a process was sending has had the settle time (2 × `--timeout`: 2 s)
    /// since it went out, as the outbox file records it: before that, a run leaves such a change
    /// waiting instead of looking it up (``ContactOutboxSender``'s `settle`). This is the product's own
    /// clock, read from the file, not a guess at it.
    private func waitUntilSettled() {
        let outbox = dataDirectory + "/outbox.sqlite"
        let script = """
            import sqlite3, sys, time
            try:
                db = sqlite3.connect('file:' + sys.argv[1] + '?mode=ro', uri=True, timeout=5)
                since = db.execute('SELECT MAX(sending_since) FROM outbox WHERE sending_since IS NOT NULL').fetchone()[0]
            except sqlite3.OperationalError:
                since = None
            print('settled' if since is None or time.time() >= since + 2.05 else 'waiting')
            """
        pollUntil("the changes being sent settle") { try TestProgram.run("/usr/bin/env", ["python3", "-c", script, outbox]).out.contains("settled") }
    }

    /// How many creates the server received.
    private func creates(_ server: LoopbackContactsServer) -> Int {
        requests(server).filter { $0 == "POST /contacts.json" }.count
    }

    /// The requests the server received ("PUT /contacts/1.json"), in order.
    private func requests(_ server: LoopbackContactsServer) -> [String] {
        let box = RequestsBox()
        wait { box.requests = (try? await server.requests().map { "\($0.method) \($0.path)" }) ?? [] }
        return box.requests
    }

    /// Runs `body` and waits for it (the server's controls are asynchronous; these tests are not).
    private func wait(_ body: @escaping @Sendable () async -> Void) {
        let done = DispatchSemaphore(value: 0)
        Task {
            await body()
            done.signal()
        }
        done.wait()
    }
}

/// The requests handed from a task to the test thread that waits for it (the semaphore orders the accesses).
private final class RequestsBox: @unchecked Sendable { var requests: [String] = [] }
