import Foundation

/// What to do with a database file SQLite calls damaged (``StorageError/corrupt(path:)``): never
/// replace it silently, never delete it. It is moved aside, with its `-wal` and `-shm` companions,
/// under a name that says when and why, and a new file can start in its place.
public enum DamagedDatabase {
    /// Moves the file at `path` (and `path-wal`, `path-shm` when present) to
    /// `path.damaged-<UTC date and time>` (with `-2`, `-3`… if that exists), and returns the new path.
    ///
    /// - Parameter belongings: files or folders that belong to this database (a contacts store's
    ///   photos): each one present goes aside with it, under the same suffix, so the kept database
    ///   keeps what its rows name and a new store never mixes its files with them.
    public static func moveAside(_ path: String, with belongings: [String] = [], at date: Date = Date()) throws -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyyMMdd-HHmmss"
        let fileManager = FileManager.default
        var suffix = ".damaged-\(formatter.string(from: date))"
        var attempt = 1
        while ([path] + belongings).contains(where: { fileManager.fileExists(atPath: $0 + suffix) }) {
            attempt += 1
            suffix = ".damaged-\(formatter.string(from: date))-\(attempt)"
        }
        try fileManager.moveItem(atPath: path, toPath: path + suffix)
        for companion in ["-wal", "-shm"] where fileManager.fileExists(atPath: path + companion) {
            try fileManager.moveItem(atPath: path + companion, toPath: path + suffix + companion)
        }
        for belonging in belongings where fileManager.fileExists(atPath: belonging) {
            try fileManager.moveItem(atPath: belonging, toPath: belonging + suffix)
        }
        return path + suffix
    }
}
