import Foundation
import HTTPClientTesting

/// A real contacts server on 127.0.0.1 for tests: `contacts_server.py` (Python 3, standard library),
/// an implementation of the contacts REST contract (`../shared/contacts-server-api.md`) with the
/// server's validations, ordering, multipart uploads, 404/422 bodies, plus test controls: the next
/// requests fail with a status or hang, and every request is recorded. `Scripts/contacts-server` runs
/// the same file for people who want a server to point `apps-cli contacts --base-url` at.
///
/// Its process, port, stop, controls and recorded requests are HTTPClientTesting's ``LoopbackServer``;
/// this is the contacts script, its seed and its controls.
public final class LoopbackContactsServer: Sendable {
    /// Why the server could not start.
    public typealias StartError = LoopbackServer.StartError

    /// A request the server received (not the control requests).
    public typealias RecordedRequest = LoopbackServer.RecordedRequest

    /// `http://127.0.0.1:<port>`.
    public var baseURL: URL { server.baseURL }
    public var port: Int { server.port }
    private let server: LoopbackServer

    /// The server script, a tool of the repository (`Scripts/contacts_server.py`, which `Scripts/contacts-server`
    /// runs for people), found from this file's place in the source tree.
    public static var scriptURL: URL? {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../Scripts/contacts_server.py").standardizedFileURL
        return FileManager.default.fileExists(atPath: script.path) ? script : nil
    }

    /// Starts a server with an empty address book, or with `seed` (first and last names, email, phone,
    /// favorite), on `port` (0: a free one; a server stopped earlier comes back at its port).
    public init(seed: [[String: Any]] = [], port: Int = 0) throws {
        guard let script = Self.scriptURL else { throw StartError(description: "Scripts/contacts_server.py is missing from the source tree") }
        server = try LoopbackServer(name: "contacts_server.py", portPrefix: "PORT ") { directory in
            var arguments = [script.path, "--port", String(port)]
            if !seed.isEmpty {
                let file = directory.appendingPathComponent("contacts-seed.json")
                try JSONSerialization.data(withJSONObject: seed).write(to: file)
                arguments += ["--seed", file.path]
            }
            return arguments
        }
    }

    /// Stops the server and waits for it. Safe to call more than once.
    public func stop() {
        server.stop()
    }

    /// Kills the server at once (SIGKILL), as a crash or a pulled plug would: requests in flight get no answer.
    public func kill() {
        server.kill()
    }

    /// The next `count` requests (of `method`, or any) answer `status` without changing anything,
    /// with `headers` (a `Retry-After`, say).
    public func failNext(status: Int, count: Int = 1, method: String? = nil, headers: [String: String] = [:]) async throws {
        var body: [String: Any] = ["status": status, "count": count, "headers": headers]
        if let method { body["method"] = method }
        try await control("fail", body)
    }

    /// The next `count` requests (of `method`, or any) are carried out and answered with another
    /// contact's detail (the one of the lowest id): a misbehaving server.
    public func swapNext(count: Int = 1, method: String? = nil) async throws {
        var body: [String: Any] = ["count": count]
        if let method { body["method"] = method }
        try await control("swap", body)
    }

    /// The next `count` requests (of `method`, or any) wait `seconds` before answering.
    public func hangNext(seconds: Double, count: Int = 1, method: String? = nil) async throws {
        var body: [String: Any] = ["seconds": seconds, "count": count]
        if let method { body["method"] = method }
        try await control("hang", body)
    }

    /// The next `count` requests (of `method`, or any) are carried out and answered with an empty body.
    public func blankNext(count: Int = 1, method: String? = nil) async throws {
        var body: [String: Any] = ["count": count]
        if let method { body["method"] = method }
        try await control("blank", body)
    }

    /// Every request received so far, in order.
    public func requests() async throws -> [RecordedRequest] {
        try await server.recordedRequests()
    }

    private func control(_ name: String, _ body: [String: Any]) async throws {
        try await server.control(name, body)
    }
}
