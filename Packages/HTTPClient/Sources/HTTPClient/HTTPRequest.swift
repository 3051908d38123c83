import Foundation

/// One HTTP request, as a plain value that any ``Transport`` can send.
public struct HTTPRequest: Sendable, Hashable {
    /// The HTTP methods the apps use. `HEAD` exists for ``ConnectivityProbe``.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        case get = "GET"
        case head = "HEAD"
        case post = "POST"
        case put = "PUT"
        case patch = "PATCH"
        case delete = "DELETE"
    }

    public var method: Method
    public var url: URL
    /// Header fields to send. Names are compared case-insensitively by servers; keep one spelling per name.
    public var headers: [String: String]
    public var body: Data?
    /// The most bytes of response body the transport accepts; more fails with ``HTTPError/tooLarge(limit:)``
    /// while the body is still arriving, so a server can never make the app hold more than this.
    public var byteLimit: Int
    /// The media types (`text/html`, `image/*`) the caller can use; an answer of another declared
    /// `Content-Type` fails with ``HTTPError/unexpectedContentType(_:)`` before its body is read.
    /// Empty accepts anything; an answer without a `Content-Type` is always accepted.
    public var acceptedContentTypes: [String]

    public init(method: Method = .get, url: URL, headers: [String: String] = [:], body: Data? = nil,
                byteLimit: Int = ByteLimit.standard, acceptedContentTypes: [String] = []) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.byteLimit = max(0, byteLimit)
        self.acceptedContentTypes = acceptedContentTypes
    }

    /// A `GET` of `url` that accepts at most `byteLimit` bytes of answer.
    public static func get(_ url: URL, headers: [String: String] = [:], byteLimit: Int = ByteLimit.standard,
                           acceptedContentTypes: [String] = []) -> HTTPRequest {
        HTTPRequest(method: .get, url: url, headers: headers, byteLimit: byteLimit, acceptedContentTypes: acceptedContentTypes)
    }

    /// How large an answer each kind of request may be. A request names the kind it is; the
    /// transport enforces the cap while the body streams in.
    public enum ByteLimit {
        /// A whole catalog or list: 100,000 products of CHECK24's schema are about 47 MB.
        public static let list = 64 * 1024 * 1024
        /// One record (a product's or a number's detail, a contact).
        public static let detail = 1024 * 1024
        /// One picture, as fetched (compressed): far more than any product photo needs.
        public static let picture = 8 * 1024 * 1024
        /// One web page's HTML: a terminal web view has no use for more.
        public static let webPage = 2 * 1024 * 1024
        /// Requests that do not say what they are.
        public static let standard = 8 * 1024 * 1024
    }

    /// `true` when an answer declared as `contentType` (a header value such as
    /// `text/html; charset=utf-8`, or nil) is one of ``acceptedContentTypes``.
    public func accepts(contentType: String?) -> Bool {
        guard !acceptedContentTypes.isEmpty, let contentType else { return true }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        } ?? ""
        if mediaType.isEmpty { return true }
        return acceptedContentTypes.contains { accepted in
            let accepted = accepted.lowercased()
            if accepted.hasSuffix("/*") { return mediaType.hasPrefix(accepted.dropLast()) }
            return accepted == mediaType
        }
    }

    /// A request whose body is `body` encoded as JSON, with matching `Content-Type` and `Accept` headers.
    ///
    /// - Throws: ``HTTPError/other(_:)`` when `body` cannot be encoded (for example a non-finite `Double`).
    public static func json(
        _ method: Method,
        _ url: URL,
        body: some Encodable,
        encoder: JSONEncoder = JSONEncoder()
    ) throws(HTTPError) -> HTTPRequest {
        let data: Data
        do {
            data = try encoder.encode(body)
        } catch {
            throw HTTPError.other("The request body could not be encoded: \(error)")
        }
        return HTTPRequest(
            method: method,
            url: url,
            headers: ["Content-Type": "application/json", "Accept": "application/json"],
            body: data
        )
    }
}
