import Foundation
import HTTPClient
import Storage
import StorageTesting
import XCTest
@testable import AppsCLIKit

/// The composition root's glue between the revalidating transport and the SQLite store: every field
/// of an answer goes in and comes back, under the URL's key (a password never keys a row).
final class ResponseArchiveTests: XCTestCase {
    func testAnAnswerComesBackWholeUnderItsKeyAndIsMarkedCurrent() throws {
        let archive = ResponseArchive(store: try ResponseStore(database: .inMemory()))
        let url = URL(string: "https://user:secret@example.test/products.json")!
        let answer = StoredAnswer(body: Data("[1]".utf8), contentType: "application/json", etag: "\"v1\"",
                                  lastModified: "Sat, 28 Nov 2026 10:00:00 GMT", storedAt: Date(timeIntervalSince1970: 1_000))
        XCTAssertNil(archive.storedAnswer(for: url))
        archive.store(answer, for: url)
        XCTAssertEqual(archive.storedAnswer(for: url), answer)
        XCTAssertEqual(archive.storedAnswer(for: URL(string: "https://user@example.test/products.json")!), answer,
                       "kept under the address without its password")
        archive.markCurrent(url, at: Date(timeIntervalSince1970: 2_000))
        XCTAssertEqual(archive.storedAnswer(for: url)?.storedAt, Date(timeIntervalSince1970: 2_000))
    }

    /// Answers are kept under the URL without its password (never written to the file), one spelling
    /// for one address; the user name stays (two accounts, two lists).
    func testAnswersAreKeptWithoutTheURLsPasswordUnderOneSpelling() throws {
        let directory = try TemporaryDirectory()
        let archive = ResponseArchive(store: try ResponseStore.open(directory: directory.url))
        let answer = StoredAnswer(body: Data("[1]".utf8), etag: "\"v1\"", storedAt: Date(timeIntervalSince1970: 100))
        archive.store(answer, for: URL(string: "http://me:s3cret@LOCALHOST:80/api/list/")!)
        XCTAssertEqual(archive.storedAnswer(for: URL(string: "http://me@localhost/api/list")!), answer)
        XCTAssertEqual(archive.storedAnswer(for: URL(string: "HTTP://me:n3w@localhost:80/api/list")!), answer, "a new password, one account")
        XCTAssertNil(archive.storedAnswer(for: URL(string: "http://other:s3cret@localhost/api/list")!), "another account's list is its own")
        XCTAssertNil(archive.storedAnswer(for: URL(string: "http://localhost:8080/api/list")!), "another port is another server")
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.url.path) {
            let bytes = try Data(contentsOf: directory.url.appendingPathComponent(name))
            XCTAssertNil(bytes.range(of: Data("s3cret".utf8)), "\(name) holds no password")
        }
    }
}
