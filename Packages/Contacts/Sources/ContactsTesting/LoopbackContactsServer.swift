import Foundation
import HTTPClient
import HTTPClientLive
import Synchronization

/// A real contacts server on 127.0.0.1 for tests: `contacts_server.py` (Python 3, standard library),
/// an implementation of the contacts REST contract (`../shared/contacts-server-api.md`) with the
/// server's validations, ordering, multipart uploads, 404/422 bodies, plus test controls: the next
/// requests fail with a status or hang, and every request is recorded. `Scripts/contacts-server` runs
/// the same file for people who want a server to point `apps-cli contacts --base-url` at.
///
/// The child exits when ``stop()`` is called, when this object is released, and on its own when the
/// test process goes away (its stdin closes).
public final class LoopbackContactsServer: Sendable {
    /// Why the server could not start.
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A request the server received (not the control requests).
    public struct RecordedRequest: Sendable, Hashable {
        public var method: String
        public var path: String
        public var headers: [String: String]
        public var body: Data

        public func header(_ name: String) -> String? {
            headers.first { $0.key.lowercased() == name.lowercased() }?.value
        }
    }

    /// `http://127.0.0.1:<port>`.
    public let baseURL: URL
    public let port: Int
    private struct Running {
        var process: Process?
        var stdin: Pipe?
    }
    private let running: Mutex<Running>

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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        var arguments = ["python3", "-u", script.path, "--port", String(port)]
        if !seed.isEmpty {
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("contacts-seed-\(UUID().uuidString).json")
            try JSONSerialization.data(withJSONObject: seed).write(to: file)
            arguments += ["--seed", file.path]
        }
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw StartError(description: "could not run python3 (\(error)); install Python 3")
        }
        var output = Data()
        while !output.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
        }
        let line = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard line.hasPrefix("PORT "), let port = Int(line.dropFirst(5)), let url = URL(string: "http://127.0.0.1:\(port)") else {
            process.terminate()
            process.waitUntilExit()
            throw StartError(description: "contacts_server.py did not report its port (said: \(line))")
        }
        self.port = port
        self.baseURL = url
        self.running = Mutex(Running(process: process, stdin: stdin))
    }

    deinit { stop() }

    /// Stops the server and waits for it. Safe to call more than once.
    public func stop() {
        let stopped = running.withLock { running -> Running in
            defer { running = Running() }
            return running
        }
        guard let process = stopped.process else { return }
        try? stopped.stdin?.fileHandleForWriting.close()
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// Kills the server at once (SIGKILL), as a crash or a pulled plug would: requests in flight get no answer.
    public func kill() {
        let stopped = running.withLock { running -> Running in
            defer { running = Running() }
            return running
        }
        guard let process = stopped.process else { return }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
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
        let data = try await CurlTransport(timeout: 10).send(.get(baseURL.appendingPathComponent("__control/requests"))).body
        guard let list = try JSONSerialization.jsonObject(with: data) as? [[String: Any]] else { return [] }
        return list.map { item in
            RecordedRequest(method: item["method"] as? String ?? "", path: item["path"] as? String ?? "",
                            headers: item["headers"] as? [String: String] ?? [:],
                            body: (item["body_base64"] as? String).flatMap { Data(base64Encoded: $0) } ?? Data())
        }
    }

    private func control(_ name: String, _ body: [String: Any]) async throws {
        let request = HTTPRequest(method: .post, url: baseURL.appendingPathComponent("__control/\(name)"),
                                  headers: ["Content-Type": "application/json"], body: try JSONSerialization.data(withJSONObject: body))
        let response = try await CurlTransport(timeout: 10).send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw StartError(description: "the control request \(name) was refused")
        }
    }
}
