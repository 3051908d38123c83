import Foundation

/// One endpoint of a REST contract: a method and a path template with captures, such as
/// `HTTPRoute(.get, "/contacts/{id}.json")`. The same value builds a client's request URL
/// (``url(base:_:)``) and matches a request in an in-process backend (``match(_:base:)``), so the
/// two sides agree on the contract by construction.
///
/// A capture is a whole path segment or one `{name}` with a literal prefix and suffix (`{id}.json`).
/// Captured values are single segments: they never contain `/` or `..`.
public struct HTTPRoute: Sendable, Hashable, CustomStringConvertible {
    public let method: HTTPRequest.Method
    public let template: String
    private let segments: [String]

    public init(_ method: HTTPRequest.Method, _ template: String) {
        self.method = method
        self.template = template
        self.segments = template.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    public var description: String { "\(method.rawValue) \(template)" }

    /// The names of the template's captures, in order.
    public var captureNames: [String] {
        segments.compactMap { Self.capture(in: $0)?.name }
    }

    /// This route's URL under `base`, each capture filled with its value as one escaped segment.
    /// A missing value is an error, never a URL with `{id}` in it.
    public func url(base: URL, _ values: [String: String] = [:]) throws(HTTPError) -> URL {
        var filled: [String] = []
        for segment in segments {
            guard let capture = Self.capture(in: segment) else {
                filled.append(segment)
                continue
            }
            guard let value = values[capture.name], !value.isEmpty else {
                throw .invalidURL("\(template) without \(capture.name)")
            }
            filled.append(capture.prefix + value + capture.suffix)
        }
        var builder = URLBuilder(base: base)
        for segment in filled { builder = builder.appending(path: segment) }
        return try builder.url()
    }

    /// The captures when `request` is this route's method and path below `base`; nil otherwise.
    public func match(_ request: HTTPRequest, base: URL) -> [String: String]? {
        guard request.method == method, let path = Self.pathSegments(of: request.url, under: base) else { return nil }
        return match(pathSegments: path)
    }

    /// The captures when the decoded `pathSegments` fit the template (method not checked).
    public func match(pathSegments: [String]) -> [String: String]? {
        guard pathSegments.count == segments.count else { return nil }
        var captures: [String: String] = [:]
        for (pattern, value) in zip(segments, pathSegments) {
            guard Self.match(pattern, value, into: &captures) else { return nil }
        }
        return captures
    }

    /// Matches one segment (or query value) pattern: a literal, or text with one `{name}` between a
    /// literal prefix and suffix. The captured text is never empty and never contains `/` or `..`.
    static func match(_ pattern: String, _ value: String, into captures: inout [String: String]) -> Bool {
        guard let capture = capture(in: pattern) else { return pattern == value }
        guard value.count > capture.prefix.count + capture.suffix.count,
              value.hasPrefix(capture.prefix), value.hasSuffix(capture.suffix) else { return false }
        let captured = String(value.dropFirst(capture.prefix.count).dropLast(capture.suffix.count))
        guard !captured.contains("/"), !captured.contains(".."), !captured.contains("\0") else { return false }
        if let earlier = captures[capture.name], earlier != captured { return false }
        captures[capture.name] = captured
        return true
    }

    /// The percent-decoded path segments of `url` below `base` (same host and port), or nil.
    public static func pathSegments(of url: URL, under base: URL) -> [String]? {
        guard url.host?.lowercased() == base.host?.lowercased(), url.port == base.port else { return nil }
        let path = rawSegments(url)
        let prefix = rawSegments(base)
        guard path.count >= prefix.count, Array(path.prefix(prefix.count)) == prefix else { return nil }
        var decoded: [String] = []
        for raw in path.dropFirst(prefix.count) {
            guard let segment = raw.removingPercentEncoding else { return nil }
            decoded.append(segment)
        }
        return decoded
    }

    private static func rawSegments(_ url: URL) -> [String] {
        url.path(percentEncoded: true).split(separator: "/", omittingEmptySubsequences: true).map(String.init)
    }

    private static func capture(in segment: String) -> (prefix: String, name: String, suffix: String)? {
        guard let open = segment.firstIndex(of: "{"), let close = segment[open...].firstIndex(of: "}") else { return nil }
        return (String(segment[..<open]), String(segment[segment.index(after: open)..<close]), String(segment[segment.index(after: close)...]))
    }
}
