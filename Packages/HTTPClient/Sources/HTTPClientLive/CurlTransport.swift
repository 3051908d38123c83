import CCurlShim
import Foundation
import HTTPClient
import Synchronization

/// The live transport: libcurl's multi interface, driven by one ``CurlSession`` (one thread, one
/// connection pool) for every transfer that shares it.
///
/// - **Byte cap, while streaming:** an announced `Content-Length` over the request's
///   ``HTTPRequest/byteLimit`` ends the transfer from the header callback, a body that outgrows it from
///   the write callback (compressed bodies count decoded), with ``HTTPError/tooLarge(limit:)``: libcurl
///   stops reading, so a refused answer is never downloaded.
/// - **Content type, before the body:** a 2xx whose `Content-Type` the request does not accept
///   (``HTTPRequest/acceptedContentTypes``) ends after its headers.
/// - **Headers, bounded:** at most ``CurlSession/maximumHeaderLines`` lines and
///   ``CurlSession/maximumHeaderBytes`` bytes per answer, each read once.
/// - **One deadline for the whole request**, connecting included: `timeout` seconds.
/// - **Redirects** are followed up to ``CurlSession/maximumRedirects``, to http and https only.
/// - **https:** the system's trust store, or `SSL_CERT_FILE` / `SSL_CERT_DIR` as OpenSSL tools read
///   them; a certificate that does not verify is an error that names the host, never retried
///   insecurely. Proxies come from `http_proxy`, `https_proxy` and `no_proxy`, as curl reads them;
///   this machine's own addresses (`localhost`, `127.0.0.1`, `::1`) never go through one.
public struct CurlTransport: Transport {
    /// Seconds a request may take, from start to last byte.
    public let timeout: TimeInterval
    private let session: CurlSession

    /// - Parameters:
    ///   - timeout: seconds a request may take before it fails with ``HTTPError/timeout(seconds:)``.
    ///   - session: the event loop and connection pool to use; the composition root shares one per process.
    public init(timeout: TimeInterval = 15, session: CurlSession = CurlSession()) {
        self.timeout = timeout.isFinite && timeout > 0 ? timeout : 15
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let scheme = request.url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = request.url.host, !host.isEmpty
        else { throw HTTPError.invalidURL(URLDisplay.redacted(request.url)) }
        let transfer = try CurlTransfer(request: request, timeout: timeout, environment: session.environment)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                guard transfer.start(continuation) else { return }
                session.add(transfer)
            }
        } onCancel: {
            transfer.finish(.failure(.cancelled))
            session.remove(transfer)
        }
    }

    /// "host:port" for messages such as "No connection to 127.0.0.1:8080" (never the user info).
    static func endpoint(of url: URL) -> String {
        guard let host = url.host else { return URLDisplay.redacted(url) }
        return url.port.map { "\(host):\($0)" } ?? host
    }
}

/// One libcurl multi handle and the thread that drives it: every transfer added to it shares its
/// connections (keep-alive, and HTTP/2 multiplexing where a TLS server offers it), at most
/// ``connectionsPerHost`` to one host. The thread sleeps in `curl_multi_poll` while transfers wait, so a
/// request that waits costs no CPU; `curl_multi_wakeup` wakes it when a transfer is added or removed.
public final class CurlSession: Sendable {
    /// Connections to one host at most (as browsers keep): more requests wait for one to be free.
    public static let connectionsPerHost = 6
    /// Header lines one answer may have: more is no server's answer, and is refused at once.
    public static let maximumHeaderLines = 500
    /// Header bytes one answer may have.
    public static let maximumHeaderBytes = 256 << 10
    /// Redirects followed at most.
    public static let maximumRedirects = 10

    private let loop: CurlLoop
    /// `SSL_CERT_FILE`, `SSL_CERT_DIR` and `no_proxy`, read once.
    let environment: [String: String]

    /// A session with its own thread and connection pool.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
        loop = CurlLoop()
        let loop = self.loop
        let thread = Thread { loop.run() }
        thread.name = "libcurl"
        thread.start()
    }

    deinit {
        loop.stop()
    }

    func add(_ transfer: CurlTransfer) {
        loop.add(transfer)
    }

    func remove(_ transfer: CurlTransfer) {
        loop.remove(transfer)
    }
}

/// The multi handle's thread. `@unchecked Sendable`: `multi` and `active` are used only by ``run()``
/// on its own thread (after `init`, which nothing else sees yet); what other threads hand over goes
/// through `commands`, a `Mutex`; and `curl_multi_wakeup` is the one libcurl call documented as safe
/// from any thread.
private final class CurlLoop: @unchecked Sendable {
    struct Commands {
        var adds: [CurlTransfer] = []
        var removes: [CurlTransfer] = []
        var stopped = false
    }

    private static let globalInit: Void = { curl_global_init(Int(CURL_GLOBAL_ALL)) }()

    private let multi: UnsafeMutableRawPointer?
    private let commands = Mutex(Commands())
    private var active: [Int: CurlTransfer] = [:]

    init() {
        _ = Self.globalInit
        multi = curl_multi_init()
        _ = apps_curl_multi_setopt_long(multi, CURLMOPT_MAX_HOST_CONNECTIONS, CurlSession.connectionsPerHost)
        _ = apps_curl_multi_setopt_long(multi, CURLMOPT_PIPELINING, Int(CURLPIPE_MULTIPLEX))
    }

    func add(_ transfer: CurlTransfer) {
        commands.withLock { $0.adds.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func remove(_ transfer: CurlTransfer) {
        commands.withLock { $0.removes.append(transfer) }
        curl_multi_wakeup(multi)
    }

    func stop() {
        commands.withLock { $0.stopped = true }
        curl_multi_wakeup(multi)
    }

    func run() {
        var running: Int32 = 0
        while true {
            let taken = commands.withLock { commands -> Commands in
                defer { commands.adds = []; commands.removes = [] }
                return commands
            }
            for transfer in taken.adds where !transfer.isFinished {
                active[transfer.key] = transfer
                curl_multi_add_handle(multi, transfer.easy)
            }
            for transfer in taken.removes {
                guard active.removeValue(forKey: transfer.key) != nil else { continue }
                curl_multi_remove_handle(multi, transfer.easy)
            }
            if taken.stopped {
                for transfer in active.values {
                    curl_multi_remove_handle(multi, transfer.easy)
                    transfer.finish(.failure(.cancelled))
                }
                active.removeAll()
                curl_multi_cleanup(multi)
                return
            }
            curl_multi_perform(multi, &running)
            var remaining: Int32 = 0
            while let message = curl_multi_info_read(multi, &remaining) {
                guard message.pointee.msg == CURLMSG_DONE, let easy = message.pointee.easy_handle else { continue }
                let result = apps_curl_message_result(message)
                guard let transfer = active.removeValue(forKey: Int(bitPattern: easy)) else { continue }
                curl_multi_remove_handle(multi, easy)
                transfer.complete(result)
            }
            // Sleeps until a socket is ready, libcurl's next timeout, or a wakeup: never a busy wait.
            curl_multi_poll(multi, nil, 0, 1000, nil)
        }
    }
}

/// One request: its easy handle, what the callbacks gathered, and the continuation that whichever
/// comes first — the transfer's end, a refusal, cancellation — resumes.
///
/// `@unchecked Sendable`: the gathered state (`body`, `headers`, counts, `refusal`) is touched only by
/// libcurl's callbacks and ``complete(_:)``, all on the session's thread; the continuation is behind a `Mutex`.
final class CurlTransfer: @unchecked Sendable {
    let request: HTTPRequest
    let timeout: TimeInterval
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
    private var refusal: HTTPError?

    private struct Outcome {
        var continuation: CheckedContinuation<HTTPResponse, any Error>?
        var finished = false
    }
    private let outcome = Mutex(Outcome())

    init(request: HTTPRequest, timeout: TimeInterval, environment: [String: String]) throws(HTTPError) {
        guard let easy = curl_easy_init() else { throw HTTPError.other("libcurl could not start a transfer.") }
        self.request = request
        self.timeout = timeout
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
        let milliseconds = Int(min(timeout * 1000, Double(Int32.max)))
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, milliseconds)
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_CONNECTTIMEOUT_MS, milliseconds)
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
        _ = apps_curl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, CurlSession.maximumRedirects)
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_PROTOCOLS_STR, "http,https")
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_REDIR_PROTOCOLS_STR, "http,https")
        // Every encoding libcurl decodes; the write callback sees (and caps) the decoded bytes.
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_USERAGENT, "apps-cli")
        // The proxies of the environment, as curl reads them, but never for this machine's own addresses.
        let noProxy = [environment["no_proxy"] ?? environment["NO_PROXY"], "localhost,127.0.0.1,::1"].compactMap { $0 }.filter { !$0.isEmpty }
        _ = apps_curl_easy_setopt_string(easy, CURLOPT_NOPROXY, noProxy.joined(separator: ","))
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
    func start(_ continuation: CheckedContinuation<HTTPResponse, any Error>) -> Bool {
        let finished = outcome.withLock { outcome -> Bool in
            if outcome.finished { return true }
            outcome.continuation = continuation
            return false
        }
        if finished { continuation.resume(throwing: HTTPError.cancelled) }
        return !finished
    }

    /// Resumes the caller once, with the first outcome.
    func finish(_ result: Result<HTTPResponse, HTTPError>) {
        let continuation = outcome.withLock { outcome -> CheckedContinuation<HTTPResponse, any Error>? in
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
        // Interim answers and redirects that libcurl follows have no body for us.
        if (100..<200).contains(statusCode) || ((300..<400).contains(statusCode) && header("Location") != nil) { return true }
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
        guard body.count + bytes.count <= request.byteLimit else {
            refusal = .tooLarge(limit: request.byteLimit)
            return 0
        }
        body.append(contentsOf: bytes)
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
        var effective: UnsafeMutablePointer<CChar>?
        _ = apps_curl_easy_getinfo_string(easy, CURLINFO_EFFECTIVE_URL, &effective)
        let url = effective.flatMap { URL(string: String(cString: $0)) } ?? request.url
        finish(.success(HTTPResponse(statusCode: status, headers: headers, body: body, url: url)))
        body = Data()
    }

    private func error(_ code: CURLcode) -> HTTPError {
        let detail = String(cString: errorBuffer)
        let reason = detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail
        switch code {
        case CURLE_OPERATION_TIMEDOUT:
            return .timeout(seconds: timeout)
        case CURLE_COULDNT_CONNECT, CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
            return .offline(endpoint)
        case CURLE_GOT_NOTHING, CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_PARTIAL_FILE:
            // The server was there: a reset, or a close before the answer was complete.
            return .connectionLost(endpoint)
        case CURLE_UNSUPPORTED_PROTOCOL, CURLE_URL_MALFORMAT:
            return .invalidURL(URLDisplay.redacted(request.url))
        case CURLE_TOO_MANY_REDIRECTS:
            return .other("the server redirected more than \(CurlSession.maximumRedirects) times")
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
