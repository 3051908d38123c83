import Foundation
import TestSupport
import XCTest

/// A fake `xdg-open` in a temporary directory: a shell script that appends what it received and how it
/// was started to a log, then does `tail` (exit 0 unless told otherwise).
///
/// Per call the log holds `argc=N`, one `arg=…` line per argument, the targets of the child's
/// fds 0–2, its pid and process group, `$DISPLAY`, `$MARKER`, whether fd 200 was inherited, then `end`.
/// The stub sets its own PATH, because the opener runs it with the test's PATH (the stub's directory).
final class StubOpener {
    struct Call {
        var arguments: [String] = []
        var argumentCount = -1
        var fields: [String: String] = [:]
    }

    let directory: URL
    let log: URL
    var program: URL { directory.appendingPathComponent("xdg-open") }

    init(tail: String = "exit 0", mode: Int = 0o755) throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("SystemActionsTests-\(UUID().uuidString)", isDirectory: true)
        log = directory.appendingPathComponent("calls.log")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = """
            #!/bin/sh
            PATH=/usr/bin:/bin
            stdin=$(readlink /proc/$$/fd/0)
            stdout=$(readlink /proc/$$/fd/1)
            stderr=$(readlink /proc/$$/fd/2)
            if [ -e /proc/$$/fd/200 ]; then fd200=open; else fd200=closed; fi
            {
              printf 'argc=%s\\n' "$#"
              for argument in "$@"; do printf 'arg=%s\\n' "$argument"; done
              printf 'stdin=%s\\nstdout=%s\\nstderr=%s\\n' "$stdin" "$stdout" "$stderr"
              printf 'pid=%s\\npgid=%s\\n' "$$" "$(cut -d' ' -f5 /proc/$$/stat)"
              printf 'display=%s\\nmarker=%s\\nfd200=%s\\n' "${DISPLAY-}" "${MARKER-}" "$fd200"
              printf 'end\\n'
            } >> '\(log.path)'
            \(tail)

            """
        try write(script, mode: mode)
    }

    /// Replaces the stub with `text` (a broken program, a non-executable file …).
    func write(_ text: String, mode: Int) throws {
        try Data(text.utf8).write(to: program)
        try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: program.path)
    }

    /// An environment whose PATH finds only the stub, with an X display and a marker variable.
    func environment(display: String? = ":0", wayland: String? = nil) -> [String: String] {
        var environment = ["PATH": directory.path, "MARKER": "from-the-injected-environment"]
        environment["DISPLAY"] = display
        environment["WAYLAND_DISPLAY"] = wayland
        return environment
    }

    /// Every call logged so far; nil when the stub never ran.
    func calls() throws -> [Call]? {
        guard FileManager.default.fileExists(atPath: log.path) else { return nil }
        var calls: [Call] = []
        var current = Call()
        for line in try String(contentsOf: log, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "end" {
                calls.append(current)
                current = Call()
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            switch key {
            case "argc": current.argumentCount = Int(value) ?? -1
            case "arg": current.arguments.append(value)
            default: current.fields[key] = value
            }
        }
        return calls
    }

    /// The only logged call, failing the test unless there is exactly one.
    func onlyCall(file: StaticString = #filePath, line: UInt = #line) throws -> Call {
        let calls = try XCTUnwrap(try self.calls(), "the stub never ran", file: file, line: line)
        XCTAssertEqual(calls.count, 1, file: file, line: line)
        return try XCTUnwrap(calls.first, file: file, line: line)
    }

    func clearLog() {
        try? FileManager.default.removeItem(at: log)
    }

    /// Waits up to `seconds` for the log to appear (a stub that keeps running writes it asynchronously);
    /// the test fails when it does not.
    func waitForLog(seconds: Double = 10) async -> Bool {
        let written = { FileManager.default.fileExists(atPath: self.log.path) && (try? self.calls())??.isEmpty == false }
        await waitUntil("the stub's log is written", timeout: .seconds(seconds), every: .milliseconds(20)) { written() }
        return written()
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }
}
