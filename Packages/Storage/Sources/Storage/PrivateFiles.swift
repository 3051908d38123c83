import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The data directory's files are the owner's only: folders `0700`, files `0600`.
public enum PrivateFiles {
    /// Creates the folder at `path` and every missing folder above it, each `0700`; folders that are
    /// there already are left as they are (a `--data-dir` may be a folder of the person's own).
    public static func createFolder(atPath path: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { return }
        let parent = (path as NSString).deletingLastPathComponent
        if !parent.isEmpty, parent != path { try createFolder(atPath: parent) }
        guard mkdir(path, 0o700) == 0 || errno == EEXIST else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    /// Takes group's and others' access from the folder at `path` when it is the owner's: for apps-cli's
    /// own data folder (`~/.local/share/apps-cli`), which earlier versions made `0755`. Never for a
    /// folder a person names, which is theirs to set.
    public static func restrictFolder(atPath path: String) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == getuid(), status.st_mode & 0o077 != 0 else { return }
        chmod(path, status.st_mode & 0o700)
    }

    /// Creates an empty file at `path` readable and writable by its owner only, or takes read and
    /// write access from group and others on the file that is there. Failures are left to whoever
    /// opens the file next, which says why.
    public static func prepareFile(atPath path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        var status = stat()
        if fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_mode & 0o077 != 0, status.st_uid == getuid() {
            fchmod(descriptor, status.st_mode & 0o700)
        }
    }
}
