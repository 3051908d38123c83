import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a file a person named (a config file, a file to import) without trusting what it is:
/// only a regular file is read, opened without blocking, so a named pipe, a device or a socket is
/// refused and named instead of waiting forever for a writer; a symbolic link is followed, and a loop
/// of links is an error, not "no file".
public enum RegularFile {
    /// Why a file was not read.
    public enum Problem: Error, Equatable, Sendable {
        /// Nothing is there (a dangling link is ``unreadable(reason:)``).
        case missing
        /// Something that is not a regular file is there: ``FileKind/description`` says what.
        case notRegular(FileKind)
        /// Larger than the caller reads.
        case tooLarge(bytes: Int)
        /// It could not be opened or read: the system's reason.
        case unreadable(reason: String)
    }

    /// The size of the regular file at `path` (following links), checked as ``read(_:maximumBytes:)``
    /// checks it, for a caller that maps the file itself (an import of hundreds of megabytes).
    public static func size(_ path: String, maximumBytes: Int) throws(Problem) -> Int {
        let descriptor = try openRegular(path, maximumBytes: maximumBytes)
        defer { close(descriptor.descriptor) }
        return descriptor.size
    }

    /// The bytes of the regular file at `path` (following links), at most `maximumBytes` of them.
    public static func read(_ path: String, maximumBytes: Int) throws(Problem) -> Data {
        let (descriptor, size) = try openRegular(path, maximumBytes: maximumBytes)
        defer { close(descriptor) }
        // Back to blocking reads: a regular file never blocks, and EAGAIN is not a reason to stop early.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        var data = Data(count: min(size, maximumBytes) + 1)
        var filled = 0
        while filled < data.count {
            let count = data.withUnsafeMutableBytes { buffer in
                systemRead(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        // A file that grew while it was read is read up to the limit, and no further.
        guard filled <= maximumBytes else { throw .tooLarge(bytes: filled) }
        data.count = filled
        return data
    }

    /// Opens the regular file at `path` without blocking, or says why not; the caller closes it.
    private static func openRegular(_ path: String, maximumBytes: Int) throws(Problem) -> (descriptor: Int32, size: Int) {
        var linkStatus = stat()
        guard lstat(path, &linkStatus) == 0 else {
            if errno == ENOENT { throw .missing }
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer, forever.
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            if errno == ELOOP { throw .unreadable(reason: "its symbolic links lead in a circle") }
            if errno == ENOENT { throw .unreadable(reason: "it is a symbolic link to nothing") }
            throw .unreadable(reason: String(cString: strerror(errno)))
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw .unreadable(reason: reason)
        }
        let kind = FileKind(mode: status.st_mode)
        guard kind == .regular, Int(status.st_size) <= maximumBytes else {
            close(descriptor)
            throw kind == .regular ? .tooLarge(bytes: Int(status.st_size)) : .notRegular(kind)
        }
        return (descriptor, Int(status.st_size))
    }
}

/// `read(2)`: the name ``RegularFile/read(_:maximumBytes:)`` takes inside the type.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

/// What a path is, in the words a message uses.
public enum FileKind: Equatable, Sendable, CustomStringConvertible {
    /// A regular file, a folder, a FIFO, a socket, a character or block device, a symbolic link (seen
    /// with `lstat`), or none of these.
    case regular, folder, namedPipe, socket, characterDevice, blockDevice, symbolicLink, unknown

    /// The kind `mode`'s file-type bits (`st_mode & S_IFMT`) name.
    public init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .namedPipe
        case S_IFSOCK: self = .socket
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFLNK: self = .symbolicLink
        default: self = .unknown
        }
    }

    /// "a file", "a folder", "a named pipe (FIFO)"…: what a message says the path is.
    public var description: String {
        switch self {
        case .regular: "a file"
        case .folder: "a folder"
        case .namedPipe: "a named pipe (FIFO)"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .symbolicLink: "a symbolic link"
        case .unknown: "not a regular file"
        }
    }
}
