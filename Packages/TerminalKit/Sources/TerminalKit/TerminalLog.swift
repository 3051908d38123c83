#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A log of what the app does with the terminal (entered, suspended, continued in the background or
/// the foreground, still in the background 300 ms after ctrl-z, resized, every picture of the first
/// screen drawn with the bytes written until then, left), one line each, for a report about a terminal
/// left in a bad state and for the bench (`APPS_CLI_LOG=FILE`). Nothing of what the screen shows is
/// written: the host's decisions and those two counts.
///
/// Lines are appended with one `write` each (`O_APPEND`), so a test or `tail -f` reading the file
/// sees whole lines, and two runs logging to one file never interleave within a line. The file is the
/// owner's only (`0600`).
public final class TerminalLog: Sendable {
    private let descriptor: Int32

    /// Opens `path` for appending, creating it; nil when it cannot be opened (the app runs without a
    /// log). As the config file is read, only a regular file is taken, and never with a wait: a named
    /// pipe nobody reads, a device or a folder is refused at once (`O_NONBLOCK`: opening a FIFO to write
    /// fails with `ENXIO` instead of waiting for a reader). A link is followed only when the user made
    /// it, to a file the user owns: a link another user left in a shared folder such as /tmp could
    /// otherwise make the app append to any file of the user's it names.
    public init?(path: String) {
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK, link.st_uid != getuid() { return nil }
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard descriptor >= 0 else { return nil }
        var file = stat()
        guard fstat(descriptor, &file) == 0, file.st_mode & S_IFMT == S_IFREG, file.st_uid == getuid() else {
            close(descriptor)
            return nil
        }
        self.descriptor = descriptor
    }

    deinit { close(descriptor) }

    /// Appends `event` as a line, after the process id and the milliseconds since boot.
    public func note(_ event: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let line = "\(getpid()) \(Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000) \(event)\n"
        _ = line.utf8CString.withUnsafeBufferPointer { write(descriptor, $0.baseAddress, $0.count - 1) }
    }
}
