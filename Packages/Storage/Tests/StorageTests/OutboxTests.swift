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

    /// A claim of a process that is no longer running lapses at once: a relaunch after a crash or a
    /// `kill -9` goes on without waiting out the lease. A live process's claim holds.
    func testAClaimOfAProcessThatIsNoLongerRunningLapsesAtOnce() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        try outbox.enqueue("create", payload: Data(), in: "q", now: start)
        let me = Outbox.processOwner()
        let parts = me.split(separator: "/").map(String.init)
        XCTAssertEqual(parts.count, 3, me)
        XCTAssertEqual(parts[1], "\(getpid())")
        // This process id with another start time: the process that held it before is gone.
        let started = try XCTUnwrap(Int(parts[2]), "this process's start time, from /proc: \(me)")
        let dead = "\(parts[0])/\(parts[1])/\(started + 1)"
        let claimed = try XCTUnwrap(try outbox.claimNext(in: "q", owner: dead, now: start))
        XCTAssertTrue(try outbox.markSending(claimed.id, owner: dead, now: start))
        XCTAssertFalse(try XCTUnwrap(try outbox.pending(in: "q", now: start).first).isClaimed, "a dead owner holds nothing")
        let takenOver = try XCTUnwrap(try outbox.claimNext(in: "q", owner: me, now: start), "taken over at once")
        XCTAssertTrue(takenOver.mayHaveBeenSent)
        XCTAssertEqual(takenOver.sendingSince, start)
        XCTAssertNil(try outbox.claimNext(in: "q", owner: "someone else", now: start), "a live process's claim holds")
        XCTAssertNil(try outbox.claimNext(in: "q", owner: "\(parts[0])-elsewhere/1/1", now: start))
    }

    /// A write the server refused is set aside with why: the writes after it go on, it is never handed
    /// out again, and it stays until its maker removes it.
    func testARefusedWriteIsSetAsideAndTheQueueGoesOn() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        let refused = try outbox.enqueue("create", payload: Data("a".utf8), in: "q", now: start)
        try outbox.enqueue("update", payload: Data("b".utf8), in: "q", now: start)
        let claimed = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        XCTAssertFalse(try outbox.remove(claimed.id, now: start), "it may be going out now")
        XCTAssertFalse(try outbox.replace(claimed.id, payload: Data(), now: start))
        XCTAssertFalse(try outbox.setAside(claimed.id, owner: "B", problem: "no"), "only its owner sets it aside")
        XCTAssertTrue(try outbox.setAside(claimed.id, owner: "A", problem: "Email is invalid"))
        let next = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        XCTAssertEqual(next.kind, "update", "the write after it goes on")
        XCTAssertTrue(try outbox.complete(next.id, owner: "A"))
        XCTAssertNil(try outbox.claimNext(in: "q", owner: "A", now: start), "never handed out again")
        let kept = try outbox.pending(in: "q", now: start)
        XCTAssertEqual(kept.map(\.id), [refused])
        XCTAssertEqual(kept.first?.isRefused, true)
        XCTAssertEqual(kept.first?.lastProblem, "Email is invalid")
        XCTAssertFalse(try outbox.replace(refused, payload: Data(), now: start), "a refused write is corrected through a new one")
        XCTAssertTrue(try outbox.remove(refused, now: start))
        XCTAssertEqual(try outbox.pending(in: "q"), [])
    }

    func testAWaitingWriteNoOneSendsCanBeReplacedOrRemoved() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        let id = try outbox.enqueue("create", payload: Data("a".utf8), in: "q", now: start)
        XCTAssertTrue(try outbox.replace(id, payload: Data("b".utf8), now: start))
        let claimed = try XCTUnwrap(try outbox.claimNext(in: "q", owner: "A", now: start))
        XCTAssertEqual(claimed.payload, Data("b".utf8))
        try outbox.release(claimed.id, owner: "A", problem: nil)
        XCTAssertTrue(try outbox.remove(id, now: start))
        XCTAssertFalse(try outbox.remove(id, now: start), "gone already")
    }

    /// Without a start time to compare (one that could not be read), a claim is dead only when no
    /// process has its id; a live process's holds.
    func testAClaimWithoutAStartTimeIsDeadOnlyWhenItsProcessIsGone() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        try outbox.enqueue("create", payload: Data(), in: "q", now: start)
        let boot = try XCTUnwrap(Outbox.processOwner().split(separator: "/").first)
        let alive = "\(boot)/\(getpid())/?"
        XCTAssertNotNil(try outbox.claimNext(in: "q", owner: alive, now: start))
        XCTAssertNil(try outbox.claimNext(in: "q", owner: "B", now: start), "a live process holds its claim")
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let dead = "\(boot)/\(gone.processIdentifier)/?"
        let other = try Outbox.open(directory: try TemporaryDirectory().url)
        try other.enqueue("create", payload: Data(), in: "q", now: start)
        XCTAssertNotNil(try other.claimNext(in: "q", owner: dead, now: start))
        XCTAssertNotNil(try other.claimNext(in: "q", owner: "B", now: start), "no process has that id any more")
    }

    /// A write added before it is sent, then claimed at once: only when nothing waits before it.
    func testAWriteJustAddedIsClaimedAtOnceOnlyWhenItIsNext() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        let first = try outbox.enqueue("update", payload: Data("1".utf8), in: "q", now: start)
        XCTAssertEqual(try outbox.claim(first, in: "q", owner: "A", now: start)?.id, first)
        let second = try outbox.enqueue("update", payload: Data("2".utf8), in: "q", now: start)
        XCTAssertNil(try outbox.claim(second, in: "q", owner: "A", now: start), "it waits behind the first")
        XCTAssertTrue(try outbox.complete(first, owner: "A", result: "17", now: start))
        XCTAssertEqual(try outbox.result(of: first), "17", "what the first made, for whoever still names it")
        XCTAssertEqual(try outbox.claim(second, in: "q", owner: "B", now: start)?.id, second)
        XCTAssertTrue(try outbox.complete(second, owner: "B", now: start.addingTimeInterval(Outbox.resultsKept + 1)))
        XCTAssertNil(try outbox.result(of: first), "results are kept for a while, not for ever")
    }

    /// A write that may have reached the server cannot be taken out or changed: only sending it
    /// (looking it up first) settles it. One that surely did not (no connection) can.
    func testAWriteThatMayHaveReachedTheServerIsNeitherRemovedNorReplaced() throws {
        let outbox = try Outbox.open(directory: try TemporaryDirectory().url)
        let timedOut = try outbox.enqueue("create", payload: Data(), in: "q", mayHaveBeenSent: true, now: start)
        let entry = try XCTUnwrap(try outbox.pending(in: "q", now: start).first)
        XCTAssertTrue(entry.mayHaveBeenSent)
        XCTAssertEqual(entry.sendingSince, start)
        XCTAssertFalse(try outbox.remove(timedOut, now: start))
        XCTAssertFalse(try outbox.replace(timedOut, payload: Data("x".utf8), now: start))

        let other = try Outbox.open(directory: try TemporaryDirectory().url)
        let refusedConnection = try other.enqueue("create", payload: Data(), in: "q", now: start)
        XCTAssertNotNil(try other.claim(refusedConnection, in: "q", owner: "A", now: start))
        XCTAssertTrue(try other.markSending(refusedConnection, owner: "A", now: start))
        try other.release(refusedConnection, owner: "A", problem: nil, mayHaveGoneOut: false)
        XCTAssertFalse(try XCTUnwrap(try other.pending(in: "q", now: start).first).mayHaveBeenSent, "no connection: it never went out")
        XCTAssertTrue(try other.replace(refusedConnection, payload: Data("y".utf8), now: start))
        XCTAssertTrue(try other.remove(refusedConnection, now: start))
    }

    /// A file made by the first version of the table gains the new columns and keeps its writes.
    func testAnOutboxFileOfTheFirstVersionIsUpgraded() throws {
        let directory = try TemporaryDirectory()
        let database = try SQLiteDatabase.open(directory: directory.url, fileName: Outbox.fileName)
        try database.execute("""
            CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, queue TEXT NOT NULL, kind TEXT NOT NULL, payload BLOB NOT NULL,
              enqueued_at REAL NOT NULL, attempts INTEGER NOT NULL DEFAULT 0, last_problem TEXT, claimed_by TEXT, claimed_until REAL,
              sending INTEGER NOT NULL DEFAULT 0, sent_before INTEGER NOT NULL DEFAULT 0);
            INSERT INTO outbox (queue, kind, payload, enqueued_at) VALUES ('q', 'delete', x'01', 0);
            """)
        database.close()
        let outbox = try Outbox.open(directory: directory.url)
        XCTAssertEqual(try outbox.claimNext(in: "q", owner: "A")?.kind, "delete")
    }

    /// A new outbox is made in one transaction; an outbox that is whole is only read when opened, so
    /// a launch opens it while another process holds the write lock, and closing leaves the log for
    /// the next open instead of copying it first.
    func testOpeningAWholeOutboxOnlyReadsItAndClosingKeepsTheLog() throws {
        let directory = try TemporaryDirectory()
        do {
            let first = try Outbox.open(directory: directory.url)
            try first.enqueue("delete", payload: Data([1]), in: "q")
            let other = try SQLiteDatabase.open(directory: directory.url, fileName: Outbox.fileName, busyTimeout: .zero)
            try other.execute("BEGIN IMMEDIATE")
            let second = try Outbox.open(directory: directory.url)
            XCTAssertEqual(try second.pending(in: "q").count, 1)
            try other.execute("ROLLBACK")
            other.close()
        }
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(Outbox.fileName + "-wal").path),
                      "the log is kept at close")
        XCTAssertEqual(try Outbox.open(directory: directory.url).pending(in: "q").count, 1, "and read at the next open")
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
