import CPseudoTerminal
import Foundation
import Glibc
import Synchronization
import TerminalKit
import TestSupport
import XCTest

struct TestFailure: Error, CustomStringConvertible {
    let description: String
}

/// A pseudo-terminal pair: the session under test uses `slave`, the test plays the terminal on `master`.
final class PseudoTerminal {
    let master: Int32
    let slave: Int32
    private var masterOpen = true

    init() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        guard pseudo_terminal_open(&master, &slave) == 0 else {
            throw TestFailure(description: "cannot open a pseudo-terminal: \(String(cString: strerror(errno)))")
        }
        self.master = master
        self.slave = slave
    }

    deinit {
        close(slave)
        if masterOpen { close(master) }
    }

    func closeMaster() {
        if masterOpen {
            masterOpen = false
            close(master)
        }
    }

    /// Types `text` into the terminal, as a user or the terminal itself would.
    func type(_ bytes: [UInt8]) {
        var remaining = bytes[...]
        while !remaining.isEmpty {
            let written = remaining.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return }
            remaining = remaining.dropFirst(written)
        }
    }

    func type(_ text: String) {
        type(Array(text.utf8))
    }

    func setWindowSize(columns: UInt16, rows: UInt16) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    func termiosBytes() -> [UInt8] {
        var settings = termios()
        _ = tcgetattr(slave, &settings)
        return withUnsafeBytes(of: &settings) { Array($0) }
    }

    /// Reads what the program wrote until `done` accepts it, or 20 s pass (then returns what came).
    func readOutput(until done: ([UInt8]) -> Bool) -> [UInt8] {
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + .seconds(20)
        while !done(output), ContinuousClock.now < deadline {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 100) > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[0..<count]
            } else if count < 0 && errno == EINTR {
                continue
            } else {
                break
            }
        }
        return output
    }

    /// Whatever arrives within one short poll (possibly nothing).
    func readAvailable() -> [UInt8] {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, 100) > 0 else { return [] }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = buffer.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
        return count > 0 ? Array(buffer[0..<count]) : []
    }

    func readOutput(containing expected: String) -> [UInt8] {
        let needle = Array(expected.utf8)
        return readOutput { $0.contains(subsequence: needle) }
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence needle: [UInt8]) -> Bool {
        firstRange(of: needle) != nil
    }

    func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, count >= needle.count else { return nil }
        for start in 0...(count - needle.count) where self[start..<(start + needle.count)].elementsEqual(needle) {
            return start..<(start + needle.count)
        }
        return nil
    }
}

/// Collects a stream's events on a task so a test can wait for them without hanging forever.
final class EventCollector: Sendable {
    private final class Storage: Sendable {
        let events = Mutex<[TerminalEvent]>([])
        let finished = Mutex(false)
    }

    private let storage: Storage
    private let task: Task<Void, Never>

    init(_ stream: AsyncStream<TerminalEvent>) {
        let storage = Storage()
        self.storage = storage
        task = Task {
            for await event in stream {
                storage.events.withLock { $0.append(event) }
            }
            storage.finished.withLock { $0 = true }
        }
    }

    deinit {
        task.cancel()
    }

    var events: [TerminalEvent] { storage.events.withLock { $0 } }
    var isFinished: Bool { storage.finished.withLock { $0 } }

    /// Waits until `done` accepts the events so far (the test fails after 20 s) and returns them.
    func wait(until done: ([TerminalEvent]) -> Bool) async -> [TerminalEvent] {
        await waitUntil("the terminal's events are there", timeout: .seconds(20)) { done(self.events) }
        return events
    }

    func waitUntilFinished() async {
        await waitUntil("the event stream ends", timeout: .seconds(20)) { self.isFinished }
    }
}
