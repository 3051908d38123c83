import Foundation
import HTTPClient
import HTTPClientTexts
import Synchronization
import XCTest

/// Answers 200 and counts what reached it.
final class CountingTransport: Transport {
    private let count = Mutex(0)
    var received: Int { count.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        count.withLock { $0 += 1 }
        return HTTPResponse(statusCode: 200, body: Data("ok".utf8), url: request.url)
    }
}

final class FaultInjectingTransportTests: XCTestCase {
    private let list = HTTPRequest.get(URL(string: "https://example.com/list")!)
    private let image = HTTPRequest.get(URL(string: "https://example.com/image.jpg")!)

    private func statuses(_ transport: some Transport, _ requests: [HTTPRequest]) async throws -> [Int] {
        var result: [Int] = []
        for request in requests { result.append(try await transport.send(request).statusCode) }
        return result
    }

    func testEveryThirdCountedRequestFails() async throws {
        let inner = CountingTransport()
        let transport = FaultInjectingTransport(wrapping: inner, failEvery: 3)
        let statuses = try await statuses(transport, Array(repeating: list, count: 7))
        XCTAssertEqual(statuses, [200, 200, 503, 200, 200, 503, 200])
        XCTAssertEqual(inner.received, 5, "failed requests are not forwarded")
    }

    func testUncountedRequestsNeitherFailNorAdvanceTheCount() async throws {
        let transport = FaultInjectingTransport(wrapping: CountingTransport(), failEvery: 3) { $0.url.pathExtension != "jpg" }
        let statuses = try await statuses(transport, [list, image, list, image, image, list, image, list])
        XCTAssertEqual(statuses, [200, 200, 200, 200, 200, 503, 200, 200])
        XCTAssertEqual(transport.countedRequests, 4)
    }

    func testZeroNeverFails() async throws {
        let transport = FaultInjectingTransport(wrapping: CountingTransport(), failEvery: 0)
        let statuses = try await statuses(transport, Array(repeating: list, count: 10))
        XCTAssertEqual(Set(statuses), [200])
    }

    func testTheClientSeesAnInjectedFaultAsA503() async throws {
        let client = HTTPClient(transport: FaultInjectingTransport(wrapping: CountingTransport(), failEvery: 1))
        await assertThrows(.status(code: 503, body: FaultInjectingTransport.faultBody)) { try await client.data(self.list) }
        XCTAssertEqual(HTTPError.status(code: 503, body: nil).userMessage, "The server answered 503 Service Unavailable.")
    }

    func testConcurrentRequestsFailExactlyEveryNth() async throws {
        let transport = FaultInjectingTransport(wrapping: CountingTransport(), failEvery: 3)
        let request = list
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<300 { group.addTask { try await transport.send(request).statusCode } }
            return try await group.reduce(0) { $0 + ($1 == 503 ? 1 : 0) }
        }
        XCTAssertEqual(failures, 100)
    }
}
