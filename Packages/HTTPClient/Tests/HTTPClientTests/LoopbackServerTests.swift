import Foundation
import HTTPClient
import HTTPClientLive
import HTTPClientTesting
import XCTest

/// The one loopback server's lifecycle, with real python3 children on 127.0.0.1: what every test server
/// (canned routes, scripted ones, the contacts server) is built on.
final class LoopbackServerTests: XCTestCase {
    private let client = HTTPClient(transport: CurlTransport(timeout: 5))

    /// A script with test controls and a request log, in the shape the contacts server answers them.
    private static let controlled = #"""
    import http.server, json, sys, threading, base64
    recorded, faults = [], []
    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"
        def answer(self, status, body):
            self.send_response(status)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
        def do_GET(self):
            if self.path == "/__control/requests":
                return self.answer(200, json.dumps(recorded).encode())
            recorded.append({"method": "GET", "path": self.path, "headers": dict(self.headers.items()), "body_base64": ""})
            self.answer(faults.pop(0) if faults else 200, b"ok")
        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            if self.path == "/__control/fail":
                faults.append(body["status"])
                return self.answer(204, b"")
            self.answer(404, b"")
        def log_message(self, *args):
            pass
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    print("PORT", server.server_address[1], flush=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()
    """#

    func testControlsAndRecordedRequests() async throws {
        let server = try LoopbackServer(name: "the controlled server", portPrefix: "PORT ") { directory in
            let script = directory.appendingPathComponent("server.py")
            try Data(Self.controlled.utf8).write(to: script)
            return [script.path]
        }
        try await server.control("fail", ["status": 503])
        let failed = try await client.send(.get(server.baseURL.appendingPathComponent("list")))
        XCTAssertEqual(failed.statusCode, 503, "the control took effect")
        let recovered = try await client.send(.get(URL(string: "\(server.baseURL)/list?page=2")!))
        XCTAssertEqual(recovered.statusCode, 200)
        let recorded = try await server.recordedRequests()
        XCTAssertEqual(recorded.map(\.path), ["/list", "/list?page=2"])
        XCTAssertEqual(recorded.first?.header("host"), "127.0.0.1:\(server.port)")
        do {
            try await server.control("unknown", [:])
            XCTFail("a control the server refuses is an error")
        } catch let error as LoopbackServer.StartError {
            XCTAssertEqual(error.description, "the control request unknown was refused")
        }
    }

    func testAScriptThatReportsNoPortIsAStartErrorWithItsStandardError() throws {
        var folder: URL?
        XCTAssertThrowsError(try LoopbackServer(name: "the broken server") { directory in
            folder = directory
            return ["-c", "import sys; sys.stderr.write('no port today\\n')"]
        }) { error in
            let description = (error as? LoopbackServer.StartError)?.description ?? "\(error)"
            XCTAssertTrue(description.hasPrefix("the broken server did not report its port"), description)
            XCTAssertTrue(description.contains("no port today"), description)
        }
        let directory = try XCTUnwrap(folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path), "the server's folder went with it")
    }

    func testKillEndsTheServerAtOnceAndReleasingRemovesItsFolder() async throws {
        var server: LoopbackServer? = try LoopbackServer(name: "the scripted server") { directory in
            try Data("kept".utf8).write(to: directory.appendingPathComponent("data.txt"))
            return ["-c", "import socket, sys\ns = socket.socket()\ns.bind(('127.0.0.1', 0))\ns.listen()\nprint(s.getsockname()[1], flush=True)\nsys.stdin.read()"]
        }
        let port = try XCTUnwrap(server?.port)
        let directory = try XCTUnwrap(server?.directory)
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.appendingPathComponent("data.txt").path))
        server?.kill()
        server?.kill()
        server?.stop()
        let error = await caught { try await self.client.data(.get(URL(string: "http://127.0.0.1:\(port)/")!)) }
        XCTAssertEqual(error, .offline("127.0.0.1:\(port)"))
        server = nil
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
    }
}
