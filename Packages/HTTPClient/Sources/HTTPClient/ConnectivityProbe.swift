import Foundation

/// Answers "can we reach this server right now?" with one quick `HEAD`: the one connectivity check
/// (Numbers asks it before its first list request). The live probe over libcurl is
/// `ConnectivityProbe(timeout:)` in `HTTPClientLive`.
///
/// The rule: **any** HTTP answer means reachable — a 404, a 405 or a 503 too — and only no answer at all
/// (nothing listening, no network, a connection lost, a timeout: ``HTTPError/meansNoAnswer``) means
/// unreachable. A server that answers is reachable: whether it can serve is the request's own answer
/// to show (its status and body, worded by the feature), not a connectivity question, and a probe that
/// called a 5xx "no connection" would hide the server's own word behind a wrong one.
public struct ConnectivityProbe: Sendable {
    private let client: HTTPClient

    /// A probe over any transport (the feature's own, so it goes where its requests go; a
    /// ``BundledTransport`` in demo mode).
    public init(transport: any Transport) {
        client = HTTPClient(transport: transport)
    }

    /// Sends `HEAD url` (no body wanted) and says whether anything answered. Never throws.
    /// - Parameter server: how to name the server when the failure names no endpoint of its own
    ///   (a timeout); by default `url`, without a password (``URLDisplay/redacted(_:)``).
    public func check(_ url: URL, naming server: String? = nil) async -> Connectivity {
        do {
            _ = try await client.send(HTTPRequest(method: .head, url: url, byteLimit: 0))
            return .reachable
        } catch {
            guard error.meansNoAnswer else { return .reachable } // an odd answer is the request's to report
            let named = server ?? URLDisplay.redacted(url)
            switch error {
            case .offline(let endpoint), .connectionLost(let endpoint): return .unreachable(endpoint: endpoint.isEmpty ? named : endpoint)
            default: return .unreachable(endpoint: named)
            }
        }
    }
}

/// The answer of a connectivity check (``ConnectivityProbe``).
public enum Connectivity: Sendable, Equatable {
    /// Something answered (whatever the status).
    case reachable
    /// Nothing answered at `endpoint` ("dev.tapptic.com", "127.0.0.1:8080").
    case unreachable(endpoint: String)
}
