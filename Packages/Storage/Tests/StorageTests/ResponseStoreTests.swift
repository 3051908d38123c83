import Foundation
import Storage
import StorageTesting
import XCTest

final class ResponseStoreTests: XCTestCase {
    func testAnAnswerIsKeptWithItsValidatorsAndReplacedByANewerOne() throws {
        let store = try ResponseStore(database: .inMemory())
        XCTAssertNil(try store.entry(for: "http://x/list"))
        let first = ResponseStore.Entry(body: Data("[1]".utf8), contentType: "application/json", etag: "\"v1\"",
                                        lastModified: "Wed, 25 Nov 2026 10:00:00 GMT", storedAt: Date(timeIntervalSince1970: 100))
        try store.save(first, for: "http://x/list")
        XCTAssertEqual(try store.entry(for: "http://x/list"), first)
        let second = ResponseStore.Entry(body: Data("[1,2]".utf8), etag: "\"v2\"", storedAt: Date(timeIntervalSince1970: 200))
        try store.save(second, for: "http://x/list")
        XCTAssertEqual(try store.entry(for: "http://x/list"), second)
        try store.markCurrent("http://x/list", at: Date(timeIntervalSince1970: 300))
        XCTAssertEqual(try store.entry(for: "http://x/list")?.storedAt, Date(timeIntervalSince1970: 300))
        XCTAssertEqual(try store.count(), 1)
    }

    /// Rows an older version kept under a URL with a password go (the archive keeps answers under
    /// ``StoreKey`` since: AppsCLITests' ResponseArchiveTests).
    func testTheMigrationDropsAnswersKeptUnderAPassword() throws {
        let directory = try TemporaryDirectory()
        let store = try ResponseStore.open(directory: directory.url)
        let answer = ResponseStore.Entry(body: Data("[1]".utf8), etag: "\"v1\"", storedAt: Date(timeIntervalSince1970: 100))
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
