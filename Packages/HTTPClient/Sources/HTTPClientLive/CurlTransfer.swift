import CCurlShim
import Foundation
import HTTPClient
import Synchronization

/// One request: its easy handle, what the callbacks gathered, and the continuation that whichever
/// comes first — the transfer's end, a refusal, cancellation — resumes.
///
/// `@unchecked Sendable`: the gathered state (`body`, `headers`, counts, `refusal`) is touched only by
/// libcurl's callbacks and ``complete(_:)``, all on the session's thread; the continuation is behind a `Mutex`.
final class CurlTransfer: @unchecked Sendable {
    /// What one request to one URL came to: the answer, and where it redirects (libcurl's reading of
    /// its `Location`, resolved against the URL asked), for ``CurlTransport`` to decide.
    struct Answer: Sendable {
        var response: HTTPResponse
        var redirect: URL?
    }

    let request: HTTPRequest
    /// Seconds this transfer may take (what is left of the request's deadline).
    let timeout: TimeInterval
    /// The request's whole timeout, as a timeout error states it.
    let statedTimeout: TimeInterval
    let endpoint: String
    let easy: UnsafeMutableRawPointer
    var key: Int { Int(bitPattern: easy) }
    private var headerList: UnsafeMutablePointer<curl_slist>?
    private let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE) + 1)

    private var body = Data()
    private var headers: [String: String] = [:]
    private var statusCode = 0
    private var headerLines = 0
    private var headerBytes = 0
    /// Body bytes received, kept or not.
    private var receivedBytes = 0
    private var refusal: HTTPError?
    /// A redirect that will be followed: its body is counted against the cap, never kept.
    private var discardsBody = false

    private struct Outcome {
        var continuation: CheckedContinuation<Answer, any Error>?
        var finished = false
    }
    private let outcome = Mutex(Outcome())

    init(request: HTTPRequest, timeout: TimeInterval, statedTimeout: TimeInterval, environment: [String: String]) throws(HTTPError) {
        guard let easy = curl_easy_init() else { throw HTTPError.other("libcurl could not start a transfer.") }
        self.request = request
        self.timeout = timeout
        self.statedTimeout = statedTimeout
        self.endpoint = CurlTransport.endpoint(of: request.url)
        self.easy = easy
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        configure(environment: environment)
    }

    deinit {
        curl_easy_cleanup(easy)
        curl_slist_free_all(headerList)
        errorBuffer.deallocate()
    }

    var isFinished: Bool { outcome.withLock { $0.finished } }

    private func configure(environment: [String: String]) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_URL, request.url.absoluteString)
        _ = apps_curl_easy_setopt_pointer(easy, CURLOPT_PRIVATE, context)
        _ = apps_curl_easy_setopt_write_function(easy, curlWriteCallback)
        _ = apps_curl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
        _ = apps_curl_easy_setopt_header_function(easy, curlHeaderCallback)
        _ = apps_curl_easy_setopt_pointer(easy, CURLOPT_HEADERDATA, context)
        _ = apps_curl_easy_setopt_pointer(easy, CURLOPT_ERRORBUFFER, errorBuffer)
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
        // A lookup still running when the transfer ends (cancelled, timed out) is left to finish on
        // its own thread: without this, libcurl waits for it on the session's thread, and every other
        // request of the process waits too (seconds, for a host whose name server does not answer).
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_QUICK_EXIT, 1)
        let milliseconds = max(1, Int(min(timeout * 1000, Double(Int32.max))))
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        // Redirects are CurlTransport's to follow (Redirection): libcurl would keep a DELETE a DELETE after a 303.
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 0)
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        // Every encoding libcurl decodes; the write callback sees (and caps) the decoded bytes.
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, "apps-cli")
        // The proxy of the environment the session was given, never one for this machine's own addresses;
        // set even when empty, so libcurl never reads the process's environment on its own.
        let route = ProxyRoute(for: request.url, environment: environment)
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_PROXY, route.proxy)
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_NOPROXY, route.noProxy)
        if let file = environment["SSL_CERT_FILE"], !file.isEmpty { _ = apps_curl_easy_setopt_string(easy, CURLOPT_CAINFO, file) }
        if let folder = environment["SSL_CERT_DIR"], !folder.isEmpty { _ = apps_curl_easy_setopt_string(easy, CURLOPT_CAPATH, folder) }
        switch request.method {
        case .get: _ = apps_curl_easy_setopt_long(easy, CURLOPT_HTTPGET, 1)
        case .head: _ = apps_curl_easy_setopt_long(easy, CURLOPT_NOBODY, 1)
        case .post, .put, .patch, .delete: _ = apps_curl_easy_setopt_string(easy, CURLOPT_CUSTOMREQUEST, request.method.rawValue)
        }
        var lines = request.headers.map { "\($0.key): \($0.value)" }
        // No "Expect: 100-continue" round trip before a body.
        lines.append("Expect:")
        if let body = request.body, request.method != .get, request.method != .head {
            _ = apps_curl_easy_setopt_offset(easy, CURLOPT_POSTFIELDSIZE_LARGE, curl_off_t(body.count))
            body.withUnsafeBytes { bytes in
                _ = apps_curl_easy_setopt_pointer(easy, CURLOPT_COPYPOSTFIELDS, UnsafeMutableRawPointer(mutating: bytes.baseAddress ?? UnsafeRawPointer(errorBuffer)))
            }
            // libcurl would call a body form data; the request says what it is, or nothing does.
            if !request.headers.keys.contains(where: { $0.lowercased() == "content-type" }) { lines.append("Content-Type:") }
        }
        for line in lines { headerList = curl_slist_append(headerList, line) }
        _ = apps_curl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, UnsafeMutableRawPointer(headerList))
    }

    /// Keeps the continuation; false (and it resumed) when the request was cancelled already.
    func start(_ continuation: CheckedContinuation<Answer, any Error>) -> Bool {
        let finished = outcome.withLock { outcome -> Bool in
            if outcome.finished { return true }
            outcome.continuation = continuation
            return false
        }
        if finished { continuation.resume(throwing: HTTPError.cancelled) }
        return !finished
    }

    /// Resumes the caller once, with the first outcome.
    func finish(_ result: Result<Answer, HTTPError>) {
        let continuation = outcome.withLock { outcome -> CheckedContinuation<Answer, any Error>? in
            guard !outcome.finished else { return nil }
            outcome.finished = true
            defer { outcome.continuation = nil }
            return outcome.continuation
        }
        continuation?.resume(with: result.mapError { $0 as any Error })
    }

    // MARK: Callbacks (the session's thread)

    /// One header line (the status line included); 0 ends the transfer.
    func receiveHeader(_ bytes: UnsafeRawBufferPointer) -> Int {
        headerLines += 1
        headerBytes += bytes.count
        if headerLines > CurlSession.maximumHeaderLines || headerBytes > CurlSession.maximumHeaderBytes {
            refusal = .other("The server's answer has more than \(CurlSession.maximumHeaderLines) header lines or "
                             + "\(CurlSession.maximumHeaderBytes / 1024) KB of headers.")
            return 0
        }
        var line = Substring(String(decoding: bytes, as: UTF8.self))
        while let last = line.last, last == "\n" || last == "\r" || last == "\r\n" { line = line.dropLast() }
        if line.hasPrefix("HTTP/") {
            // A new answer (after a redirect or a 100 Continue): its own headers.
            headers = [:]
            statusCode = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            return bytes.count
        }
        if line.isEmpty {
            return endOfHeaders() ? bytes.count : 0
        }
        if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
        return bytes.count
    }

    /// The headers of an answer are in: refuses what the request cannot take before any body comes.
    private func endOfHeaders() -> Bool {
        // Interim answers and redirects that will be followed have no body for us.
        if (100..<200).contains(statusCode) { return true }
        discardsBody = Redirection.followed.contains(statusCode) && header("Location") != nil
        if discardsBody { return true }
        if let announced = header("Content-Length").flatMap({ Int($0) }), announced > request.byteLimit {
            refusal = .tooLarge(limit: request.byteLimit)
            return false
        }
        // Only a successful answer must be of the expected type; an error page may be HTML.
        if (200..<300).contains(statusCode), !request.accepts(contentType: header("Content-Type")) {
            refusal = .unexpectedContentType(header("Content-Type") ?? "")
            return false
        }
        if let announced = header("Content-Length").flatMap({ Int($0) }), announced > 0 { body.reserveCapacity(announced) }
        return true
    }

    private func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }

    /// More (decoded) body; 0 ends the transfer when it outgrows the cap.
    func receiveBody(_ bytes: UnsafeRawBufferPointer) -> Int {
        guard receivedBytes + bytes.count <= request.byteLimit else {
            refusal = .tooLarge(limit: request.byteLimit)
            return 0
        }
        receivedBytes += bytes.count
        if !discardsBody { body.append(contentsOf: bytes) }
        return bytes.count
    }

    /// libcurl finished the transfer with `code`.
    func complete(_ code: CURLcode) {
        if let refusal {
            finish(.failure(refusal))
            return
        }
        guard code == CURLE_OK else {
            finish(.failure(error(code)))
            return
        }
        var status = 0
        _ = apps_curl_easy_getinfo_long(easy, CURLINFO_RESPONSE_CODE, &status)
        var redirect: URL?
        if Redirection.followed.contains(status), let location = header("Location") {
            var resolved: UnsafeMutablePointer<CChar>?
            _ = apps_curl_easy_getinfo_string(easy, CURLINFO_REDIRECT_URL, &resolved)
            redirect = resolved.flatMap { URL(string: String(cString: $0)) }
                ?? URL(string: location.trimmingCharacters(in: .whitespaces), relativeTo: request.url)?.absoluteURL
        }
        let response = HTTPResponse(statusCode: status, headers: headers, body: discardsBody ? Data() : body, url: request.url)
        finish(.success(Answer(response: response, redirect: redirect)))
        body = Data()
    }

    private func error(_ code: CURLcode) -> HTTPError {
        let detail = String(cString: errorBuffer)
        let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(seconds: statedTimeout)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .offline(endpoint)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            // The server was there: a reset, or a close before the answer was complete.
            return .connectionLost(endpoint)
        case CURLE_URL_MALFORMAT:
            return .invalidURL(URLDisplay.redacted(request.url))
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_WEIRD_SERVER_REPLY:
            // The URL was http(s) (CurlTransport checks it first): what came back was not HTTP/1.0 or later.
            return .other("the server at \(endpoint) did not answer in HTTP (\(reason))")
        case CURLE_OUT_OF_MEMORY:
            // libcurl refuses one header line of more than 100 KB with this code, before any callback sees it.
            return .other("the server at \(endpoint) sent a header line longer than 100 KB, which is not read")
        case CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CACERT_BADFILE, CURLE_SSL_CONNECT_ERROR, CURLE_SSL_CERTPROBLEM:
            return .other("the certificate of \(request.url.host ?? endpoint) could not be verified (\(reason)); nothing was sent without it")
        default:
            return .other("\(reason) (libcurl error \(code.rawValue))")
        }
    }
}

/// libcurl's write callback: the context is the transfer (kept alive by the session while it runs).
private let curlWriteCallback: apps_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveBody(UnsafeRawBufferPointer(start: data, count: size * count))
}

/// libcurl's header callback, one line at a time.
private let curlHeaderCallback: apps_curl_data_callback = { data, size, count, context in
    guard let context else { return 0 }
    let transfer = Unmanaged<CurlTransfer>.fromOpaque(context).takeUnretainedValue()
    return transfer.receiveHeader(UnsafeRawBufferPointer(start: data, count: size * count))
}
