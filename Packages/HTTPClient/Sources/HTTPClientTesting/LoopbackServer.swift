import Foundation
import HTTPClient
import HTTPClientLive
import Synchronization

/// The one loopback test server's lifecycle: a Python 3 child on 127.0.0.1 that prints its port on its
/// first line, and serves until its standard input closes. Every Swift test server is built on it
/// (``LocalHTTPServer``'s canned routes, ``ScriptedServer``'s own scripts, the contacts server of
/// ContactsTesting): the process start, port discovery, stop (stdin closed, then SIGTERM, then awaited),
/// stop on release, the test controls (`POST /__control/<name>`) and the recorded requests are written
/// once here.
///
/// The child exits when ``stop()`` or ``kill()`` is called, when this object is released, and on its
/// own when the test process goes away (its stdin closes). Each server has a folder of its own
/// (``directory``: its script, its data, its standard error), removed when it is released.
public final class LoopbackServer: Sendable {
    /// Why the server could not start (or a control request was refused).
    public struct StartError: Error, CustomStringConvertible {
        public let description: String

        public init(description: String) {
            self.description = description
        }
    }

    /// A request a server received, in arrival order: the JSON object
    /// `{"method", "path", "headers", "body_base64"}` the scripts record.
    public struct RecordedRequest: Sendable, Hashable {
        public var method: String
        /// The request target as sent: the path with its query, if any (still percent-encoded).
        public var path: String
        public var headers: [String: String]
        public var body: Data

        public init(method: String, path: String, headers: [String: String] = [:], body: Data = Data()) {
            self.method = method
            self.path = path
            self.headers = headers
            self.body = body
        }

        /// The request a script recorded as `object`; nil when it is not one.
        public init?(recorded object: Any) {
            guard let object = object as? [String: Any], let method = object["method"] as? String,
                  let path = object["path"] as? String else { return nil }
            self.init(method: method, path: path, headers: object["headers"] as? [String: String] ?? [:],
                      body: (object["body_base64"] as? String).flatMap { Data(base64Encoded: $0) } ?? Data())
        }

        /// The value of header `name`, compared case-insensitively.
        public func header(_ name: String) -> String? {
            let wanted = name.lowercased()
            return headers.first { $0.key.lowercased() == wanted }?.value
        }
    }

    /// `http://127.0.0.1:<port>` (no trailing slash).
    public let baseURL: URL
    /// The port the server printed.
    public let port: Int
    /// The server's own folder: what `arguments` wrote there stays until the server is released.
    public let directory: URL

    private struct Running {
        var process: Process?
        var stdin: Pipe?
    }
    // Mutex makes this class Sendable: the process handle is only touched inside `withLock`.
    private let running: Mutex<Running>

    /// Runs `python3 -u` with the arguments `arguments` returns (given the server's new folder, where
    /// it may write a script or data first), and waits for the first line on its standard output:
    /// `portPrefix` and the port.
    /// - Parameter name: what ``StartError`` calls the server.
    /// - Throws: ``StartError`` when `python3` is missing or the child does not report a port
    ///   (with what it wrote to its standard error).
    public init(name: String, portPrefix: String = "", arguments: (_ directory: URL) throws -> [String]) throws {
        let fileManager = FileManager.default
        let directory = fileManager.temporaryDirectory.appendingPathComponent("loopback-server-\(UUID().uuidString)")
        try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        let errorFile = directory.appendingPathComponent("stderr.txt")
        let process = Process()
        let stdin = Pipe(), stdout = Pipe()
        do {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-u"] + (try arguments(directory))
            try Data().write(to: errorFile)
            process.standardInput = stdin
            process.standardOutput = stdout
            process.standardError = try FileHandle(forWritingTo: errorFile)
            do {
                try process.run()
            } catch {
                throw StartError(description: "\(name): could not run python3 (\(error)); install Python 3.")
            }
        } catch {
            try? fileManager.removeItem(at: directory)
            throw error
        }
        // The first line is the port: read byte by byte, so nothing after it is taken; EOF first means the script failed.
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")), let byte = try? stdout.fileHandleForReading.read(upToCount: 1), !byte.isEmpty {
            line += byte
        }
        let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasPrefix(portPrefix), let port = Int(text.dropFirst(portPrefix.count)), port > 0,
              let url = URL(string: "http://127.0.0.1:\(port)") else {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
            let stderr = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            try? fileManager.removeItem(at: directory)
            throw StartError(description: "\(name) did not report its port (said: \(text)). \(stderr)")
        }
        self.port = port
        self.baseURL = url
        self.directory = directory
        self.running = Mutex(Running(process: process, stdin: stdin))
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops the server (its stdin closes, then SIGTERM) and waits for the process to end. Safe to call more than once.
    public func stop() {
        guard let stopped = take() else { return }
        try? stopped.stdin?.fileHandleForWriting.close()
        if stopped.process?.isRunning == true { stopped.process?.terminate() }
        stopped.process?.waitUntilExit()
    }

    /// Kills the server at once (SIGKILL), as a crash or a pulled plug would: requests in flight get no answer.
    public func kill() {
        guard let stopped = take(), let process = stopped.process else { return }
        if process.isRunning { Foundation.kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The running process, once: whoever takes it stops it.
    private func take() -> Running? {
        running.withLock { running -> Running? in
            defer { running = Running() }
            return running.process == nil ? nil : running
        }
    }

    /// Sends the test control `name` (`POST /__control/<name>` with `body` as JSON).
    /// - Throws: ``StartError`` when the server refuses it; the transport's error when it does not answer.
    public func control(_ name: String, _ body: [String: Any]) async throws {
        let request = HTTPRequest(method: .post, url: baseURL.appendingPathComponent("__control/\(name)"),
                                  headers: ["Content-Type": "application/json"], body: try JSONSerialization.data(withJSONObject: body))
        let response = try await CurlTransport(timeout: 10).send(request)
        guard (200..<300).contains(response.statusCode) else {
            throw StartError(description: "the control request \(name) was refused")
        }
    }

    /// The requests the server recorded, as it answers `GET /__control/requests` (a JSON array).
    public func recordedRequests() async throws -> [RecordedRequest] {
        let data = try await CurlTransport(timeout: 10).send(.get(baseURL.appendingPathComponent("__control/requests"))).body
        guard let list = try JSONSerialization.jsonObject(with: data) as? [Any] else { return [] }
        return list.compactMap(RecordedRequest.init(recorded:))
    }

    /// The requests recorded in `file`, one JSON object a line (what a script appends as it serves).
    public static func recordedRequests(inLog file: URL) -> [RecordedRequest] {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8))).flatMap(RecordedRequest.init(recorded:))
        }
    }
}
