import Foundation
import HTTPClient
import HTTPClientTexts
import XCTest

/// A transport that throws what it is told to.
struct ThrowingTransport: Transport {
    let error: any Error & Sendable
    func send(_ request: HTTPRequest) async throws -> HTTPResponse { throw error }
}

private struct Shape: Decodable {
    struct Item: Decodable { let price: Double; let tags: [String]? }
    let products: [Item]
}

final class HTTPClientTests: XCTestCase {
    private let url = URL(string: "https://example.com/x")!

    func testNonHTTPErrorsFromATransportBecomeTyped() async {
        await assertThrows(.cancelled) { try await HTTPClient(transport: ThrowingTransport(error: CancellationError())).data(.get(self.url)) }
        let other = await caught { try await HTTPClient(transport: ThrowingTransport(error: CocoaError(.fileReadUnknown))).data(.get(self.url)) }
        guard case .other = other else { return XCTFail("\(String(describing: other))") }
        await assertThrows(.offline("h")) { try await HTTPClient(transport: ThrowingTransport(error: HTTPError.offline("h"))).data(.get(self.url)) }
    }

    func testLongErrorBodiesAreTruncated() {
        let long = Data(String(repeating: "é", count: 2000).utf8)
        guard case .status(code: 500, body: let body?) = HTTPError.status(code: 500, rawBody: long) else { return XCTFail() }
        XCTAssertEqual(body.count, HTTPError.bodyExcerptLimit + 1)
        XCTAssertTrue(body.hasSuffix("é…"))
        XCTAssertEqual(HTTPError.status(code: 500, rawBody: Data()), .status(code: 500, body: nil))
        XCTAssertEqual(HTTPError.status(code: 500, rawBody: Data("short".utf8)), .status(code: 500, body: "short"))
    }

    func testJSONRequestBuilder() throws {
        let request = try HTTPRequest.json(.put, url, body: ["a": 1])
        XCTAssertEqual(request.method, .put)
        XCTAssertEqual(request.body, Data(#"{"a":1}"#.utf8))
        XCTAssertEqual(request.headers["Content-Type"], "application/json")
        XCTAssertThrowsError(try HTTPRequest.json(.post, url, body: [Double.nan])) { error in
            guard case .other = error as? HTTPError else { return XCTFail("\(error)") }
        }
        let get = HTTPRequest.get(url)
        XCTAssertEqual(get.method, .get)
        XCTAssertNil(get.body)
    }

    func testDecodingMessagesNameThePathAndTheProblem() {
        func message(_ json: String) -> String? {
            let response = HTTPResponse(statusCode: 200, body: Data(json.utf8), url: url)
            let result = Result { () throws(HTTPError) -> Shape in try response.decode(Shape.self) }
            guard case .failure(.decoding(let detail)) = result else { return "\(result)" }
            return detail
        }
        XCTAssertEqual(message(#"{"products":[{"price":1},{"price":2},{"price":3},{"price":"x"}]}"#),
                       "products[3].price: expected a number, found a string")
        XCTAssertEqual(message(#"{"products":[{"price":null}]}"#), "products[0].price: expected a number, found null or nothing")
        XCTAssertEqual(message(#"{"products":{}}"#), "products: expected a list, found an object")
        XCTAssertEqual(message(#"{"products":[{"price":1,"tags":[3]}]}"#), "products[0].tags[0]: expected a string, found a number")
        XCTAssertEqual(message(#"{}"#), "products: missing")
        XCTAssertEqual(message("<html>"), "the answer is not valid JSON")
        XCTAssertEqual(message("[]"), "the answer: expected an object, found a list")
        XCTAssertEqual(message(#"{"products":[{"price":true}]}"#), "products[0].price: expected a number, found true or false")
    }

    func testUserMessageForAnyError() {
        XCTAssertEqual(HTTPError.userMessage(for: HTTPError.status(code: 503, rawBody: Data())),
                       HTTPError.status(code: 503, rawBody: Data()).userMessage)
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        XCTAssertEqual(HTTPError.userMessage(for: Odd()), "Something went wrong.", "no internal error text on screen")
    }

    func testUserMessages() {
        XCTAssertEqual(HTTPError.timeout(seconds: 15).userMessage, "The server took longer than 15 s to answer.")
        XCTAssertEqual(HTTPError.timeout(seconds: 1.5).userMessage, "The server took longer than 1.5 s to answer.")
        XCTAssertEqual(HTTPError.timeout(seconds: .infinity).userMessage, "The server took too long to answer.")
        XCTAssertEqual(HTTPError.offline("127.0.0.1:8080").userMessage, "No connection to 127.0.0.1:8080 — is the server running?")
        XCTAssertEqual(HTTPError.offline("").userMessage, "No network connection — check that you are online.")
        XCTAssertEqual(HTTPError.status(code: 500, body: "x").userMessage, "The server answered 500 Internal Server Error.")
        XCTAssertEqual(HTTPError.status(code: 404, body: nil).userMessage, "The server answered 404 Not Found.")
        XCTAssertEqual(HTTPError.status(code: 599, body: nil).userMessage, "The server answered with status 599.")
        XCTAssertEqual(HTTPError.decoding("products[3].price: expected a number").userMessage,
                       "The data from the server could not be read: products[3].price: expected a number.")
        // About the whole answer, in plain words: no "the answer: expected an object, found a list." on screen.
        XCTAssertEqual(HTTPError.decoding("the answer: expected an object, found a list").userMessage,
                       "The server sent a list where an object was expected.")
        XCTAssertEqual(HTTPError.decoding("the answer is not valid JSON").userMessage, "The server's answer is not valid JSON.")
        XCTAssertEqual(HTTPError.invalidURL("ftp://x").userMessage, "The address “ftp://x” is not a valid web address.")
        XCTAssertEqual(HTTPError.cancelled.userMessage, "The request was cancelled.")
        XCTAssertEqual(HTTPError.other("Disk full.").userMessage, "The request failed: Disk full.")
    }

    func testTransientErrors() {
        XCTAssertTrue(HTTPError.offline("x").isTransient)
        XCTAssertTrue(HTTPError.timeout(seconds: 1).isTransient)
        XCTAssertTrue(HTTPError.status(code: 500, body: nil).isTransient)
        XCTAssertFalse(HTTPError.status(code: 499, body: nil).isTransient)
        XCTAssertFalse(HTTPError.decoding("x").isTransient)
    }
}
