import Foundation
import HTTPClient
import Storage
import StorageTesting
import XCTest

final class ResponseStoreTests: XCTestCase {
    func testAnAnswerIsKeptWithItsValidatorsAndReplacedByANewerOne() throws {
        let store = try ResponseStore(database: .inMemory())
        XCTAssertNil(try store.entry(for: "http://x/list"))
        let first = StoredAnswer(body: Data("[1]".utf8), contentType: "application/json", etag: "\"v1\"",
                                        lastModified: "Wed, 25 Nov 2026 10:00:00 GMT", storedAt: Date(timeIntervalSince1970: 100))
        try store.save(first, for: "http://x/list")
        XCTAssertEqual(try store.entry(for: "http://x/list"), first)
        let second = StoredAnswer(body: Data("[1,2]".utf8), etag: "\"v2\"", storedAt: Date(timeIntervalSince1970: 200))
        try store.save(second, for: "http://x/list")
        XCTAssertEqual(try store.entry(for: "http://x/list"), second)
        try store.markCurrent("http://x/list", at: Date(timeIntervalSince1970: 300))
        XCTAssertEqual(try store.entry(for: "http://x/list")?.storedAt, Date(timeIntervalSince1970: 300))
        XCTAssertEqual(try store.count(), 1)
    }

    /// Rows an older version kept under a URL with a password go (the archive keeps answers under
    /// ``StoreKey`` since: ResponseArchiveTests).
    func testTheMigrationDropsAnswersKeptUnderAPassword() throws {
        let directory = try TemporaryDirectory()
        let store = try ResponseStore.open(directory: directory.url)
        let answer = StoredAnswer(body: Data("[1]".utf8), etag: "\"v1\"", storedAt: Date(timeIntervalSince1970: 100))
        try store.save(answer, for: "http://me@localhost/api/list")
        // A row an older version kept under a URL with a password.
        try store.save(answer, for: "http://me:old-pw@localhost/old")
        let database = try SQLiteDatabase(path: directory.url.appendingPathComponent(ResponseStore.fileName).path)
        try database.execute("PRAGMA user_version = 1")
        _ = try ResponseStore(database: database)
        XCTAssertNil(try store.entry(for: "http://me:old-pw@localhost/old"), "the migration drops answers kept with a password")
        XCTAssertEqual(try store.count(), 1)
    }

    func testTheStoreIsBoundedByTheLeastRecentlyUsed() throws {
        let store = try ResponseStore(database: .inMemory())
        let big = Data(count: ResponseStore.maximumBodyBytes / 2 + 1)
        // Each answer is just over half the per-answer limit: the total limit holds about 15 of them.
        for index in 0..<20 {
            try store.save(.init(body: big, storedAt: Date()), for: "http://x/\(index)", now: Date(timeIntervalSince1970: Double(index)))
        }
        XCTAssertLessThanOrEqual(try store.count() * (big.count), ResponseStore.maximumTotalBytes)
        XCTAssertNotNil(try store.entry(for: "http://x/19"), "the newest stays")
        XCTAssertNil(try store.entry(for: "http://x/0"), "the oldest went first")
        try store.save(.init(body: Data(count: ResponseStore.maximumBodyBytes + 1), storedAt: Date()), for: "http://x/19")
        XCTAssertNil(try store.entry(for: "http://x/19"), "an answer over the limit is not kept, nor the older one")
    }

    /// Another process holding the store locked (sqlite3's `BEGIN EXCLUSIVE`) never makes a call
    /// wait: a kept answer still reads, a new one waits in memory, and it is written by itself once
    /// the lock goes; one that cannot be written before the end is counted, so it can be said.
    func testAnAnswerALockKeepsOutIsWrittenWhenTheLockGoes() async throws {
        let directory = try TemporaryDirectory()
        let store = try ResponseStore.open(directory: directory.url)
        let old = StoredAnswer(body: Data("[1]".utf8), etag: "\"v1\"", storedAt: Date(timeIntervalSince1970: 100))
        try store.save(old, for: "http://x/list")
        let holder = try LockHolder(path: directory.url.appendingPathComponent(ResponseStore.fileName).path)

        XCTAssertEqual(try store.entry(for: "http://x/list"), old, "a reader of a WAL store is not locked out")
        let new = StoredAnswer(body: Data("[1,2]".utf8), etag: "\"v2\"", storedAt: Date(timeIntervalSince1970: 200))
        XCTAssertFalse(store.keepSoon(new, for: "http://x/list"), "not written while the lock is held")
        XCTAssertEqual(store.waitingCount, 1)
        if case .busy? = storageError({ try store.save(new, for: "http://x/other") }) {} else {
            XCTFail("a call fails at once instead of waiting: the store's busy timeout is zero once open")
        }
        XCTAssertEqual(store.keepWaiting(patience: .milliseconds(20)), 1, "still locked: counted")
        XCTAssertEqual(try store.entry(for: "http://x/list"), old)

        try holder.release()
        // The store's own retry writes it; polled, never slept for a fixed time.
        let deadline = ContinuousClock.now + .seconds(20)
        while store.waitingCount > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertEqual(store.waitingCount, 0, "written when the lock went")
        XCTAssertEqual(try ResponseStore.open(directory: directory.url).entry(for: "http://x/list"), new, "in the file, for the next launch")
        XCTAssertEqual(store.keepWaiting(), 0)
    }

    func testItLivesInTheDataDirectory() throws {
        let directory = try TemporaryDirectory()
        try ResponseStore.open(directory: directory.url).save(.init(body: Data("a".utf8), storedAt: Date()), for: "u")
        XCTAssertEqual(try ResponseStore.open(directory: directory.url).entry(for: "u")?.body, Data("a".utf8))
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.url.appendingPathComponent(ResponseStore.fileName).path))
    }

    /// A new store writes whole answers in 64 KB pages, and a launch that keeps one and ends leaves
    /// it in the log (bounded, read back by the next open) rather than copying it into the file.
    func testAKeptAnswerOutlivesTheProcessInTheLogOfLargePages() throws {
        let directory = try TemporaryDirectory()
        let body = Data(repeating: 7, count: 1_600_000)
        do {
            let store = try ResponseStore.open(directory: directory.url)
            try store.save(.init(body: body, storedAt: Date()), for: "u")
        }
        let log = directory.url.appendingPathComponent(ResponseStore.fileName + "-wal").path
        XCTAssertGreaterThan((try? FileManager.default.attributesOfItem(atPath: log)[.size] as? Int) ?? 0, body.count)
        let database = try SQLiteDatabase.open(directory: directory.url, fileName: ResponseStore.fileName)
        XCTAssertEqual(try database.query("PRAGMA page_size").first?.int("page_size"), 65536)
        database.close()
        XCTAssertEqual(try ResponseStore.open(directory: directory.url).entry(for: "u")?.body, body)
    }
}

/// Another process (the `sqlite3` shell) holding a store's file under `BEGIN EXCLUSIVE` until released.
private final class LockHolder {
    private let process = Process()
    private let input = Pipe()

    init(path: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nUPDATE answers SET used_at = 0;\nSELECT 'locked';\n".utf8))
        let said = String(decoding: output.fileHandleForReading.readData(ofLength: 7), as: UTF8.self)
        guard said == "locked\n" else { throw StorageError.misuse("sqlite3 did not take the lock: \(said)") }
    }

    func release() throws {
        input.fileHandleForWriting.write(Data("COMMIT;\n.quit\n".utf8))
        try input.fileHandleForWriting.close()
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
    }
}
