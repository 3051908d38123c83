import Foundation

/// What went wrong with a request, as a value a feature can keep in its own error type and word in
/// its screens' language (with HTTPClientTexts), without its presenter ever seeing the transport's
/// ``HTTPError``. The transport has no words of its own.
public enum RequestFailure: Sendable, Equatable {
    /// No connection could be made; `endpoint` is `host:port`, or empty when unknown.
    case noConnection(endpoint: String)
    /// No complete answer within `seconds`.
    case timeout(seconds: Double)
    /// A non-2xx answer.
    case status(code: Int)
    /// An answer in another shape than expected; `detail` says where (English, for developers).
    case unreadable(detail: String)
    /// An answer larger than `limit` bytes.
    case tooLarge(limit: Int)
    /// An answer of a media type that cannot be shown here.
    case unexpectedContent(type: String)
    /// The connection closed before the answer was complete.
    case connectionLost(endpoint: String)
    /// An address that cannot be requested.
    case invalidAddress(String)
    /// The request was cancelled.
    case cancelled
    /// The transport failed in another way; `detail` is its English wording.
    case other(detail: String)
    /// Not a request's error at all (a service threw something else).
    case unknown

    /// The failure behind `error`: ``HTTPError``'s cases, ``unknown`` for anything else.
    public init(_ error: any Error) {
        guard let error = error as? HTTPError else { self = .unknown; return }
        switch error {
        case .offline(let endpoint): self = .noConnection(endpoint: endpoint)
        case .timeout(let seconds): self = .timeout(seconds: seconds)
        case .status(let code, _): self = .status(code: code)
        case .decoding(let detail): self = .unreadable(detail: detail)
        case .invalidURL(let address): self = .invalidAddress(address)
        case .tooLarge(let limit): self = .tooLarge(limit: limit)
        case .unexpectedContentType(let type): self = .unexpectedContent(type: type)
        case .connectionLost(let endpoint): self = .connectionLost(endpoint: endpoint)
        case .cancelled: self = .cancelled
        case .other(let detail): self = .other(detail: detail)
        }
    }
}
