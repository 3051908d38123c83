import Foundation
import Synchronization

/// Makes every Nth counted request fail, to exercise error screens (check24's "every third request fails").
///
/// A failing request is not forwarded; it is answered with a synthetic **503 Service Unavailable** response.
/// A response rather than a thrown error keeps the ``Transport`` contract (non-2xx is an answer), so it
/// travels the same path as a real server failure: ``HTTPClient`` turns it into
/// `HTTPError.status(code: 503, body: …)`, which is transient (``HTTPError/isTransient``) and retryable.
public final class FaultInjectingTransport: Transport {
    /// The body of an injected failure, so logs can tell it from a real 503.
    public static let faultBody = "Injected fault (fail every Nth request)."

    private let wrapped: any Transport
    private let failEvery: Int
    private let counts: @Sendable (HTTPRequest) -> Bool
    // A Mutex rather than an actor: the count must advance synchronously, in call order, before the
    // request is forwarded, and an actor hop would add a suspension point without adding safety.
    private let counted = Mutex(0)

    /// - Parameters:
    ///   - wrapped: the transport that serves requests that do not fail.
    ///   - failEvery: N; the Nth, 2Nth, … counted request fails. `0` (or less) never fails.
    ///   - counts: which requests count (for example only the product list, not images). Uncounted requests never fail.
    public init(wrapping wrapped: any Transport, failEvery: Int, counts: @escaping @Sendable (HTTPRequest) -> Bool = { _ in true }) {
        self.wrapped = wrapped
        self.failEvery = failEvery
        self.counts = counts
    }

    /// How many counted requests have been seen so far.
    public var countedRequests: Int { counted.withLock { $0 } }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if shouldFail(request) {
            return HTTPResponse(statusCode: 503, headers: ["Content-Type": "text/plain; charset=utf-8"],
                                body: Data(Self.faultBody.utf8), url: request.url)
        }
        return try await wrapped.send(request)
    }

    private func shouldFail(_ request: HTTPRequest) -> Bool {
        guard failEvery > 0, counts(request) else { return false }
        let number = counted.withLock { count in
            count += 1
            return count
        }
        return number % failEvery == 0
    }
}
