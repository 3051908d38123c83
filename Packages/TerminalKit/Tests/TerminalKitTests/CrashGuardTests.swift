import CPseudoTerminal
import Foundation
import Glibc
import TerminalKit
import XCTest

/// The crash guard is checked in a child process: this test binary runs itself, filtered to this
/// one test, with `TERMINALKIT_CRASH_CHILD` set; the child takes over a pty and then traps.
final class CrashGuardTests: XCTestCase {
    private static let childVariable = "TERMINALKIT_CRASH_CHILD"
    private static let stderrMarker = "stderr-written-while-the-ui-was-up"
    private static let crashMessage = "crash-guard-test-crash"

    func testCrashRestoresTheTerminalAndReplaysStandardError() throws {
        if ProcessInfo.processInfo.environment[Self.childVariable] == "1" {
            crashAsChild()
        }

        let pty = try PseudoTerminal()
        let original = pty.termiosBytes()
        let terminal = FileHandle(fileDescriptor: pty.slave, closeOnDealloc: false)
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        child.arguments = ["TerminalKitTests.CrashGuardTests/testCrashRestoresTheTerminalAndReplaysStandardError"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"
        child.environment = environment
        child.standardInput = terminal
        child.standardOutput = terminal
        child.standardError = terminal
        try child.run()

        // Read while the child runs (a full pty buffer would block it), then drain what is left.
        var output: [UInt8] = []
        let deadline = ContinuousClock.now + .seconds(60)
        while child.isRunning, ContinuousClock.now < deadline {
            output += pty.readAvailable()
        }
        while case let chunk = pty.readAvailable(), !chunk.isEmpty {
            output += chunk
        }
        child.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self)

        XCTAssertEqual(child.terminationReason, .uncaughtSignal, text)
        XCTAssertTrue([SIGILL, SIGTRAP].contains(child.terminationStatus), "signal \(child.terminationStatus)")
        let enter = output.firstRange(of: Array("\u{1b}[?1049h".utf8))
        let leave = output.firstRange(of: Array("\u{1b}[?1049l".utf8))
        let marker = output.firstRange(of: Array(Self.stderrMarker.utf8))
        let crash = output.firstRange(of: Array(Self.crashMessage.utf8))
        XCTAssertNotNil(enter, text)
        XCTAssertNotNil(leave, "the guard wrote the teardown: \(text)")
        XCTAssertNotNil(marker, "captured stderr was replayed: \(text)")
        XCTAssertNotNil(crash, "the crash message was replayed: \(text)")
        if let enter, let leave, let marker, let crash {
            XCTAssertLessThan(enter.lowerBound, leave.lowerBound)
            XCTAssertLessThan(leave.lowerBound, marker.lowerBound, "stderr appears after the screen is restored")
            XCTAssertLessThan(leave.lowerBound, crash.lowerBound)
        }
        XCTAssertEqual(pty.termiosBytes(), original, "the guard restored termios")
    }

    /// In the child: take over the terminal, write to stderr, and trap like any Swift crash.
    private func crashAsChild() -> Never {
        let session = TerminalSession(inputFD: STDIN_FILENO, outputFD: STDOUT_FILENO)
        do {
            try session.enter()
        } catch {
            print("child could not enter: \(error)")
            exit(3)
        }
        session.captureStandardError()
        FileHandle.standardError.write(Data("\(Self.stderrMarker)\n".utf8))
        fatalError(Self.crashMessage)
    }
}
