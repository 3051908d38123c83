import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import Synchronization
import XCTest

/// An archive in memory (the app keeps answers in SQLite: Storage's ResponseStore).
private final class MemoryArchive: AnswerArchive {
    let answers = Mutex<[URL: StoredAnswer]>([:])
    func storedAnswer(for url: URL) -> StoredAnswer? { answers.withLock { $0[url] } }
    func store(_ answer: StoredAnswer, for url: URL) { answers.withLock { $0[url] = answer } }
    func markCurrent(_ url: URL, at date: Date) { answers.withLock { $0[url]?.storedAt = date } }
}

private struct Catalog: Decodable, Equatable, Sendable {
    var products: [String]
}

/// Real HTTP on 127.0.0.1: the first answer is kept, later launches ask only whether it changed, and
/// with the server gone the kept answer stands in, marked with when it was current.
final class RevalidatingTransportTests: XCTestCase {
    func testKeepsRevalidatesAndStandsInWhenTheServerIsGone() async throws {
        let body = Data(#"{"products":["apple","pear"]}"#.utf8)
        let server = try LocalHTTPServer(routes: [
            .init(path: "/cart/list", body: body, headers: ["ETag": "\"v1\"", "Last-Modified": "Wed, 25 Nov 2026 10:00:00 GMT"], times: 1),
            .init(path: "/cart/list", status: 304),
        ])
        let archive = MemoryArchive()
        let clock = Mutex(Date(timeIntervalSince1970: 1_000))
        let client = HTTPClient(transport: RevalidatingTransport(CurlTransport(timeout: 5), archive: archive,
                                                                 now: { clock.withLock { $0 } }))
        let url = server.baseURL.appendingPathComponent("cart/list")

        let first = try await client.fetch(Catalog.self, from: .get(url))
        XCTAssertEqual(first, Fetched(Catalog(products: ["apple", "pear"])))
        XCTAssertEqual(archive.storedAnswer(for: url)?.etag, "\"v1\"")
        let kept = await client.kept(Catalog.self, for: .get(url))
        XCTAssertEqual(kept, Fetched(Catalog(products: ["apple", "pear"]), storedAt: Date(timeIntervalSince1970: 1_000)),
                       "the kept answer, without asking the server, says when it was current")
        let keptByNone = await HTTPClient(transport: CurlTransport(timeout: 5)).kept(Catalog.self, for: .get(url))
        XCTAssertNil(keptByNone, "a transport that keeps nothing")
        XCTAssertEqual(server.requests().count, 1)

        clock.withLock { $0 = Date(timeIntervalSince1970: 2_000) }
        let second = try await client.fetch(Catalog.self, from: .get(url))
        XCTAssertEqual(second, Fetched(Catalog(products: ["apple", "pear"])), "a 304 answers with the kept body, fresh")
        let conditional = try XCTUnwrap(server.requests().last)
        XCTAssertEqual(conditional.header("If-None-Match"), "\"v1\"")
        XCTAssertEqual(conditional.header("If-Modified-Since"), "Wed, 25 Nov 2026 10:00:00 GMT")
        XCTAssertEqual(archive.storedAnswer(for: url)?.storedAt, Date(timeIntervalSince1970: 2_000), "the 304 made it current")

        server.stop()
        let offline = try await client.fetch(Catalog.self, from: .get(url))
        XCTAssertEqual(offline, Fetched(Catalog(products: ["apple", "pear"]), storedAt: Date(timeIntervalSince1970: 2_000)),
                       "with the server gone, the kept answer stands in, saying when it was current")
    }

    /// A 200 whose body does not decode (garbled, or another shape) is an error and never replaces
    /// the good answer kept before it; a 304 keeps the kept one without writing it again.
    func testOnlyAnswersThatDecodeAreKept() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/catalog", body: Data(#"{"products":["apple"]}"#.utf8), times: 1),
            .init(path: "/catalog", body: Data(#"{"products":"garbled"#.utf8), times: 1),
            .init(path: "/catalog", status: 503),
        ])
        defer { server.stop() }
        let archive = MemoryArchive()
        let client = HTTPClient(transport: RevalidatingTransport(CurlTransport(timeout: 5), archive: archive))
        let url = server.baseURL.appendingPathComponent("catalog")
        _ = try await client.fetch(Catalog.self, from: .get(url))
        do {
            _ = try await client.fetch(Catalog.self, from: .get(url))
            XCTFail("a garbled 200 is an error")
        } catch {
            guard case .decoding = error else { return XCTFail("\(error)") }
        }
        XCTAssertEqual(archive.storedAnswer(for: url)?.body, Data(#"{"products":["apple"]}"#.utf8), "the good answer stays kept")
        let offline = try await client.fetch(Catalog.self, from: .get(url))
        XCTAssertEqual(offline.value, Catalog(products: ["apple"]))
        XCTAssertNotNil(offline.storedAt)
        // A request that must have the server's own answer gets the failure, not the kept one.
        var fresh = HTTPRequest.get(url)
        fresh.headers["Cache-Control"] = "no-cache"
        do {
            _ = try await client.fetch(Catalog.self, from: fresh)
            XCTFail("no stand-in for a no-cache request")
        } catch {
            XCTAssertEqual(error, HTTPError.status(code: 503, rawBody: Data()))
        }
        // decode(_:from:) keeps what decodes too (the details of the features use it).
        let other = try LocalHTTPServer(routes: [.init(path: "/detail", body: Data(#"{"products":[]}"#.utf8))])
        defer { other.stop() }
        _ = try await client.decode(Catalog.self, from: .get(other.baseURL.appendingPathComponent("detail")))
        XCTAssertNotNil(archive.storedAnswer(for: other.baseURL.appendingPathComponent("detail")))
    }

    func testWithoutAKeptAnswerFailuresStayFailuresAndOnlyGoodAnswersAreKept() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/broken", status: 500, body: Data("oops".utf8)),
            .init(path: "/missing", status: 404),
            .init(path: "/good", body: Data(#"{"products":[]}"#.utf8), times: 1),
            .init(path: "/good", status: 503),
        ])
        defer { server.stop() }
        let archive = MemoryArchive()
        let client = HTTPClient(transport: RevalidatingTransport(CurlTransport(timeout: 5), archive: archive))
        do {
            _ = try await client.fetch(Catalog.self, from: .get(server.baseURL.appendingPathComponent("broken")))
            XCTFail("a 500 without a kept answer is an error")
        } catch {
            XCTAssertEqual(error, HTTPError.status(code: 500, rawBody: Data("oops".utf8)))
        }
        _ = try? await client.fetch(Catalog.self, from: .get(server.baseURL.appendingPathComponent("missing")))
        XCTAssertNil(archive.storedAnswer(for: server.baseURL.appendingPathComponent("missing")), "only 200s are kept")
        let good = server.baseURL.appendingPathComponent("good")
        _ = try await client.fetch(Catalog.self, from: .get(good))
        let fallback = try await client.fetch(Catalog.self, from: .get(good))
        XCTAssertNotNil(fallback.storedAt, "a server error with a kept answer shows the kept one, marked")
        // Writes are never answered from the archive.
        let post = try await client.send(HTTPRequest(method: .post, url: good, body: Data()))
        XCTAssertEqual(post.statusCode, 404, "the server's own answer (no POST route), not the kept body")
    }
}
