import Foundation

/// Everything that can go wrong with a request, in terms a screen can explain.
///
/// Transports throw only this type; ``HTTPClient`` adds ``status(code:body:)`` for non-2xx answers
/// and ``decoding(_:)`` for bodies that do not match the expected shape.
public enum HTTPError: Error, Equatable, Sendable {
    /// No connection could be made. The detail names the endpoint (`host:port`) where known.
    case offline(String)
    /// No complete answer within the configured time.
    case timeout(seconds: TimeInterval)
    /// The server answered with a non-2xx status. `body` is the start of the answer (see ``bodyExcerptLimit``), or `nil` when empty.
    case status(code: Int, body: String?)
    /// The answer was not in the expected shape; the detail says where and why ("products[3].price: expected a number").
    case decoding(String)
    /// The URL cannot be requested (not http/https, or malformed).
    case invalidURL(String)
    /// The answer was larger than the request's ``HTTPRequest/byteLimit`` (in bytes); it was not read to the end.
    case tooLarge(limit: Int)
    /// The answer was of a media type the request cannot use (a picture where a page was asked for).
    case unexpectedContentType(String)
    /// The server closed or reset the connection before the answer was complete.
    case connectionLost(String)
    /// The caller cancelled the request.
    case cancelled
    /// Anything else; the detail is for the log and the message.
    case other(String)

    /// How many characters of an error body ``status(code:body:)`` keeps: enough to see a server's message, never a whole page.
    public static let bodyExcerptLimit = 500

    /// Builds ``status(code:body:)`` from a raw body, keeping at most ``bodyExcerptLimit`` characters.
    public static func status(code: Int, rawBody: Data) -> HTTPError {
        .status(code: code, body: excerpt(of: rawBody))
    }

    static func excerpt(of body: Data) -> String? {
        guard !body.isEmpty else { return nil }
        // Decode a little more than needed so a multi-byte character at the cut is not mangled.
        let text = String(decoding: body.prefix(bodyExcerptLimit * 4), as: UTF8.self)
        guard text.count > bodyExcerptLimit || body.count > bodyExcerptLimit * 4 else { return text }
        return String(text.prefix(bodyExcerptLimit)) + "…"
    }

    /// `true` for failures that may go away on their own: offline, timeout and 5xx answers.
    public var isTransient: Bool {
        switch self {
        case .offline, .timeout, .connectionLost: return true
        case .status(let code, _): return (500..<600).contains(code)
        case .decoding, .invalidURL, .cancelled, .other, .tooLarge, .unexpectedContentType: return false
        }
    }

    /// The standard reason phrase of common status codes.
    public static func reasonPhrase(for code: Int) -> String? {
        switch code {
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 408: return "Request Timeout"
        case 409: return "Conflict"
        case 410: return "Gone"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        case 507: return "Insufficient Storage"
        default: return nil
        }
    }

}
