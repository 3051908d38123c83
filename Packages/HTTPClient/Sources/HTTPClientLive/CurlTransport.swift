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
/// - **One deadline for the whole request**, connecting and redirects included: `timeout` seconds.
/// - **Redirects** are followed here, up to ``CurlSession/maximumRedirects``, as RFC 9110 says
///   (``Redirection``): 303 becomes a `GET`, 307 and 308 keep the method and body, a change is never
///   sent on to another server, and only http and https are followed.
/// - **https:** the system's trust store, or `SSL_CERT_FILE` / `SSL_CERT_DIR` as OpenSSL tools read
///   them; a certificate that does not verify is an error that names the host, never retried
///   insecurely.
/// - **Proxies** come from the session's environment (``ProxyRoute``): `http_proxy`, `https_proxy`,
///   `all_proxy` and `no_proxy`, as curl reads them; this machine's own addresses, in any spelling,
///   never go through one.
/// - **Name lookups never hold up other requests:** a transfer whose lookup is still running is
///   dropped without waiting for its resolver thread (`CURLOPT_QUICK_EXIT`).
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
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: .milliseconds(Int64(min(timeout * 1000, Double(Int32.max)))))
        var hop = request
        var redirects = 0
        while true {
            let left = clock.now.duration(to: deadline)
            guard left > .zero else { throw HTTPError.timeout(seconds: timeout) }
            let seconds = Double(left.components.seconds) + Double(left.components.attoseconds) / 1e18
            let answer = try await send(hop, within: seconds)
            guard let next = try Redirection.next(status: answer.response.statusCode, location: answer.redirect, after: hop, original: request)
            else { return answer.response }
            redirects += 1
            guard redirects <= CurlSession.maximumRedirects else {
                throw HTTPError.other("the server at \(Self.endpoint(of: request.url)) redirected more than \(CurlSession.maximumRedirects) times")
            }
            hop = next
        }
    }

    /// One request to one URL, no redirect followed: the answer and where it redirects, if it does.
    private func send(_ request: HTTPRequest, within seconds: TimeInterval) async throws -> CurlTransfer.Answer {
        let transfer = try CurlTransfer(request: request, timeout: seconds, statedTimeout: timeout, environment: session.environment)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<CurlTransfer.Answer, any Error>) in
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

