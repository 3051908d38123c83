import Foundation
import XCTest

/// `apps-cli` in a pseudo-terminal whose "terminal" answers the launch probe as a hostile or broken
/// one would (a Python standard-library pty driver: no real terminal answers like this on purpose).
final class HostileTerminalTests: XCTestCase {
    /// Runs `apps-cli arguments` on a pty of `columns`×`rows` cells and `xPixels`×`yPixels` pixels, answers
    /// its probe with `reply` once the probe's device-attributes query is read (and `lateReply` 400 ms
    /// later, past the probe's deadline), presses `q` once the first frame has been drawn for a second,
    /// and returns the exit status and everything it wrote.
    private func runInPseudoTerminal(_ arguments: [String], reply: String, lateReply: String = "", xPixels: Int = 0, yPixels: Int = 0,
                                     columns: Int = 100, rows: Int = 30) throws -> (status: Int32, output: [UInt8]) {
        let script = #"""
        import fcntl, os, pty, select, struct, sys, termios, time
        binary, reply, late = sys.argv[1], sys.argv[2].encode(), sys.argv[3].encode()
        xpix, ypix, cols, rows = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6]), int(sys.argv[7])
        pid, fd = pty.fork()
        if pid == 0:
            os.execv(binary, [binary] + sys.argv[8:])
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, xpix, ypix))
        output, answered, drawn_at, quit_sent = b"", False, None, False
        deadline = time.time() + 30
        status = None
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    data = os.read(fd, 1 << 16)
                except OSError:
                    data = b""
                if not data:
                    # The app closed the terminal: it has ended, or is ending.
                    _, status = os.waitpid(pid, 0)
                    break
                output += data
                if not answered and b"\x1b[c" in output:
                    os.write(fd, reply)
                    answered, answered_at = True, time.time()
                if answered and drawn_at is None and len(output) > 2000:
                    drawn_at = time.time()
            if answered and late and time.time() - answered_at > 0.4:
                os.write(fd, late)
                late = b""
            if drawn_at is not None and not late and not quit_sent and time.time() - drawn_at > 1.0:
                os.write(fd, b"q")
                quit_sent = True
            done, code = os.waitpid(pid, os.WNOHANG)
            if done:
                status = code
                break
        if status is None:
            os.kill(pid, 9)
            _, status = os.waitpid(pid, 0)
            sys.stderr.write("timed out\n")
        try:
            while True:
                ready, _, _ = select.select([fd], [], [], 0.05)
                if not ready:
                    break
                data = os.read(fd, 1 << 16)
                if not data:
                    break
                output += data
        except OSError:
            pass
        sys.stdout.buffer.write(output)
        # An app that ended before it was asked to (an Escape it was never sent) fails as 99.
        sys.exit(99 if not quit_sent else os.waitstatus_to_exitcode(status) & 0xFF)
        """#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, AppsCLIProcess.executable.path, reply, lateReply, String(xPixels), String(yPixels),
                             String(columns), String(rows)] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        environment["COLORTERM"] = "truecolor"
        for name in ["TMUX", "STY", "NO_COLOR", "APPS_CLI_IMAGES", "APPS_CLI_ACCESSIBLE", "KITTY_WINDOW_ID", "TERM_PROGRAM"] {
            environment[name] = nil
        }
        environment["XDG_DATA_HOME"] = NSTemporaryDirectory() + "apps-cli-e2e-data"
        environment["XDG_CACHE_HOME"] = NSTemporaryDirectory() + "apps-cli-e2e-cache"
        process.environment = environment
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let bytes = output.fileHandleForReading.readDataToEndOfFile()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertFalse(said.contains("timed out"), "the app did not quit within 30 s")
        return (process.terminationStatus, Array(bytes))
    }

    /// A cell size no terminal has — told by `CSI 16 t` as 100000 × 100000, or by a window of 65535 ×
    /// 65535 pixels — sizes no picture: the app falls back to symbols (no picture is transmitted),
    /// draws, and quits cleanly, where it used to abort allocating 43 TB or 1.8 GB.
    func testANonsenseCellSizeFallsBackToSymbolsInsteadOfAllocatingGigabytes() throws {
        let kittyAnswer = "\u{1B}_Gi=31;OK\u{1B}\\"
        let cases: [(reply: String, xPixels: Int, yPixels: Int)] = [
            (kittyAnswer + "\u{1B}[6;100000;100000t\u{1B}[?62;c", 0, 0),
            (kittyAnswer + "\u{1B}[6;200;400t\u{1B}[?62;c", 0, 0),
            (kittyAnswer + "\u{1B}[?62;c", 65535, 65535),
        ]
        for hostile in cases {
            let (status, output) = try runInPseudoTerminal(["product-grid", "--images", "kitty"], reply: hostile.reply,
                                                           xPixels: hostile.xPixels, yPixels: hostile.yPixels)
            let text = String(decoding: output, as: UTF8.self)
            XCTAssertEqual(status, 0, "\(hostile.reply.debugDescription): \(text.suffix(400))")
            XCTAssertFalse(text.contains("Fatal error"), text.suffix(400).description)
            XCTAssertFalse(text.contains("\u{1B}_Ga=t"), "no picture is transmitted in the terminal's pixels")
            XCTAssertTrue(text.contains("Products"), "the screen was drawn")
            XCTAssertLessThan(output.count, 2 << 20, "a screen of symbols, not megabytes of pictures")
        }
        // A real cell size keeps the pixels.
        let (status, output) = try runInPseudoTerminal(["product-grid", "--images", "kitty"], reply: kittyAnswer + "\u{1B}[6;20;10t\u{1B}[?62;c")
        XCTAssertEqual(status, 0)
        XCTAssertTrue(String(decoding: output, as: UTF8.self).contains("\u{1B}_Ga=t"), "pictures in kitty's protocol")
    }

    /// A reply cut by the probe's 200 ms deadline (a slow link) is swallowed when its tail comes 400 ms
    /// later: its `?` does not open the key overlay, its ESC is no Escape, nothing of it is typed (the
    /// colour's `/` used to open the filter, which then took the `q` that should quit).
    func testAReplyCutByTheProbesDeadlineTypesNothing() throws {
        for (first, tail) in [("\u{1B}", "[?62;4c"), ("\u{1B}[", "?62;4c"), ("\u{1B}[?6", "2;4c"), ("\u{1B}]11;rgb:0000/", "0000/0000\u{1B}\\\u{1B}[?62;c")] {
            let (status, output) = try runInPseudoTerminal(["numbers", "--images", "half", "--theme", "auto"], reply: first, lateReply: tail)
            XCTAssertEqual(status, 0, "\(first.debugDescription): 99 is an app that quit by itself (a cut ESC read as Escape)")
            let text = String(decoding: output, as: UTF8.self)
            XCTAssertTrue(text.contains("Numbers"), text.suffix(300).description)
            XCTAssertFalse(text.contains("Keys"), "\(first.debugDescription): the key overlay never opened")
        }
    }
}
