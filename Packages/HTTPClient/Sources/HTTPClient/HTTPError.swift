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

    /// A short English sentence for the UI: what happened and, where possible, what to do.
    public var userMessage: String {
        switch self {
        case .offline(let endpoint):
            if endpoint.isEmpty { return "No network connection — check that you are online." }
            return "No connection to \(endpoint) — is the server running?"
        case .timeout(let seconds):
            guard let duration = Self.format(seconds: seconds) else { return "The server took too long to answer." }
            return "The server took longer than \(duration) s to answer."
        case .status(let code, _):
            if let reason = Self.reasonPhrase(for: code) {
                return "The server answered \(code) \(reason)."
            }
            return "The server answered with status \(code)."
        case .decoding(let detail):
            return "The data from the server could not be read: \(Self.sentence(detail))"
        case .invalidURL(let address):
            return "The address “\(address)” is not a valid web address."
        case .tooLarge(let limit):
            return "The server's answer is larger than \(Self.format(bytes: limit)), so it was not loaded."
        case .unexpectedContentType(let type):
            return "The server answered with \(Self.quoted(type)), which cannot be shown here."
        case .connectionLost(let endpoint):
            if endpoint.isEmpty { return "The connection was closed before the answer was complete — try again." }
            return "The connection to \(endpoint) was closed before the answer was complete — try again."
        case .cancelled:
            return "The request was cancelled."
        case .other(let detail):
            return "The request failed: \(Self.sentence(detail))"
        }
    }

    /// The UI sentence for any error a request or its decoding threw: ``userMessage`` for an
    /// ``HTTPError``, else a generic sentence naming the error.
    public static func userMessage(for error: any Error) -> String {
        if let error = error as? HTTPError { return error.userMessage }
        return "Something went wrong: \(error)"
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
        default: return nil
        }
    }

    /// "15" for whole seconds, "1.5" otherwise; no locale, so the UI text is predictable.
    private static func format(seconds: TimeInterval) -> String? {
        guard seconds.isFinite, seconds >= 0, seconds < 1e9 else { return nil }
        let tenths = Int((seconds * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }

    /// "2 MB", "512 KB", "300 bytes" (binary units, no locale).
    static func format(bytes: Int) -> String {
        if bytes >= 1024 * 1024, bytes % (1024 * 1024) == 0 { return "\(bytes / (1024 * 1024)) MB" }
        if bytes >= 1024, bytes % 1024 == 0 { return "\(bytes / 1024) KB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// A media type for a sentence: at most 60 characters of printable ASCII, in quotes.
    private static func quoted(_ text: String) -> String {
        let printable = text.unicodeScalars.filter { $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F }
        let cut = String(String.UnicodeScalarView(printable.prefix(60)))
        return cut.isEmpty ? "an unknown kind of content" : "“\(cut)”"
    }

    /// Ends a detail with exactly one full stop.
    private static func sentence(_ detail: String) -> String {
        let trimmed = detail.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return "no details." }
        return trimmed.hasSuffix(".") ? trimmed : trimmed + "."
    }
}
