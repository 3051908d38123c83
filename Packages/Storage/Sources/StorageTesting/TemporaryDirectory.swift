import Foundation
import Storage

/// A fresh, uniquely named directory under `NSTemporaryDirectory()`, removed with everything in it
/// when the last reference goes away. Keep it alive for as long as a test uses its files.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Creates `<tmp>/<prefix>-<UUID>`.
    public init(prefix: String = "storage-tests") throws {
        url = URL(fileURLWithPath: NSTemporaryDirectory(), isDirectory: true)
            .appendingPathComponent("\(prefix)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    /// The directory's path.
    public var path: String { url.path }

    /// The URL of `relativePath` inside the directory (not created).
    public func file(_ relativePath: String) -> URL {
        url.appendingPathComponent(relativePath)
    }

    /// Opens (creating) the SQLite file `fileName` in the directory.
    public func openDatabase(_ fileName: String = "test.sqlite", busyTimeout: Duration = .seconds(5)) throws -> SQLiteDatabase {
        try SQLiteDatabase.open(directory: url, fileName: fileName, busyTimeout: busyTimeout)
    }

    /// Writes `contents` to `relativePath` (creating folders), e.g. to plant a file that is not a database.
    @discardableResult
    public func write(_ contents: Data, to relativePath: String) throws -> URL {
        let target = file(relativePath)
        try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
        try contents.write(to: target)
        return target
    }
}
