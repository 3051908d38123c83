import Foundation

/// Answers "can we reach this server right now?" with one quick request. The live probe over
/// libcurl is `ConnectivityProbe(timeout:)` in `HTTPClientLive`.
public struct ConnectivityProbe: Sendable {
    private let transport: any Transport

    /// A probe over any transport (for example a ``BundledTransport`` in demo mode).
    public init(transport: any Transport) {
        self.transport = transport
    }

    /// `true` when the server answers a `HEAD` of `url` with any status below 500 (a 404 or 405 still proves it is
    /// there; a 5xx means it is not able to serve). `false` on no answer, timeout or 5xx. Never throws.
    public func check(_ url: URL) async -> Bool {
        guard let response = try? await transport.send(HTTPRequest(method: .head, url: url)) else { return false }
        return response.statusCode < 500
    }
}
