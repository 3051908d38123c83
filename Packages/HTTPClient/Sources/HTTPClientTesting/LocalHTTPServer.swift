import Foundation

/// A real HTTP server on 127.0.0.1 for service tests: canned routes, a recorded request log, delays.
///
/// It runs a Python 3 standard-library `ThreadingHTTPServer` (a slow route does not block others) in a child
/// process on an ephemeral port, a ``LoopbackServer``: the child exits when ``stop()`` is called, when this
/// object is released, and on its own when the test process goes away (its stdin closes or its parent changes).
///
///     let server = try LocalHTTPServer(routes: [.init(method: "GET", path: "/cart/list", status: 200, body: json)])
///     defer { server.stop() }
///     // … requests to server.baseURL …
///     XCTAssertEqual(server.requests().map(\.path), ["/cart/list"])
public final class LocalHTTPServer: Sendable {
    /// One canned answer.
    public struct Route: Sendable, Hashable {
        public var method: String
        /// The request target: a path, optionally with a query. A route without a query also answers
        /// that path with any query, unless a route with the exact query exists. `HEAD` falls back to `GET` routes.
        public var path: String
        public var status: Int
        public var body: Data
        /// Extra response headers. `Content-Type` defaults to `application/json` for bodies that look like JSON.
        public var headers: [String: String]
        /// Seconds to wait before answering (for timeout tests).
        public var delay: TimeInterval
        /// A misbehaviour instead of a normal answer; nil for a normal answer.
        public var fault: Fault?
        /// How many requests this route answers; after that it steps aside and the next route for the
        /// same request answers (a server that fails twice, then recovers). nil: every request.
        public var times: Int?

        public init(method: String = "GET", path: String, status: Int = 200, body: Data = Data(),
                    headers: [String: String] = [:], delay: TimeInterval = 0, fault: Fault? = nil, times: Int? = nil) {
            self.method = method.uppercased()
            self.path = path
            self.status = status
            self.body = body
            self.headers = headers
            self.delay = delay
            self.fault = fault
            self.times = times
        }
    }

    /// Ways a route can misbehave, for tests of limits and error messages. Each ends on its own within 60 s.
    public enum Fault: String, Sendable, Hashable {
        /// The status and headers, no `Content-Length`, then `body` repeated until the client hangs up.
        case endlessBody = "endless"
        /// The status and headers, then one byte a second.
        case drip
        /// The connection is reset (TCP RST) as soon as the request has been read.
        case reset
    }

    /// A request the server received, in arrival order.
    public typealias RecordedRequest = LoopbackServer.RecordedRequest

    /// Why the server could not start.
    public typealias StartError = LoopbackServer.StartError

    /// `http://127.0.0.1:<port>` (no trailing slash).
    public var baseURL: URL { server.baseURL }
    /// The port the server listens on.
    public var port: Int { server.port }

    private let server: LoopbackServer
    private var logFile: URL { server.directory.appendingPathComponent("requests.jsonl") }

    /// Starts a server answering `routes`; anything else is `404 {"error":"not found"}`.
    /// - Throws: ``StartError`` when `python3` is missing or the server does not report its port.
    public init(routes: [Route]) throws {
        server = try LoopbackServer(name: "LocalHTTPServer") { directory in
            let script = directory.appendingPathComponent("server.py")
            let routesFile = directory.appendingPathComponent("routes.json")
            let logFile = directory.appendingPathComponent("requests.jsonl")
            try Data(LocalHTTPServerScript.source.utf8).write(to: script)
            try JSONSerialization.data(withJSONObject: routes.map(Self.json(for:))).write(to: routesFile)
            try Data().write(to: logFile)
            return [script.path, routesFile.path, logFile.path]
        }
    }

    /// Serves every file below `directory` with `GET` at `prefix` + its relative path (for example
    /// `/images/1.jpg`), plus `extraRoutes` (which win on the same path).
    public convenience init(serving directory: URL, at prefix: String = "", extraRoutes: [Route] = []) throws {
        var routes = extraRoutes
        let taken = Set(extraRoutes.map { "\($0.method) \($0.path)" })
        let root = directory.standardizedFileURL.resolvingSymlinksInPath()
        let base = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey])
        while let file = enumerator?.nextObject() as? URL {
            guard (try? file.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true,
                  let data = try? Data(contentsOf: file) else { continue }
            let relative = file.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(root.path.count)
            let encoded = relative.split(separator: "/").map {
                $0.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
            }.joined(separator: "/")
            let path = "\(base)/\(encoded)"
            guard !taken.contains("GET \(path)") else { continue }
            routes.append(Route(method: "GET", path: path, status: 200, body: data,
                                headers: ["Content-Type": Self.contentType(forExtension: file.pathExtension)]))
        }
        try self.init(routes: routes)
    }

    /// The requests received so far, in order.
    public func requests() -> [RecordedRequest] {
        LoopbackServer.recordedRequests(inLog: logFile)
    }

    /// Stops the server and waits for the process to end. Safe to call more than once.
    public func stop() {
        server.stop()
    }

    private static func json(for route: Route) -> [String: Any] {
        var headers = route.headers
        let hasContentType = headers.keys.contains { $0.lowercased() == "content-type" }
        if !hasContentType {
            let first = route.body.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") { headers["Content-Type"] = "application/json" }
        }
        return ["method": route.method, "path": route.path, "status": route.status,
                "body": route.body.base64EncodedString(), "headers": headers, "delay": route.delay,
                "fault": route.fault?.rawValue ?? NSNull(), "times": route.times.map { $0 as Any } ?? NSNull()]
    }

    private static func contentType(forExtension pathExtension: String) -> String {
        switch pathExtension.lowercased() {
        case "json": return "application/json"
        case "jpg", "jpeg": return "image/jpeg"
        case "png": return "image/png"
        case "html", "htm": return "text/html; charset=utf-8"
        case "txt": return "text/plain; charset=utf-8"
        default: return "application/octet-stream"
        }
    }
}
