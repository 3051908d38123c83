import Foundation
import HTTPClient
import Storage
import StorageTesting
import XCTest

/// The SQLite store as the revalidating transport's archive: every field
/// of an answer goes in and comes back, under the URL's key (a password never keys a row).
final class ResponseArchiveTests: XCTestCase {
    func testAnAnswerComesBackWholeUnderItsKeyAndIsMarkedCurrent() async throws {
        let archive = ResponseArchive(store: try ResponseStore(database: .inMemory()))
        let url = URL(string: "https://user:secret@example.test/products.json")!
        let answer = StoredAnswer(body: Data("[1]".utf8), contentType: "application/json", etag: "\"v1\"",
                                  lastModified: "Sat, 28 Nov 2026 10:00:00 GMT", storedAt: Date(timeIntervalSince1970: 1_000))
        let before = await archive.storedAnswer(for: url)
        XCTAssertNil(before)
        await archive.store(answer, for: url)
        let stored = await archive.storedAnswer(for: url)
        XCTAssertEqual(stored, answer)
        let answer2 = await archive.storedAnswer(for: URL(string: "https://user@example.test/products.json")!)
        XCTAssertEqual(answer2, answer,
                       "kept under the address without its password")
        await archive.markCurrent(url, at: Date(timeIntervalSince1970: 2_000))
        let current = await archive.storedAnswer(for: url)
        XCTAssertEqual(current?.storedAt, Date(timeIntervalSince1970: 2_000))
    }

    /// Answers are kept under the URL without its password (never written to the file), one spelling
    /// for one address; the user name stays (two accounts, two lists).
    func testAnswersAreKeptWithoutTheURLsPasswordUnderOneSpelling() async throws {
        let directory = try TemporaryDirectory()
        let archive = ResponseArchive(store: try ResponseStore.open(directory: directory.url))
        let answer = StoredAnswer(body: Data("[1]".utf8), etag: "\"v1\"", storedAt: Date(timeIntervalSince1970: 100))
        await archive.store(answer, for: URL(string: "http://me:s3cret@LOCALHOST:80/api/list/")!)
        let answer3 = await archive.storedAnswer(for: URL(string: "http://me@localhost/api/list")!)
        XCTAssertEqual(answer3, answer)
        let answer4 = await archive.storedAnswer(for: URL(string: "HTTP://me:n3w@localhost:80/api/list")!)
        XCTAssertEqual(answer4, answer, "a new password, one account")
        let answer5 = await archive.storedAnswer(for: URL(string: "http://other:s3cret@localhost/api/list")!)
        XCTAssertNil(answer5, "another account's list is its own")
        let answer6 = await archive.storedAnswer(for: URL(string: "http://localhost:8080/api/list")!)
        XCTAssertNil(answer6, "another port is another server")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            let bytes = try Data(contentsOf: directory.url.appendingPathComponent(name))
            XCTAssertNil(bytes.range(of: Data("s3cret".utf8)), "\(name) holds no password")
        }
    }
}
