import Foundation

/// Serves demo data from a directory through the same request/response path as a live server.
///
/// A `GET` of `baseURL/some/path` (any scheme, same host and port) is answered with the file
/// `directory/some/path`, unless one of the ``BundledRoute``s maps the request to a file first.
/// Requests with a query string are only served through a route, so `/json.php?name=3` can never
/// silently receive the list at `/json.php`.
///
/// Answers, never throws, for everything a server would answer: unknown paths and any attempt to
/// leave `directory` (`..`, encoded slashes) are `404`, methods other than `GET`/`HEAD` are `405`.
public struct BundledTransport: Transport {
    public let baseURL: URL
    public let directory: URL
    public let routes: [BundledRoute]

    public init(baseURL: URL, directory: URL, routes: [BundledRoute] = []) {
        self.baseURL = baseURL
        self.directory = directory.standardizedFileURL
        self.routes = routes
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if Task.isCancelled { throw HTTPError.cancelled }
        let response = response(to: request)
        // The same limits as a live server's answers, so the demo cannot hide a missing cap.
        if response.body.count > request.byteLimit { throw HTTPError.tooLarge(limit: request.byteLimit) }
        if response.isSuccess, !request.accepts(contentType: response.header("Content-Type")) {
            throw HTTPError.unexpectedContentType(response.header("Content-Type") ?? "")
        }
        return response
    }

    /// The answer to `request`, synchronously (the work is a file read).
    public func response(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == .get || request.method == .head else {
            return HTTPResponse(statusCode: 405, headers: ["Allow": "GET, HEAD", "Content-Type": "text/plain; charset=utf-8"],
                                body: Data("Method Not Allowed: the bundled demo data is read-only.".utf8), url: request.url)
        }
        let incoming = BundledRoute.Request(url: request.url, baseURL: baseURL)
        let file = routes.lazy.compactMap { $0.resolve(incoming) }.first
            ?? (incoming.query.isEmpty ? incoming.pathSegments?.joined(separator: "/") : nil)
        guard let file, let fileURL = safeFileURL(for: file), let data = try? Data(contentsOf: fileURL) else {
            return HTTPResponse(statusCode: 404, headers: ["Content-Type": "text/plain; charset=utf-8"],
                                body: Data("Not Found: \(request.url.path)".utf8), url: request.url)
        }
        let headers = ["Content-Type": Self.contentType(of: fileURL, data: data), "Content-Length": "\(data.count)"]
        return HTTPResponse(statusCode: 200, headers: headers, body: request.method == .head ? Data() : data, url: request.url)
    }

    /// The file for a relative path, or `nil` when the path is empty, escapes `directory`, or is not a regular file.
    private func safeFileURL(for relativePath: String) -> URL? {
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty,
              segments.allSatisfy({ $0 != ".." && $0 != "." && !$0.contains("\0") && !$0.contains("\\") })
        else { return nil }
        var url = directory
        for segment in segments { url.appendPathComponent(String(segment)) }
        url = url.standardizedFileURL
        let root = directory.path.hasSuffix("/") ? directory.path : directory.path + "/"
        guard url.path.hasPrefix(root) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { return nil }
        return url
    }

    /// By extension; files without one (such as `cart/list`) are sniffed: JSON when they start with `{` or `[`.
    static func contentType(of file: URL, data: Data) -> String {
        switch file.pathExtension.lowercased() {
        case "json": return "application/json"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "svg": return "image/svg+xml"
        case "html", "htm", "php": return "text/html; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        case "css": return "text/css"
        case "js": return "text/javascript"
        default:
            let first = data.first { !$0.isWhitespaceByte }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { return "application/json" }
            if first == UInt8(ascii: "<") { return "text/html; charset=utf-8" }
            return "application/octet-stream"
        }
    }
}

private extension UInt8 {
    var isWhitespaceByte: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}

/// Maps a request to a file of a ``BundledTransport``'s directory, for URLs whose file name is not their path
/// (`/json.php?name=3` → `json-name-3.json`) or that live on another host.
public struct BundledRoute: Sendable {
    /// What a route sees of a request.
    public struct Request: Sendable {
        /// The full request URL.
        public let url: URL
        /// The decoded path segments below the transport's `baseURL`, or `nil` when the URL is not under it.
        /// Segments are percent-decoded one by one, so `a%2Fb` stays one segment `a/b` (which a file lookup rejects).
        public let pathSegments: [String]?
        /// The decoded query items (a name given twice keeps its last value).
        public let query: [String: String]

        init(url: URL, baseURL: URL) {
            self.url = url
            self.pathSegments = HTTPRoute.pathSegments(of: url, under: baseURL)
            var query: [String: String] = [:]
            for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
                query[item.name] = item.value ?? ""
            }
            self.query = query
        }

        /// The path below the base URL as `/a/b` ("/" for the base itself), or `nil` outside it.
        public var relativePath: String? {
            pathSegments.map { "/" + $0.joined(separator: "/") }
        }
    }

    /// Returns the file path (relative to the directory, `/`-separated) for a request, or `nil` to pass.
    public let resolve: @Sendable (Request) -> String?

    /// A route decided by a closure; the most general form.
    public init(_ resolve: @escaping @Sendable (Request) -> String?) {
        self.resolve = resolve
    }

    /// A route from a template to a file name template.
    ///
    /// `template` is a path below the base URL with an optional query; `{name}` in a path segment or a query
    /// value captures that segment or value, and the same `{name}` in `file` is replaced by it. The request's
    /// query names must be exactly the template's. A captured value containing `/` or `..` does not match.
    ///
    ///     BundledRoute.template("/json.php?name={name}", file: "json-name-{name}.json")
    ///     BundledRoute.template("/contacts/{id}.json", file: "contacts/{id}.json")  // whole-segment captures only:
    ///                                                                                 // "{id}.json" matches "7.json"
    public static func template(_ template: String, file: String) -> BundledRoute {
        let parts = template.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPattern = parts[0].split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        let queryPattern = parts.count == 2 ? queryItems(parts[1]) : [:]
        return BundledRoute { request in
            guard let segments = request.pathSegments, segments.count == pathPattern.count,
                  Set(request.query.keys) == Set(queryPattern.keys)
            else { return nil }
            var captures: [String: String] = [:]
            for (pattern, value) in zip(pathPattern, segments) {
                guard HTTPRoute.match(pattern, value, into: &captures) else { return nil }
            }
            for (name, pattern) in queryPattern {
                guard let value = request.query[name], HTTPRoute.match(pattern, value, into: &captures) else { return nil }
            }
            var result = file
            for (name, value) in captures {
                result = result.replacingOccurrences(of: "{\(name)}", with: value)
            }
            return result
        }
    }

    private static func queryItems(_ query: Substring) -> [String: String] {
        var items: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            items[String(nameValue[0])] = nameValue.count == 2 ? String(nameValue[1]) : ""
        }
        return items
    }

    /// Serves one exact path below the base URL (and no query) from `file`.
    public static func path(_ path: String, file: String) -> BundledRoute {
        template(path, file: file)
    }
}
