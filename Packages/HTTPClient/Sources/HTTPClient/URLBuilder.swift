import Foundation

/// Builds a request URL from a base, path segments and query items, each escaped for its place, so
/// that data (a product id with `/`, `?` or spaces, a name like `10,000`) can never change which
/// resource is asked for. A URL that cannot be built is an error, never a request to the wrong place.
///
/// ```swift
/// let url = try URLBuilder(base: base).appending(path: "cart", productID, "detail").url()
/// let detail = try URLBuilder(base: base).appending(path: "json.php").appending(query: "name", "10,000").url()
/// ```
public struct URLBuilder: Sendable {
    private let base: URL
    private var segments: [String] = []
    private var queryItems: [(name: String, value: String)] = []

    public init(base: URL) {
        self.base = base
    }

    /// Appends path segments; each is one segment whatever it contains (`a/b` becomes `a%2Fb`).
    public func appending(path segments: String...) -> URLBuilder {
        var copy = self
        copy.segments += segments
        return copy
    }

    /// Appends one query item; the name and value are percent-encoded (`&`, `=`, `+`, `#`, spaces, non-ASCII).
    public func appending(query name: String, _ value: String) -> URLBuilder {
        var copy = self
        copy.queryItems.append((name, value))
        return copy
    }

    /// The URL, or ``HTTPError/invalidURL(_:)`` when the base has no scheme and host, or a segment is
    /// empty, `.` or `..` (which would address another resource).
    public func url() throws(HTTPError) -> URL {
        guard var components = URLComponents(url: base, resolvingAgainstBaseURL: true),
              components.scheme != nil, components.host?.isEmpty == false
        else { throw .invalidURL(URLDisplay.redacted(base)) }
        var path = components.percentEncodedPath
        while path.hasSuffix("/") { path.removeLast() }
        for segment in segments {
            guard !segment.isEmpty, segment != ".", segment != ".." else {
                throw .invalidURL(URLDisplay.redacted(base) + "/" + segment)
            }
            path += "/" + Self.encode(segment, allowed: Self.segmentCharacters)
        }
        components.percentEncodedPath = path
        if !queryItems.isEmpty {
            let ownQuery = queryItems.map { Self.encode($0.name, allowed: Self.queryCharacters) + "=" + Self.encode($0.value, allowed: Self.queryCharacters) }
            components.percentEncodedQuery = ([components.percentEncodedQuery].compactMap { $0 } + ownQuery).joined(separator: "&")
        }
        components.fragment = nil
        guard let url = components.url else { throw .invalidURL(URLDisplay.redacted(base)) }
        return url
    }

    /// Unreserved characters and the sub-delimiters that mean nothing inside one segment; `/`, `?`,
    /// `#`, `%`, `;` and spaces are encoded.
    private static let segmentCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,=:@")
    /// Unreserved characters plus `,`, `:`, `@` and `/`, which servers read literally in a value;
    /// `&`, `=`, `+`, `#`, `;`, `%` and spaces are encoded.
    private static let queryCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~,:@/")

    private static func encode(_ text: String, allowed: CharacterSet) -> String {
        // Never nil for valid Swift strings (they are valid Unicode).
        text.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""
    }
}
