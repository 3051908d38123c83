import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest

/// The one conditional GET, against a real server on 127.0.0.1: the validators it sends, what a 304
/// is, and which refusals are asked again without validators.
final class ConditionalGETTests: XCTestCase {
    private let client = HTTPClient(transport: CurlTransport(timeout: 5))

    func testSendsTheValidatorsAndA304IsNotModified() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/list", status: 304)])
        defer { server.stop() }
        let get = ConditionalGET(.get(server.baseURL.appendingPathComponent("list")), etag: "\"v1\"",
                                 lastModified: "Wed, 25 Nov 2026 10:00:00 GMT")
        let answer = try await client.sendConditional(get)
        XCTAssertTrue(answer.notModified)
        XCTAssertEqual(server.requests().count, 1)
        let sent = try XCTUnwrap(server.requests().first)
        XCTAssertEqual(sent.header("If-None-Match"), "\"v1\"")
        XCTAssertEqual(sent.header("If-Modified-Since"), "Wed, 25 Nov 2026 10:00:00 GMT")
    }

    func testARefusalOfTheValidatorsIsAskedAgainPlainly() async throws {
        for status in [400, 412, 413, 414, 431] {
            let server = try LocalHTTPServer(routes: [
                .init(path: "/list", status: status, times: 1),
                .init(path: "/list", body: Data("[1]".utf8), headers: ["ETag": "\"v2\""]),
            ])
            defer { server.stop() }
            let get = ConditionalGET(.get(server.baseURL.appendingPathComponent("list")), etag: "\"v1\"", lastModified: nil)
            let answer = try await client.sendConditional(get)
            XCTAssertFalse(answer.notModified)
            XCTAssertEqual(answer.response.statusCode, 200, "\(status): the plain request's answer is the server's word")
            XCTAssertEqual(answer.response.body, Data("[1]".utf8))
            XCTAssertEqual(ConditionalGET.validators(of: answer.response).etag, "\"v2\"")
            XCTAssertEqual(server.requests().map { $0.header("If-None-Match") }, ["\"v1\"", nil], "\(status)")
        }
    }

    func testOtherRefusalsAndPlainRequestsAreAskedOnce() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(path: "/gone", status: 404),
            .init(path: "/bad", status: 400),
        ])
        defer { server.stop() }
        let missing = try await client.sendConditional(ConditionalGET(.get(server.baseURL.appendingPathComponent("gone")),
                                                                      etag: "\"v1\"", lastModified: nil))
        XCTAssertEqual(missing.response.statusCode, 404, "a 404 is about the resource, not the validators")
        let plain = try await client.sendConditional(ConditionalGET(.get(server.baseURL.appendingPathComponent("bad")),
                                                                    etag: nil, lastModified: nil))
        XCTAssertEqual(plain.response.statusCode, 400, "without validators there is nothing to leave out")
        XCTAssertEqual(server.requests().map(\.path), ["/gone", "/bad"])
    }

    func testAValidatorTooLongToSendBackIsLeftOut() async throws {
        let server = try LocalHTTPServer(routes: [.init(path: "/list", body: Data("[]".utf8))])
        defer { server.stop() }
        let long = String(repeating: "x", count: ConditionalGET.maximumValidatorBytes + 1)
        let get = ConditionalGET(.get(server.baseURL.appendingPathComponent("list")), etag: long, lastModified: "Wed, 25 Nov 2026 10:00:00 GMT")
        XCTAssertNil(get.conditional.headers["If-None-Match"])
        _ = try await client.sendConditional(get)
        let sent = try XCTUnwrap(server.requests().first)
        XCTAssertNil(sent.header("If-None-Match"))
        XCTAssertEqual(sent.header("If-Modified-Since"), "Wed, 25 Nov 2026 10:00:00 GMT")
    }

    /// No answer at all is the caller's to handle: the error comes through as the client's.
    func testNoAnswerThrowsTheClientsError() async throws {
        let url = URL(string: "http://127.0.0.1:\(try CurlTransportTests.closedPort())/list")!
        do {
            _ = try await client.sendConditional(ConditionalGET(.get(url), etag: "\"v1\"", lastModified: nil))
            XCTFail("nothing listens")
        } catch {
            XCTAssertTrue(error.meansNoAnswer, "\(error)")
        }
    }
}
