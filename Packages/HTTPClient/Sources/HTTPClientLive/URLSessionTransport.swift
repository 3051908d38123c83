import Foundation
import HTTPClient
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Synchronization

/// The live transport: an ephemeral `URLSession` per request (no cookies, no cache on disk) that streams
/// the answer through a delegate, so that a server can neither fill memory nor hold a request open.
///
/// - **Byte cap, while streaming:** a body beyond the request's ``HTTPRequest/byteLimit`` (or a
///   `Content-Length` announcing one) cancels the task at once with ``HTTPError/tooLarge(limit:)``.
/// - **Content type, before the body:** an answer whose `Content-Type` the request does not accept
///   (``HTTPRequest/acceptedContentTypes``) is cancelled after its headers.
/// - **One deadline for the whole request:** `timeout` seconds from start to last byte. URLSession's
///   own timers on Linux only notice idle connections, so a watchdog enforces it.
public final class URLSessionTransport: Transport {
    /// Seconds a request may take, from start to last byte.
    public let timeout: TimeInterval

    /// - Parameter timeout: seconds a request may take before it fails with ``HTTPError/timeout(seconds:)``.
    public init(timeout: TimeInterval = 15) {
        self.timeout = timeout.isFinite && timeout > 0 ? timeout : 15
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let urlRequest = try makeURLRequest(request)
        let timeout = self.timeout
        let pending = PendingRequest(request: request, endpoint: Self.endpoint(of: request.url), timeout: timeout)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                // The deadline runs from here, whatever URLSession does next.
                let watchdog = Task {
                    try await Task.sleep(for: .seconds(timeout))
                    pending.finish(.failure(.timeout(seconds: timeout)))
                }
                guard pending.start(continuation: continuation, watchdog: watchdog) else { return }
                // One session per request, created off the cooperative pool: on Linux, URLSession's calls
                // synchronise with its work queue, which a cancelled transfer of an endless body can keep
                // busy for many seconds. A session of its own, invalidated when the request ends, keeps
                // one request's misfortune from stalling the next, and never blocks a Swift concurrency thread.
                DispatchQueue.global().async {
                    let session = URLSession(configuration: Self.configuration(timeout: timeout),
                                             delegate: StreamingDelegate(pending: pending), delegateQueue: nil)
                    pending.attach(session: session, task: session.dataTask(with: urlRequest))
                }
            }
        } onCancel: {
            pending.finish(.failure(.cancelled))
        }
    }

    /// Ephemeral (no cookies, no cache); URLSession's own timers only back up the watchdog.
    private static func configuration(timeout: TimeInterval) -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout + 1
        configuration.timeoutIntervalForResource = timeout + 1
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        return configuration
    }

    private func makeURLRequest(_ request: HTTPRequest) throws(HTTPError) -> URLRequest {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = request.url.host, !host.isEmpty
        else { throw HTTPError.invalidURL(URLDisplay.redacted(request.url)) }
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout + 1)
        urlRequest.httpMethod = request.method.rawValue
        for (name, value) in request.headers {
            urlRequest.setValue(value, forHTTPHeaderField: name)
        }
        urlRequest.httpBody = request.body
        return urlRequest
    }

    /// "host:port" for messages such as "No connection to 127.0.0.1:8080" (never the user info).
    static func endpoint(of url: URL) -> String {
        guard let host = url.host else { return URLDisplay.redacted(url) }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    static func map(_ error: any Error, endpoint: String, url: URL, timeout: TimeInterval) -> HTTPError {
        if let error = error as? HTTPError { return error }
        guard let urlError = error as? URLError else {
            return .other(error.localizedDescription)
        }
        switch urlError.code {
        case .timedOut:
            return .timeout(seconds: timeout)
        case .cannotConnectToHost, .notConnectedToInternet, .cannotFindHost,
             .dnsLookupFailed, .internationalRoamingOff, .dataNotAllowed:
            return .offline(endpoint)
        case .networkConnectionLost, .badServerResponse, .zeroByteResource:
            // The server was there (a reset, a close before the answer was complete).
            return .connectionLost(endpoint)
        case .cancelled:
            return .cancelled
        case .badURL, .unsupportedURL:
            return .invalidURL(URLDisplay.redacted(url))
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .other("the server redirected too often or to nowhere (URL error \(urlError.code.rawValue))")
        default:
            return .other("\(urlError.localizedDescription) (URL error \(urlError.code.rawValue))")
        }
    }
}

/// Feeds URLSession's callbacks to the one request of its session.
///
/// `@unchecked Sendable`: URLSession requires an `NSObject` delegate, which cannot be checked; its only
/// stored property is the immutable reference to the Sendable ``PendingRequest``. The session retains
/// its delegate until it is invalidated, which ``PendingRequest`` does when the request ends.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    let pending: PendingRequest

    init(pending: PendingRequest) {
        self.pending = pending
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping (URLSession.ResponseDisposition) -> Void) {
        completionHandler(pending.receive(response) ? .allow : .cancel)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        pending.receive(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        pending.complete(error: error, response: task.response)
    }
}

/// One request's state: the body so far, and the rendezvous between the data task's completion,
/// the byte cap, the watchdog and task cancellation. Whichever comes first resumes the continuation;
/// the others find it gone and do nothing.
private final class PendingRequest: Sendable {
    private struct State {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var watchdog: Task<Void, any Error>?
        var session: URLSession?
        var task: URLSessionDataTask?
        var finished = false
        var response: HTTPURLResponse?
        var body = Data()
    }

    let request: HTTPRequest
    let endpoint: String
    let timeout: TimeInterval
    // Mutex makes the class Sendable: all state is only touched inside `withLock`.
    private let state = Mutex(State())

    /// An IPv4 or bracketed IPv6 address: nothing to resolve.
    static func isAddressLiteral(_ host: String?) -> Bool {
        guard let host, !host.isEmpty else { return false }
        if host.hasPrefix("[") || host.contains(":") { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isNumber) }
    }

    init(request: HTTPRequest, endpoint: String, timeout: TimeInterval) {
        self.request = request
        self.endpoint = endpoint
        self.timeout = timeout
    }

    /// Keeps the continuation; `false` (and the continuation resumed) when the request was already
    /// cancelled before it started.
    func start(continuation: CheckedContinuation<HTTPResponse, any Error>, watchdog: Task<Void, any Error>) -> Bool {
        let alreadyFinished = state.withLock { state -> Bool in
            if state.finished { return true }
            state.continuation = continuation
            state.watchdog = watchdog
            return false
        }
        if alreadyFinished {
            watchdog.cancel()
            continuation.resume(throwing: HTTPError.cancelled)
            return false
        }
        return true
    }

    /// The session and task exist: run the task, unless the request ended meanwhile.
    func attach(session: URLSession, task: URLSessionDataTask) {
        let alreadyFinished = state.withLock { state -> Bool in
            if state.finished { return true }
            state.session = session
            state.task = task
            return false
        }
        if alreadyFinished {
            task.cancel()
            session.invalidateAndCancel()
        } else {
            task.resume()
        }
    }

    /// The status line and headers arrived: `false` refuses the body (wrong type or announced too large).
    func receive(_ response: URLResponse) -> Bool {
        guard let http = response as? HTTPURLResponse else {
            finish(.failure(.other("The server's answer was not HTTP.")))
            return false
        }
        if http.expectedContentLength > Int64(request.byteLimit) {
            finish(.failure(.tooLarge(limit: request.byteLimit)))
            return false
        }
        // Only a successful answer must be of the expected type; an error page may be HTML.
        let contentType = http.value(forHTTPHeaderField: "Content-Type")
        if (200..<300).contains(http.statusCode), !request.accepts(contentType: contentType) {
            finish(.failure(.unexpectedContentType(contentType ?? "")))
            return false
        }
        state.withLock { state in
            state.response = http
            // The announced length, reserved once: a 47 MB catalog then arrives without the body being
            // copied at every doubling, and without a doubled capacity at its peak.
            if http.expectedContentLength > 0 { state.body.reserveCapacity(Int(http.expectedContentLength)) }
        }
        return true
    }

    /// More body: kept while within the cap, else the request ends here.
    func receive(_ data: Data) {
        let overLimit = state.withLock { state -> Bool in
            guard !state.finished else { return false }
            if state.body.count + data.count > request.byteLimit { return true }
            state.body.append(data)
            return false
        }
        if overLimit { finish(.failure(.tooLarge(limit: request.byteLimit))) }
    }

    func complete(error: (any Error)?, response: URLResponse?) {
        if let error {
            finish(.failure(URLSessionTransport.map(error, endpoint: endpoint, url: request.url, timeout: timeout)))
            return
        }
        let (http, body) = state.withLock { state in (state.response ?? response as? HTTPURLResponse, state.body) }
        guard let http else {
            finish(.failure(.other("The server's answer was not HTTP.")))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            headers[String(describing: name)] = String(describing: value)
        }
        finish(.success(HTTPResponse(statusCode: http.statusCode, headers: headers, body: body, url: http.url ?? request.url)))
    }

    func finish(_ outcome: Result<HTTPResponse, HTTPError>) {
        typealias Taken = (CheckedContinuation<HTTPResponse, any Error>?, Task<Void, any Error>?, URLSession?, URLSessionDataTask?, Bool)
        let taken = state.withLock { state -> Taken? in
            guard !state.finished else { return nil }
            state.finished = true
            state.body = Data() // a refused or finished body is not kept twice
            defer { state.continuation = nil; state.watchdog = nil; state.session = nil; state.task = nil }
            return (state.continuation, state.watchdog, state.session, state.task, state.response != nil)
        }
        guard let (continuation, watchdog, session, unfinishedTask, hadResponse) = taken else { return }
        // Cancelling a task whose host name may still be resolving makes Foundation wait, on the work
        // queue every session shares, for libcurl's resolver thread (seconds for a host that does not
        // resolve): every other request, the content too, waits behind it. Such a task is left to end
        // by itself (its session's own timeout, `timeout + 1`); one with an answer, or one to an address
        // that needs no resolving, is cancelled so that its transfer stops.
        let task = hadResponse || Self.isAddressLiteral(request.url.host) ? unfinishedTask : nil
        watchdog?.cancel()
        // Answer first: the caller never waits for the transfer to wind down.
        continuation?.resume(with: outcome.mapError { $0 as any Error })
        // Not on this thread: `finish` may run inside a URLSession delegate callback, and cancelling from
        // there can stall until the server stops sending (seen on Linux with an endless body).
        // Invalidating releases the delegate, which the session retains until then.
        DispatchQueue.global().async {
            if case .failure = outcome { task?.cancel() }
            session?.finishTasksAndInvalidate()
        }
    }
}
