import Foundation
import HTTPClient
import HTTPClientLive
import XCTest

/// A server that sends headers at once and then one body byte every 0.3 s keeps URLSession's idle timer
/// happy forever on Linux (its resource timeout is not enforced there); the transport's own deadline must end it.
final class SlowBodyTimeoutTests: XCTestCase {
    private static let script = """
    import socket, sys, threading, time
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    s.listen()
    print(s.getsockname()[1], flush=True)
    def serve(c):
        c.recv(65536)
        try:
            c.sendall(b"HTTP/1.1 200 OK\\r\\nContent-Length: 100\\r\\n\\r\\n")
            for _ in range(100):
                time.sleep(0.3)
                c.sendall(b"x")
        except OSError:
            pass
    threading.Thread(target=lambda: (sys.stdin.read(), __import__("os")._exit(0)), daemon=True).start()
    while True:
        c, _ = s.accept()
        threading.Thread(target=serve, args=(c,), daemon=True).start()
    """

    func testABodyThatNeverFinishesTimesOut() async throws {
        let scriptFile = FileManager.default.temporaryDirectory.appendingPathComponent("trickle-\(UUID().uuidString).py")
        try Data(Self.script.utf8).write(to: scriptFile)
        defer { try? FileManager.default.removeItem(at: scriptFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", scriptFile.path]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        defer {
            try? stdin.fileHandleForWriting.close()
            process.terminate()
            process.waitUntilExit()
        }
        var output = Data()
        while !output.contains(UInt8(ascii: "\n")) {
            let chunk = stdout.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            output.append(chunk)
        }
        let port = try XCTUnwrap(Int(String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)))

        let error = await caught { try await CurlTransport(timeout: 1).send(.get(URL(string: "http://127.0.0.1:\(port)/")!)) }
        XCTAssertEqual(error, .timeout(seconds: 1))
    }
}
