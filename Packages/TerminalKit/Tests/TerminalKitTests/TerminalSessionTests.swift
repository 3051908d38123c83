import Foundation
import Glibc
import TerminalKit
import XCTest

final class TerminalSessionTests: XCTestCase {
    private let enterSequence = "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?2004h\u{1b}[?7l\u{1b}[?1000h\u{1b}[?1006h"
    private let leaveSequence = "\u{1b}[?2026l\u{1b}[0m\u{1b}[?25h\u{1b}[?7h\u{1b}[?2004l\u{1b}[?1006l\u{1b}[?1000l\u{1b}[?1049l"

    func testEnterSwitchesToRawModeAndLeaveRestoresTheExactSettings() throws {
        let pty = try PseudoTerminal()
        let original = pty.termiosBytes()
        var cooked = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &cooked), 0)
        XCTAssertNotEqual(cooked.c_lflag & tcflag_t(ICANON), 0, "a fresh pty starts in cooked mode")

        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        XCTAssertTrue(session.isEntered)
        var raw = termios()
        XCTAssertEqual(tcgetattr(pty.slave, &raw), 0)
        XCTAssertEqual(raw.c_lflag & tcflag_t(ICANON | ECHO | ISIG | IEXTEN), 0, "raw: no line editing, echo or signals")
        XCTAssertEqual(raw.c_iflag & tcflag_t(ICRNL | IXON), 0)
        XCTAssertEqual(raw.c_oflag & tcflag_t(OPOST), 0)
        XCTAssertNotEqual(pty.termiosBytes(), original)

        let entered = pty.readOutput(containing: enterSequence)
        XCTAssertTrue(entered.contains(subsequence: Array(enterSequence.utf8)))

        session.leave()
        XCTAssertFalse(session.isEntered)
        XCTAssertEqual(pty.termiosBytes(), original, "leave() restores termios byte for byte")
        let left = pty.readOutput(containing: leaveSequence)
        XCTAssertTrue(left.contains(subsequence: Array(leaveSequence.utf8)))

        session.leave()
        XCTAssertEqual(pty.termiosBytes(), original, "a second leave() changes nothing")
        session.write("marker")
        XCTAssertEqual(String(decoding: pty.readOutput(containing: "marker"), as: UTF8.self), "marker",
                       "a second leave() writes nothing")
    }

    func testWithoutMouseTheMouseModesAreNotTouched() throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave, mouse: false)
        try session.enter()
        session.leave()
        let output = pty.readOutput(containing: "\u{1b}[?1049l")
        XCTAssertEqual(String(decoding: output, as: UTF8.self),
                       "\u{1b}[?1049h\u{1b}[?25l\u{1b}[?2004h\u{1b}[?7l" + "\u{1b}[?2026l\u{1b}[0m\u{1b}[?25h\u{1b}[?7h\u{1b}[?2004l\u{1b}[?1049l")
    }

    func testEnterOnANonTerminalThrows() throws {
        var descriptors: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        let session = TerminalSession(inputFD: descriptors[0], outputFD: descriptors[1])
        XCTAssertThrowsError(try session.enter()) { error in
            XCTAssertTrue((error as? TerminalError)?.message.contains("not a terminal") == true, "\(error)")
        }
        XCTAssertFalse(session.isEntered)
        session.leave()
    }

    func testSizeComesFromTheTerminalThenTheEnvironmentThenTheDefault() throws {
        let pty = try PseudoTerminal()
        pty.setWindowSize(columns: 123, rows: 45)
        XCTAssertEqual(TerminalSession(inputFD: pty.slave, outputFD: pty.slave, environment: [:]).size(),
                       TerminalSize(columns: 123, rows: 45))

        var descriptors: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer {
            close(descriptors[0])
            close(descriptors[1])
        }
        let piped = TerminalSession(inputFD: descriptors[0], outputFD: descriptors[1],
                                    environment: ["COLUMNS": "100", "LINES": "30"])
        XCTAssertEqual(piped.size(), TerminalSize(columns: 100, rows: 30))
        let bare = TerminalSession(inputFD: descriptors[0], outputFD: descriptors[1],
                                   environment: ["COLUMNS": "junk"])
        XCTAssertEqual(bare.size(), TerminalSize(columns: 80, rows: 24))
    }

    /// A window of 65535×65535 cells (a broken pty, a hostile terminal) or 4000×4000 is drawn at the
    /// largest size the app draws, never allocated whole; a size within it is what the terminal says.
    func testAHugeWindowIsCappedAtTheLargestScreenDrawn() throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave, environment: [:])
        for (columns, rows) in [(65535, 65535), (4000, 4000), (1001, 80), (200, 501)] as [(UInt16, UInt16)] {
            pty.setWindowSize(columns: columns, rows: rows)
            let size = session.size()
            XCTAssertEqual(size, TerminalSize(columns: min(Int(columns), 1000), rows: min(Int(rows), 500)), "\(columns)x\(rows)")
        }
        pty.setWindowSize(columns: 1000, rows: 500)
        XCTAssertEqual(session.size(), TerminalSize.maximum)
        var descriptors: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        XCTAssertEqual(TerminalSession(inputFD: descriptors[0], outputFD: descriptors[1], environment: ["COLUMNS": "9999", "LINES": "9999"]).size(),
                       TerminalSize.maximum)
    }

    func testEscapeDelayHonoursTheEnvironment() {
        XCTAssertEqual(TerminalSession(environment: [:]).escapeDelayMilliseconds, 50)
        XCTAssertEqual(TerminalSession(environment: ["ESCDELAY": "25"]).escapeDelayMilliseconds, 25)
        XCTAssertEqual(TerminalSession(environment: ["ESCDELAY": "nope"]).escapeDelayMilliseconds, 50)
        XCTAssertEqual(TerminalSession(escapeDelayMilliseconds: 10, environment: ["ESCDELAY": "25"]).escapeDelayMilliseconds, 10)
    }

    func testEventsDecodeKeysTypedIntoTheTerminal() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())

        pty.type("\u{1b}[A")
        pty.type("q")
        let keys = await collector.wait { $0.count >= 2 }
        XCTAssertEqual(keys, [.input(.key(.up)), .input(.key(.character("q")))])

        pty.type("\u{1b}")
        let afterEscape = await collector.wait { $0.count >= 3 }
        XCTAssertEqual(afterEscape.last, .input(.key(.escape)), "a lone ESC resolves after the escape delay")

        pty.type("\u{1b}[200~pasted\r\ntext\u{1b}[201~\u{1b}[<0;4;2M")
        let afterPaste = await collector.wait { $0.count >= 5 }
        XCTAssertEqual(Array(afterPaste.dropFirst(3)), [
            .input(.paste("pasted\ntext")),
            .input(.mouse(MouseEvent(kind: .press(button: 0), column: 3, row: 1))),
        ])
    }

    func testResizeSignalReportsTheNewSize() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())

        pty.setWindowSize(columns: 132, rows: 43)
        // The pty is not our controlling terminal, so deliver the SIGWINCH the kernel would send.
        kill(getpid(), SIGWINCH)
        let events = await collector.wait { $0.contains(.resize(TerminalSize(columns: 132, rows: 43))) }
        XCTAssertTrue(events.contains(.resize(TerminalSize(columns: 132, rows: 43))), "\(events)")
    }

    func testContinueSignalReportsResumedAndResumeReentersRawMode() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        var cooked = termios()
        tcgetattr(pty.slave, &cooked)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())

        // What suspend() does before it stops the process group (stopping the test runner is not an option).
        XCTAssertFalse(session.isSuspended)
        kill(getpid(), SIGCONT) // the kernel's SIGCONT after `fg`; harmless to a running process
        let events = await collector.wait { $0.contains(.resumed) }
        XCTAssertTrue(events.contains(.resumed), "\(events)")
        session.resume()
        var current = termios()
        tcgetattr(pty.slave, &current)
        XCTAssertEqual(current.c_lflag & tcflag_t(ICANON), 0, "still raw: resume() without suspend() changes nothing")
        XCTAssertNotEqual(cooked.c_lflag & tcflag_t(ICANON), 0)
    }

    func testTerminationSignalIsReportedAndItsDispositionRestoredAfterwards() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        var before = sigaction()
        sigaction(SIGTERM, nil, &before)
        try session.enter()
        let collector = EventCollector(session.events())

        kill(getpid(), SIGTERM)
        let events = await collector.wait { $0.contains(.terminate(signal: SIGTERM)) }
        XCTAssertTrue(events.contains(.terminate(signal: SIGTERM)), "\(events)")

        session.leave()
        await collector.waitUntilFinished()
        XCTAssertTrue(collector.isFinished, "leave() ends the event stream")
        var after = sigaction()
        sigaction(SIGTERM, nil, &after)
        XCTAssertEqual(withUnsafeBytes(of: &after.__sigaction_handler) { Array($0) },
                       withUnsafeBytes(of: &before.__sigaction_handler) { Array($0) },
                       "SIGTERM's handler is back to what it was")
        XCTAssertEqual(after.sa_flags, before.sa_flags)
    }

    func testHangUpEndsTheStreamWithTerminate() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())
        pty.closeMaster()
        await collector.waitUntilFinished()
        XCTAssertTrue(collector.isFinished)
        XCTAssertEqual(collector.events, [.terminate(signal: SIGHUP)])
    }

    func testStopEventsEndsTheStream() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())
        session.stopEvents()
        await collector.waitUntilFinished()
        XCTAssertTrue(collector.isFinished)
        XCTAssertTrue(session.isEntered, "stopping events does not leave the screen")
    }

    func testCapturedStandardErrorIsReplayedAfterLeave() throws {
        // Point our own fd 2 at a file first, so the replay can be observed.
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("terminalkit-test-\(getpid())-\(UUID().uuidString)").path
        let observed = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
        XCTAssertGreaterThanOrEqual(observed, 0)
        let realStandardError = dup(STDERR_FILENO)
        dup2(observed, STDERR_FILENO)
        defer {
            dup2(realStandardError, STDERR_FILENO)
            close(realStandardError)
            close(observed)
            unlink(path)
        }

        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        session.captureStandardError()
        let message = Array("warning while the UI is up\n".utf8)
        _ = message.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "", "nothing reaches stderr while captured")

        session.leave()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "warning while the UI is up\n")
        let after = Array("after\n".utf8)
        _ = after.withUnsafeBytes { Glibc.write(STDERR_FILENO, $0.baseAddress, $0.count) }
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "warning while the UI is up\nafter\n",
                       "fd 2 points at the original stderr again")
    }
}
