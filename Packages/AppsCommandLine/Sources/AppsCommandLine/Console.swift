import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// What a command writes: its output on stdout, its messages on stderr, each checked.
public enum Console {
    /// Writes `text` and a newline to stdout: 0 when all of it was written, else 74 (EX_IOERR) with a
    /// message on stderr. A closed pipe, a full disk (`>/dev/full`) or a closed descriptor is an
    /// error the caller must hear of, never a silent success.
    public static func printOutput(_ text: String) -> Int32 {
        guard writeAll(Array((text + "\n").utf8), to: STDOUT_FILENO) else {
            printError("apps-cli: the output could not be written (\(String(cString: strerror(errno)))).")
            return 74
        }
        return 0
    }

    /// Writes a message and a newline to stderr. Errors are ignored: there is nowhere left to report them,
    /// and Foundation's FileHandle would trap on a closed or full stderr.
    public static func printError(_ message: String, newline: Bool = true) {
        _ = writeAll(Array((message + (newline ? "\n" : "")).utf8), to: STDERR_FILENO)
    }

    /// `write(2)` until everything is written; false on any error (EPIPE, EBADF, ENOSPC …).
    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += written
        }
        return true
    }
}
