import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The live transport: an ephemeral `URLSession` (no cookies, no cache on disk) with a hard deadline per request.
///
/// On swift-corelibs-foundation the request is bridged from `dataTask(with:completionHandler:)` with a
/// continuation rather than the async `data(for:)`, so that task cancellation reaches the data task and a
/// watchdog can end a request that the session's own timers let run past the deadline.
public final class URLSessionTransport: Transport {
    /// Seconds a request may take, from start to last byte.
    public let timeout: TimeInterval
    private let session: URLSession

    /// - Parameter timeout: seconds a request may take before it fails with ``HTTPError/timeout(seconds:)``.
    public init(timeout: TimeInterval = 15) {
        let seconds = timeout.isFinite && timeout > 0 ? timeout : 15
        self.timeout = seconds
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = seconds
        configuration.timeoutIntervalForResource = seconds
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        session = URLSession(configuration: configuration)
    }

    deinit {
        // Requests in flight hold `self`, so there is nothing left to finish here.
        session.invalidateAndCancel()
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = try makeURLRequest(request)
        let pending = PendingRequest()
        let timeout = self.timeout
        let endpoint = Self.endpoint(of: request.url)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    pending.finish(Self.result(data: data, response: response, error: error,
                                               requestURL: request.url, endpoint: endpoint, timeout: timeout))
                }
                // A little grace after the session's own timer, which normally fires first with a proper URLError.
                let watchdog = Task {
                    try await Task.sleep(for: .seconds(timeout + 0.5))
                    pending.finish(.failure(.timeout(seconds: timeout)))
                }
                pending.start(continuation: continuation, task: task, watchdog: watchdog)
            }
        } onCancel: {
            pending.finish(.failure(.cancelled))
        }
    }

    private func makeURLRequest(_ request: HTTPRequest) throws(HTTPError) -> URLRequest {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = request.url.host, !host.isEmpty
        else { throw HTTPError.invalidURL(request.url.absoluteString) }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    /// "host:port" for messages such as "No connection to 127.0.0.1:8080".
    static func endpoint(of url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    private static func result(
        data: Data?, response: URLResponse?, error: (any Error)?,
        requestURL: URL, endpoint: String, timeout: TimeInterval
    ) -> Result<HTTPResponse, HTTPError> {
        if let error {
            return .failure(map(error, endpoint: endpoint, url: requestURL, timeout: timeout))
        }
        guard let http = response as? HTTPURLResponse else {
            return .failure(.other("The server's answer was not HTTP."))
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        return .success(HTTPResponse(statusCode: http.statusCode, headers: headers, body: data ?? Data(),
                                     url: http.url ?? requestURL))
    }

    static func map(_ error: any Error, endpoint: String, url: URL, timeout: TimeInterval) -> HTTPError {
        if let error = error as? HTTPError { return error }
        guard let urlError = error as? URLError else {
            return .other(error.localizedDescription)
        }
        switch urlError.code {
        case .timedOut:
            return .timeout(seconds: timeout)
        case .cannotConnectToHost, .notConnectedToInternet, .networkConnectionLost, .cannotFindHost,
             .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
            return .offline(endpoint)
        case .cancelled:
            return .cancelled
        case .badURL, .unsupportedURL:
            return .invalidURL(url.absoluteString)
        default:
            return .other("\(urlError.localizedDescription) (URL error \(urlError.code.rawValue))")
        }
    }
}

/// One request's rendezvous between the data task's completion, the watchdog and task cancellation:
/// whichever comes first resumes the continuation; the others find it gone and do nothing.
private final class PendingRequest: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var task: URLSessionDataTask?
        var watchdog: Task<Void, any Error>?
        /// Set when an outcome arrived before `start` (cancellation before the task existed).
        var earlyOutcome: Result<HTTPResponse, HTTPError>?
        var finished = false
    }

    // Mutex makes the class Sendable: all state is only touched inside `withLock`.
    private let state = Mutex(State())

    func start(continuation: CheckedContinuation<HTTPResponse, any Error>, task: URLSessionDataTask, watchdog: Task<Void, any Error>) {
        let early: Result<HTTPResponse, HTTPError>? = state.withLock { state in
            if let outcome = state.earlyOutcome { return outcome }
            state.continuation = continuation
            state.task = task
            state.watchdog = watchdog
            return nil
        }
        if let early {
            task.cancel() // never started; release it
            watchdog.cancel()
            continuation.resume(with: early.mapError { $0 as any Error })
        } else {
            task.resume()
        }
    }

    func finish(_ outcome: Result<HTTPResponse, HTTPError>) {
        let taken = state.withLock { state -> (CheckedContinuation<HTTPResponse, any Error>, URLSessionDataTask?, Task<Void, any Error>?)? in
            guard !state.finished else { return nil }
            state.finished = true
            guard let continuation = state.continuation else {
                state.earlyOutcome = outcome
                return nil
            }
            defer { state.continuation = nil; state.task = nil; state.watchdog = nil }
            return (continuation, state.task, state.watchdog)
        }
        guard let (continuation, task, watchdog) = taken else { return }
        watchdog?.cancel()
        if case .failure = outcome { task?.cancel() }
        continuation.resume(with: outcome.mapError { $0 as any Error })
    }
}
