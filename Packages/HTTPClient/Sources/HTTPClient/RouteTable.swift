import Foundation

/// An in-process backend as a ``Transport``: each request is matched against ``HTTPRoute``s, in
/// order, and answered by the first route's handler. A feature's remote client and its embedded
/// backend share the same route values, so the app sends identical requests to both and cannot
/// tell them apart.
///
/// Answers like a Rails server: a method and path no route knows is `404` (a JSON status body, as
/// Rails answers a `.json` path; Rails has no 405 either). The request's byte limit and accepted
/// content types apply to the answer exactly as a live transport applies them.
///
///     let table = RouteTable(baseURL: base, routes: [
///         .init(HTTPRoute(.get, "/contacts/{id}.json")) { request in try backend.show(id: request.captures["id"]) },
///     ])
public struct RouteTable: Transport {
    /// What a handler receives: the request and the route's captures (`["id": "7"]`).
    public struct Request: Sendable {
        public var request: HTTPRequest
        public var captures: [String: String]
        /// The scheme, host and port the request was sent to (for absolute URLs in answers).
        public var origin: String {
            var components = URLComponents()
            components.scheme = request.url.scheme
            components.host = request.url.host
            components.port = request.url.port
            return components.string ?? ""
        }
    }

    /// One route and what answers it.
    public struct Entry: Sendable {
        public var route: HTTPRoute
        public var handle: @Sendable (Request) async throws -> HTTPResponse

        public init(_ route: HTTPRoute, handle: @escaping @Sendable (Request) async throws -> HTTPResponse) {
            self.route = route
            self.handle = handle
        }
    }

    public let baseURL: URL
    public let entries: [Entry]

    public init(baseURL: URL, routes: [Entry]) {
        self.baseURL = baseURL
        self.entries = routes
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if Task.isCancelled { throw HTTPError.cancelled }
        let response = try await answer(request)
        if Task.isCancelled { throw HTTPError.cancelled }
        if response.body.count > request.byteLimit { throw HTTPError.tooLarge(limit: request.byteLimit) }
        if response.isSuccess, !request.accepts(contentType: response.header("Content-Type")) {
            throw HTTPError.unexpectedContentType(response.header("Content-Type") ?? "")
        }
        return response
    }

    private func answer(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let segments = HTTPRoute.pathSegments(of: request.url, under: baseURL) else {
            return .status(404, url: request.url)
        }
        let method = request.method == .head ? HTTPRequest.Method.get : request.method
        for entry in entries where entry.route.method == method {
            guard let captures = entry.route.match(pathSegments: segments) else { continue }
            var response = try await entry.handle(Request(request: request, captures: captures))
            if request.method == .head { response.body = Data() }
            return response
        }
        return .status(404, url: request.url)
    }
}

extension HTTPResponse {
    /// A JSON answer of `status` whose body is `body` (already encoded), with its type and length.
    public static func json(_ status: Int, _ body: Data, url: URL, headers: [String: String] = [:]) -> HTTPResponse {
        var all = headers
        all["Content-Type"] = "application/json; charset=utf-8"
        all["Content-Length"] = "\(body.count)"
        return HTTPResponse(statusCode: status, headers: all, body: body, url: url)
    }

    /// A Rails-style status answer, `{"status":"404","error":"Not Found"}`.
    public static func status(_ code: Int, url: URL) -> HTTPResponse {
        let reason = HTTPError.reasonPhrase(for: code) ?? "Error"
        let body = #"{"status":"\#(code)","error":"\#(reason)"}"#
        return json(code, Data(body.utf8), url: url)
    }
}
