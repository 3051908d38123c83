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

    public init(method: Method = .get, url: URL, headers: [String: String] = [:], body: Data? = nil) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }

    /// A `GET` of `url`.
    public static func get(_ url: URL, headers: [String: String] = [:]) -> HTTPRequest {
        HTTPRequest(method: .get, url: url, headers: headers)
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
