import Foundation
import HTTPClientTesting
import TerminalKit
import TextCells
import XCTest

/// Every feature, interactive, in a pseudo-terminal, on data full of terminal escapes (clear screen,
/// window title, clipboard, hyperlinks, DCS, a C1 CSI, bidi overrides, NUL): the raw bytes the app
/// writes contain only the sequences its renderer makes, never one that came with the data.
final class EscapeInjectionTests: XCTestCase {
    /// Each escape a payload may try, between words so a half-stripped one would show.
    private static let hostile = "Evil\u{1B}[2J\u{1B}]0;pwned\u{07}Title\u{1B}]2;pwned\u{1B}\\Clip\u{1B}]52;c;aGVsbG8=\u{07}"
        + "Link\u{1B}]8;;http://evil.example\u{1B}\\here\u{1B}]8;;\u{1B}\\Dcs\u{1B}Pq#0;2;0;0;0\u{1B}\\C1\u{9B}31mBidi\u{202E}txet\u{2066}x"
        + "Nul\u{0}End\u{1B}c\u{1B}[?1049l"

    /// `value` as a JSON string literal (control characters escaped, as a server would send them).
    private static func json(_ value: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [value], options: [.fragmentsAllowed])
        return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
    }

    private struct Case {
        var feature: String
        var routes: [LocalHTTPServer.Route]
        /// Keys after the first screen (as Python string escapes), one step each.
        var keys: [String]
    }

    private static var cases: [Case] {
        let h = json(hostile)
        func route(_ path: String, _ body: String) -> LocalHTTPServer.Route { .init(path: path, body: Data(body.utf8)) }
        return [
            Case(feature: "check24", routes: [
                route("/products-test.json", #"{"header":{"headerTitle":\#(h),"headerDescription":\#(h)},"filters":[\#(h),\#(h),\#(h)],"#
                      + #""products":[{"id":1,"name":\#(h),"type":\#(h),"color":\#(h),"description":\#(h),"longDescription":\#(h),"#
                      + #""colorCode":\#(h),"imageURL":\#(h),"price":{"value":1,"currency":\#(h)}}]}"#),
            ], keys: ["\\r"]),
            Case(feature: "product-grid", routes: [
                route("/cart/list", #"{"products":[{"product_id":"1","name":\#(h),"price":100,"image":\#(h)}]}"#),
                route("/cart/1/detail", #"{"product_id":"1","name":\#(h),"price":100,"image":\#(h),"description":\#(h)}"#),
            ], keys: ["\\r"]),
            Case(feature: "numbers", routes: [
                .init(method: "HEAD", path: "/json.php"),
                route("/json.php?name=1", #"{"name":"1","text":\#(h),"image":\#(h)}"#),
                route("/json.php", #"[{"name":"1","image":\#(h)},{"name":\#(h),"image":""}]"#),
            ], keys: ["\\r", "j"]),
            Case(feature: "resource-directory", routes: [
                route("/data/categories.json", #"[{"_id":"1","eid":"c1","slug":"restaurants","title":\#(h)}]"#),
                route("/data/restaurants.json", #"[{"_id":"r1","title":\#(h),"description":\#(h),"address":\#(h),"#
                      + #""contactInfo":{"phoneNumber":[\#(h)],"website":[\#(h)],"email":[\#(h)]}}]"#),
            ], keys: ["\\r", "\\r", "\\r"]),
            Case(feature: "contacts", routes: [
                route("/contacts.json", #"[{"id":1,"first_name":\#(h),"last_name":\#(h),"profile_pic":"/images/missing.png","favorite":false,"url":"x"}]"#),
                route("/contacts/1.json", #"{"id":1,"first_name":\#(h),"last_name":\#(h),"email":\#(h),"phone_number":\#(h),"#
                      + #""profile_pic":"/images/missing.png","favorite":false,"created_at":"x","updated_at":"x"}"#),
            ], keys: ["\\r"]),
        ]
    }

    /// Runs argv in a pseudo-terminal of 100x30: waits for the first screen, sends each key with a pause
    /// for its frame, then `q`; writes everything the program wrote to the output file; prints the exit status.
    private static let ptyDriver = """
        import fcntl, os, pty, select, struct, sys, termios, time
        out, keys, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
            os.environ["TERM"] = "xterm-256color"
            os.environ["COLORTERM"] = "truecolor"
            os.environ.pop("NO_COLOR", None)
            os.execv(argv[0], argv)
        data = bytearray()
        def pump(seconds):
            deadline = time.time() + seconds
            while time.time() < deadline:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if ready:
                    try:
                        chunk = os.read(fd, 65536)
                    except OSError:
                        return False
                    if not chunk:
                        return False
                    data.extend(chunk)
            return True
        pump(1.5)
        for key in [k for k in keys.split(",") if k]:
            os.write(fd, key.encode().decode("unicode_escape").encode())
            pump(0.8)
        os.write(fd, b"q")
        pump(5)
        _, status = os.waitpid(pid, 0)
        open(out, "wb").write(bytes(data))
        print(os.waitstatus_to_exitcode(status))
        """

    /// The problems in `output`: any escape or control byte the renderer does not write.
    static func foreignSequences(in output: [UInt8]) -> [String] {
        var problems: [String] = []
        var index = 0
        func describe(_ range: Range<Int>) -> String {
            String(decoding: output[range.clamped(to: 0..<output.count)], as: UTF8.self).debugDescription
        }
        while index < output.count {
            let byte = output[index]
            if byte == 0x1B {
                guard index + 1 < output.count, output[index + 1] == UInt8(ascii: "[") else {
                    problems.append("ESC not followed by [ at \(index): \(describe(index..<index + 12))")
                    index += 1
                    continue
                }
                var end = index + 2
                while end < output.count, (0x30...0x3F).contains(output[end]) { end += 1 }  // parameters
                guard end < output.count else { problems.append("unterminated CSI at \(index)"); break }
                let parameters = String(decoding: output[(index + 2)..<end], as: UTF8.self)
                let final = Character(UnicodeScalar(output[end]))
                // The renderer's vocabulary: cursor position, SGR, clear screen, erase line, private modes.
                let allowed: Bool
                switch final {
                case "H", "m", "J", "K": allowed = !parameters.contains("?")
                case "h", "l": allowed = parameters.hasPrefix("?")
                default: allowed = false
                }
                if !allowed { problems.append("CSI \(parameters.debugDescription) \(final) at \(index)") }
                index = end + 1
                continue
            }
            if byte < 0x20, byte != 0x0A, byte != 0x0D { problems.append("control byte \(byte) at \(index): \(describe(index - 8..<index + 8))") }
            if byte == 0x7F { problems.append("DEL at \(index)") }
            // C1 controls and bidi controls, as UTF-8: C2 80…9F, E2 80 AA…AE, E2 81 A6…A9.
            if byte == 0xC2, index + 1 < output.count, (0x80...0x9F).contains(output[index + 1]) {
                problems.append("C1 control at \(index)")
            }
            if byte == 0xE2, index + 2 < output.count,
               (output[index + 1] == 0x80 && (0xAA...0xAE).contains(output[index + 2])) || (output[index + 1] == 0x81 && (0xA6...0xA9).contains(output[index + 2])) {
                problems.append("bidi control at \(index)")
            }
            index += 1
        }
        return problems
    }

    func testTheRendererIsTheOnlySourceOfEscapesInEveryFeature() throws {
        let work = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("apps-cli-escapes-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        var sequences = 0
        for testCase in Self.cases {
            let server = try LocalHTTPServer(routes: testCase.routes)
            defer { server.stop() }
            let output = work.appendingPathComponent("\(testCase.feature).out")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", Self.ptyDriver, output.path, testCase.keys.joined(separator: ","),
                                 AppsCLIProcess.executable.path, testCase.feature, "--base-url", server.baseURL.absoluteString,
                                 "--timeout", "3", "--data-dir", work.appendingPathComponent("data").path]
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            let status = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            XCTAssertEqual(status.trimmingCharacters(in: .whitespacesAndNewlines), "0", "\(testCase.feature) quit normally")
            let bytes = [UInt8](try Data(contentsOf: output))
            XCTAssertGreaterThan(bytes.count, 1000, "\(testCase.feature) drew its screens")
            XCTAssertTrue(String(decoding: bytes, as: UTF8.self).contains("Evil"), "\(testCase.feature) showed the hostile data")
            // Before the first frame the terminal is asked what it draws (the pty answers nothing):
            // those queries, once, right after entering; everything after them is the renderer's.
            // (Without kitty's query when the tests themselves run inside tmux.)
            let withKitty = Array(TerminalProbe.batch(asksKitty: true, widthSentinels: WidthDetection.sentinels).utf8)
            let query = bytes.firstRange(of: withKitty) != nil ? withKitty
                : Array(TerminalProbe.batch(asksKitty: false, widthSentinels: WidthDetection.sentinels).utf8)
            let queryStart = try XCTUnwrap(bytes.firstRange(of: query), "\(testCase.feature) asked the terminal once")
            XCTAssertFalse(bytes[queryStart.lowerBound...].dropFirst(query.count).contains(query), "only once")
            XCTAssertFalse(String(decoding: bytes[..<queryStart.lowerBound], as: UTF8.self).contains("\u{1B}[?2026h"), "before any frame")
            let problems = Self.foreignSequences(in: Array(bytes[..<queryStart.lowerBound] + bytes[queryStart.upperBound...]))
            XCTAssertEqual(problems, [], "\(testCase.feature): \(problems.prefix(5))")
            sequences += bytes.filter { $0 == 0x1B }.count
        }
        XCTAssertGreaterThan(sequences, 100)
    }

    func testTheCheckerCatchesEachInjectedKind() {
        for injected in ["\u{1B}]0;t\u{07}", "\u{1B}]52;c;aGk=\u{07}", "\u{1B}]8;;x\u{1B}\\", "\u{1B}Pq\u{1B}\\", "\u{9B}31m", "\u{202E}",
                         "\u{0}", "\u{1B}c", "\u{1B}[6n", "\u{1B}[?1049x", "\u{7}"] {
            let output = Array(("\u{1B}[1;1H\u{1B}[0mok" + injected + "ok\u{1B}[K").utf8)
            XCTAssertFalse(Self.foreignSequences(in: output).isEmpty, injected.debugDescription)
        }
        XCTAssertEqual(Self.foreignSequences(in: Array("\u{1B}[?2026h\u{1B}[2;5H\u{1B}[0;1;38;2;1;2;3mA\u{1B}[K\u{1B}[?2026l\r\n".utf8)), [])
    }
}
