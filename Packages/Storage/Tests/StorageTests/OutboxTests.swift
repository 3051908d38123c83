import Foundation
import Storage
import StorageTesting
import Synchronization
import XCTest

/// The durable outbox: writes of a queue go out in order, one at a time, never twice, across two
/// connections to one file (two processes), and a claim whose owner died lapses and says the write
/// may have been sent.
final class OutboxTests: XCTestCase {
    private let start = Date(timeIntervalSince1970: 1_764_100_000)

    func testWritesGoOutInOrderOneAtATime() throws {
        let directory = try TemporaryDirectory()
        let outbox = try Outbox.open(directory: directory.url)
        for kind in ["create", "update", "delete"] { try outbox.enqueue(kind, payload: Data(kind.utf8), in: "contacts@a", now: start) }
        try outbox.enqueue("create", payload: Data(), in: "contacts@b", now: start)
        let first = try XCTUnwrap(try outbox.claimNext(in: "contacts@a", owner: "A", now: start))
        XCTAssertEqual(first.kind, "create")
        XCTAssertNil(try outbox.claimNext(in: "contacts@a", owner: "B", now: start), "one write of a queue at a time")
        XCTAssertNotNil(try outbox.claimNext(in: "contacts@b", owner: "B", now: start), "another queue goes on")
        XCTAssertEqual(try outbox.pending(in: "contacts@a").map(\.kind), ["create", "update", "delete"], "waiting to sync, in order")
        XCTAssertTrue(try outbox.complete(first.id, owner: "A"))
        XCTAssertEqual(try outbox.claimNext(in: "contacts@a", owner: "B", now: start)?.kind, "update")
    }

    func testARefusedOrUnansweredWriteWaitsAgainAndSaysWhetherItMayHaveGoneOut() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        try outbox.enqueue("update", payload: Data("x".utf8), in: "q", now: start)
        let claimed = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        try outbox.release(claimed.id, owner: "A", problem: "No connection to 127.0.0.1:9")
        let again = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        XCTAssertEqual(again.attempts, 1)
        XCTAssertEqual(again.lastProblem, "No connection to 127.0.0.1:9")
        XCTAssertFalse(again.mayHaveBeenSent, "given back before it went out")
        XCTAssertTrue(try outbox.markSending(again.id, owner: "A", now: start))
        try outbox.release(again.id, owner: "A", problem: "The server took longer than 15 s to answer.")
        XCTAssertTrue(try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start)).mayHaveBeenSent,
                      "no answer after it went out: the server may have it")
        // Claimed again by the same owner name after it marked sending (a reused name, a retry without giving back).
        let third = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        XCTAssertTrue(try outbox.markSending(third.id, owner: "A", now: start))
        XCTAssertTrue(try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start)).mayHaveBeenSent)
    }

    /// A process killed while sending: its lease lapses, the next owner takes the write over knowing
    /// it may have been sent, and the dead owner's late completion removes nothing.
    func testAClaimWhoseOwnerDiedLapsesAndIsTakenOverOnce() throws {
        let directory = try TemporaryDirectory()
        let outbox = try Outbox.open(directory: directory.url)
        try outbox.enqueue("create", payload: Data(), in: "q", now: start)
        let claimed = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        XCTAssertTrue(try outbox.markSending(claimed.id, owner: "A", now: start))
        XCTAssertNil(try outbox.claimNext(in: "q", owner: "B", now: start.addingTimeInterval(Outbox.leaseDuration - 1)))
        // The file as another process finds it.
        let other = try Outbox.open(directory: directory.url)
        let takenOver = try XCTUnwrap(try other.claimNext(in: "q", owner: "B", now: start.addingTimeInterval(Outbox.leaseDuration + 1)))
        XCTAssertTrue(takenOver.mayHaveBeenSent)
        XCTAssertFalse(try outbox.markSending(claimed.id, owner: "A", now: start.addingTimeInterval(Outbox.leaseDuration + 2)),
                       "the lapsed owner may not send it any more")
        XCTAssertFalse(try outbox.complete(claimed.id, owner: "A"), "the lapsed owner no longer holds it")
        XCTAssertTrue(try other.complete(takenOver.id, owner: "B"))
        XCTAssertEqual(try outbox.pending(in: "q"), [])
    }

    /// Two connections to one file (two processes) draining one queue at once: every write is
    /// completed exactly once, in the order it was added.
    func testTwoProcessesDrainingOneQueueSendEachWriteOnceInOrder() async throws {
        let directory = try TemporaryDirectory()
        let count = 60
        let setup = try Outbox.open(directory: directory.url)
        for index in 0..<count { try setup.enqueue("update", payload: Data("\(index)".utf8), in: "q") }
        let sent = SentLog()
        let url = directory.url
        try await withThrowingTaskGroup(of: Void.self) { group in
            for owner in ["A", "B"] {
                group.addTask {
                    let outbox = try Outbox.open(directory: url)
                    var idle = 0
                    while idle < 200 {
                        guard let entry = try outbox.claimNext(in: "q", owner: owner) else {
                            if try outbox.pending(in: "q").isEmpty { return }
                            idle += 1
                            try await Task.sleep(for: .milliseconds(1))
                            continue
                        }
                        XCTAssertTrue(try outbox.markSending(entry.id, owner: owner))
                        // The request would go out here; the record stands for the server.
                        sent.append(String(decoding: entry.payload, as: UTF8.self))
                        XCTAssertTrue(try outbox.complete(entry.id, owner: owner))
                    }
                }
            }
            try await group.waitForAll()
        }
        XCTAssertEqual(sent.entries, (0..<count).map(String.init), "each once, in order")
        XCTAssertEqual(try setup.pending(in: "q"), [])
    }
}

/// What "the server" received, from both owners.
private final class SentLog: Sendable {
    private let log = Mutex<[String]>([])
    func append(_ entry: String) { log.withLock { $0.append(entry) } }
    var entries: [String] { log.withLock { $0 } }
}
