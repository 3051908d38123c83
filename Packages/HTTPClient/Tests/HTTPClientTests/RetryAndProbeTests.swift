import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import Synchronization
import XCTest

/// Records the pauses a retry policy asks for instead of sleeping.
final class SleepRecorder: Sendable {
    private let pauses = Mutex<[Duration]>([])
    var recorded: [Duration] { pauses.withLock { $0 } }
    func sleep(_ duration: Duration) { pauses.withLock { $0.append(duration) } }
}

final class RetryPolicyTests: XCTestCase {
    private func policy(attempts: Int, backoff: RetryPolicy.Backoff = .constant(.seconds(1)), recorder: SleepRecorder) -> RetryPolicy {
        RetryPolicy(attempts: attempts, backoff: backoff) { recorder.sleep($0) }
    }

    func testRetriesTransientErrorsUntilSuccess() async throws {
        let recorder = SleepRecorder()
        var failures: [HTTPError] = [.offline("h:1"), .timeout(seconds: 1), .status(code: 502, body: nil)]
        var calls = 0
        let value = try await policy(attempts: 4, recorder: recorder).run {
            calls += 1
            if !failures.isEmpty { throw failures.removeFirst() }
            return "done"
        }
        XCTAssertEqual(value, "done")
        XCTAssertEqual(calls, 4)
        XCTAssertEqual(recorder.recorded, [.seconds(1), .seconds(1), .seconds(1)])
    }

    func testGivesUpAfterTheLastAttemptWithTheLastError() async {
        let recorder = SleepRecorder()
        var calls = 0
        let error = await caught {
            try await self.policy(attempts: 3, recorder: recorder).run { () async throws -> Int in
                calls += 1
                throw HTTPError.status(code: 500 + calls, body: nil)
            }
        }
        XCTAssertEqual(error, .status(code: 503, body: nil))
        XCTAssertEqual(calls, 3)
        XCTAssertEqual(recorder.recorded.count, 2)
    }

    func testDoesNotRetryPermanentErrors() async {
        for permanent in [HTTPError.status(code: 404, body: nil), .status(code: 422, body: "x"), .decoding("x"), .cancelled, .invalidURL("x"), .other("x")] {
            let recorder = SleepRecorder()
            var calls = 0
            let error = await caught {
                try await self.policy(attempts: 5, recorder: recorder).run { () async throws -> Int in
                    calls += 1
                    throw permanent
                }
            }
            XCTAssertEqual(error, permanent)
            XCTAssertEqual(calls, 1, "\(permanent)")
            XCTAssertTrue(recorder.recorded.isEmpty)
        }
        XCTAssertFalse(RetryPolicy.isRetryable(CocoaError(.fileNoSuchFile)))
    }

    func testExponentialBackoffDoublesUpToTheMaximum() {
        let backoff = RetryPolicy.Backoff.exponential(initial: .milliseconds(250), maximum: .seconds(1))
        XCTAssertEqual((1...5).map { backoff.delay(beforeRetry: $0) },
                       [.milliseconds(250), .milliseconds(500), .seconds(1), .seconds(1), .seconds(1)])
        XCTAssertEqual(RetryPolicy.Backoff.none.delay(beforeRetry: 3), .zero)
        XCTAssertEqual(RetryPolicy(attempts: 0).attempts, 1)
    }

    func testRetriesARealServerFailure() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/flaky", status: 503)])
        defer { server.stop() }
        let client = HTTPClient(transport: CurlTransport(timeout: 5))
        let url = server.baseURL.appendingPathComponent("flaky")
        let error = await caught { try await RetryPolicy(attempts: 2, backoff: .none).run { try await client.data(.get(url)) } }
        XCTAssertEqual(error, .status(code: 503, body: nil))
        XCTAssertEqual(server.requests().count, 2)
    }
}

/// The one probe's rule against a real server: any HTTP answer is reachable, only no answer is not.
final class ConnectivityProbeTests: XCTestCase {
    func testReachableServerAnswersEvenWith404() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/health", body: Data("ok".utf8))])
        defer { server.stop() }
        let probe = ConnectivityProbe(timeout: 2)
        let healthy = await probe.check(server.baseURL.appendingPathComponent("health"))
        XCTAssertEqual(healthy, .reachable)
        let missing = await probe.check(server.baseURL.appendingPathComponent("missing"))
        XCTAssertEqual(missing, .reachable, "a 404 still proves the server is there")
        XCTAssertEqual(server.requests().map(\.method), ["HEAD", "HEAD"])
    }

    /// A 5xx is the server's own answer (whether it can serve is the request's to show): reachable.
    func testA5xxIsReachable() async throws {
        let server = try LocalHTTPServer(routes: [
            .init(method: "HEAD", path: "/", status: 503),
            .init(method: "HEAD", path: "/broken", status: 500, body: Data("oops".utf8)),
        ])
        defer { server.stop() }
        let unavailable = await ConnectivityProbe(timeout: 2).check(server.baseURL.appendingPathComponent("/"))
        XCTAssertEqual(unavailable, .reachable, "a 503 answers: the server is there")
        let broken = await ConnectivityProbe(timeout: 2).check(server.baseURL.appendingPathComponent("broken"))
        XCTAssertEqual(broken, .reachable, "a 500 answers too")
        XCTAssertEqual(server.requests().map(\.method), ["HEAD", "HEAD"])
    }

    func testNothingListeningIsUnreachableAndNamesTheEndpoint() async throws {
        let port = try CurlTransportTests.closedPort()
        let closed = await ConnectivityProbe(timeout: 2).check(URL(string: "http://127.0.0.1:\(port)/")!)
        guard case .unreachable(let endpoint) = closed else { return XCTFail("\(closed)") }
        XCTAssertTrue(endpoint.contains("127.0.0.1"), endpoint)
    }

    func testASilentServerIsUnreachableAfterTheTimeout() async throws {
        let server = try LocalHTTPServer(routes: [.init(method: "HEAD", path: "/", delay: 4)])
        defer { server.stop() }
        let silent = await ConnectivityProbe(timeout: 1).check(server.baseURL.appendingPathComponent("/"), naming: "the server")
        XCTAssertEqual(silent, .unreachable(endpoint: "the server"), "a timeout names the server as the caller does")
    }
}
