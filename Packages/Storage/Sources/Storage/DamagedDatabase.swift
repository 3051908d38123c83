import Foundation

/// What to do with a database file SQLite calls damaged (``StorageError/corrupt(path:)``): never
/// replace it silently, never delete it. It is moved aside, with its `-wal` and `-shm` companions,
/// under a name that says when and why, and a new file can start in its place.
public enum DamagedDatabase {
    /// Moves the file at `path` (and `path-wal`, `path-shm` when present) to
    /// `path.damaged-<UTC date and time>` (with `-2`, `-3`… if that exists), and returns the new path.
    public static func moveAside(_ path: String, at date: Date = Date()) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let fileManager = FileManager.default
        var target = "\(path).damaged-\(formatter.string(from: date))"
        var attempt = 1
        while fileManager.fileExists(atPath: target) {
            attempt += 1
            target = "\(path).damaged-\(formatter.string(from: date))-\(attempt)"
        }
        try fileManager.moveItem(atPath: path, toPath: target)
        for suffix in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + suffix) {
            try fileManager.moveItem(atPath: path + suffix, toPath: target + suffix)
        }
        return target
    }
}
