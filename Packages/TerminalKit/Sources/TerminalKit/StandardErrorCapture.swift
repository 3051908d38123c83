import Foundation
import Glibc
internal import CTerminalGuard

/// Sends fd 2 to an unlinked temporary file while the full-screen UI is up (so warnings do not
/// scribble over the screen) and replays the file to the real stderr afterwards.
struct StandardErrorCapture {
    let logFD: Int32
    let originalStandardErrorFD: Int32

    /// Starts capturing; nil when a temporary file or a duplicate descriptor cannot be made.
    init?() {
        let directory = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/terminalkit-stderr-XXXXXX".utf8CString)
        let logFD = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { terminal_guard_make_temporary_file($0) } ?? -1
        }
        guard logFD >= 0 else { return nil }
        template.withUnsafeBufferPointer { buffer in
            if let path = buffer.baseAddress { _ = unlink(path) }
        }
        let original = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
        guard original >= 0, dup2(logFD, STDERR_FILENO) >= 0 else {
            if original >= 0 { close(original) }
            close(logFD)
            return nil
        }
        self.logFD = logFD
        self.originalStandardErrorFD = original
    }

    /// Points fd 2 back at the original stderr and copies everything captured to it.
    func finish() {
        _ = dup2(originalStandardErrorFD, STDERR_FILENO)
        close(originalStandardErrorFD)
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        if lseek(logFD, 0, SEEK_SET) == 0 {
            while true {
                let count = buffer.withUnsafeMutableBytes { read(logFD, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                _ = FileDescriptorWriter.writeAll(fd: STDERR_FILENO, bytes: buffer[0..<count])
            }
        }
        close(logFD)
    }
}

/// A write loop that survives EINTR, partial writes and non-blocking descriptors.
enum FileDescriptorWriter {
    static func writeAll(fd: Int32, bytes: ArraySlice<UInt8>) -> Bool {
        bytes.withUnsafeBytes { raw in
            guard var pointer = raw.baseAddress else { return true }
            var remaining = raw.count
            while remaining > 0 {
                let written = Glibc.write(fd, pointer, remaining)
                if written > 0 {
                    pointer += written
                    remaining -= written
                    continue
                }
                if written < 0 && errno == EINTR { continue }
                if written < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                    var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&descriptor, 1, -1)
                    continue
                }
                return false
            }
            return true
        }
    }
}
