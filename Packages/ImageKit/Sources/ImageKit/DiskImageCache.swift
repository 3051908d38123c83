import Foundation
import Synchronization

/// The fetched bytes of pictures across runs: one file per URL in a folder, bounded in bytes and in
/// files, the least recently used going first.
///
/// A file read is touched (its modification time is its last use: access times are often not kept).
/// The folder's size is counted once, on the first write, then kept up to date; a write that takes it
/// over a bound trims it to three quarters of both bounds, oldest first, so trimming is rare and a
/// scroll through a catalog of 10,000 products never leaves more than the bound behind. Every error is
/// swallowed: the cache is best-effort, and a missing file only costs a fetch. Other processes on the
/// same folder add to it unseen until the next trim, which counts again.
public final class DiskImageCache: Sendable {
    /// The bounds: 64 MB and 1,000 pictures (a catalog's screens of pictures for weeks, not its whole catalog).
    public static let defaultByteLimit = 64 << 20
    public static let defaultFileLimit = 1_000

    /// The folder the pictures' files are kept in.
    public let directory: URL
    private let byteLimit: Int
    private let fileLimit: Int
    private struct Usage {
        var bytes = 0
        var files = 0
        var counted = false
    }
    private let usage = Mutex(Usage())

    /// A cache in `directory` (made when the first picture is kept) holding at most `byteLimit` bytes
    /// and `fileLimit` pictures.
    public init(directory: URL, byteLimit: Int = DiskImageCache.defaultByteLimit, fileLimit: Int = DiskImageCache.defaultFileLimit) {
        self.directory = directory
        self.byteLimit = byteLimit
        self.fileLimit = fileLimit
    }

    /// The bytes kept for `url`, marked as just used; nil when none are kept.
    func data(for url: URL) -> Data? {
        let file = self.file(for: url)
        guard let data = try? Data(contentsOf: file) else { return nil }
        try? FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: file.path)
        return data
    }

    /// Keeps `data` for `url`, then trims the folder when it is over a bound.
    func store(_ data: Data, for url: URL) {
        let file = self.file(for: url)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let replaced = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
            try data.write(to: file, options: .atomic)
            let over = usage.withLock { usage -> Bool in
                if usage.counted {
                    usage.bytes += data.count - (replaced ?? 0)
                    usage.files += replaced == nil ? 1 : 0
                }
                return !usage.counted || usage.bytes > byteLimit || usage.files > fileLimit
            }
            if over { trim() }
        } catch {
            // Best-effort: a read-only or full disk only costs a fetch next time.
        }
    }

    /// Forgets the bytes kept for `url` (they no longer decode).
    func remove(_ url: URL) {
        let file = self.file(for: url)
        let size = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? nil
        guard (try? FileManager.default.removeItem(at: file)) != nil, let size else { return }
        usage.withLock { usage in
            if usage.counted { usage.bytes -= size; usage.files -= 1 }
        }
    }

    /// Counts the folder and, when it is over a bound, removes the least recently used files until it
    /// holds three quarters of each bound at most.
    func trim() {
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        guard let names = try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else { return }
        var files: [(url: URL, size: Int, used: Date)] = []
        let stale = Date(timeIntervalSinceNow: -3600)
        for file in names {
            guard let values = try? file.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { continue }
            guard file.pathExtension == "image" else {
                // What a write killed half-way left (an atomic write's temporary file): gone after an hour.
                if (values.contentModificationDate ?? .distantPast) < stale { try? FileManager.default.removeItem(at: file) }
                continue
            }
            files.append((file, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        var bytes = files.reduce(0) { $0 + $1.size }, count = files.count
        if bytes > byteLimit || count > fileLimit {
            files.sort { $0.used < $1.used }
            for file in files where bytes > byteLimit * 3 / 4 || count > fileLimit * 3 / 4 {
                guard (try? FileManager.default.removeItem(at: file.url)) != nil else { continue }
                bytes -= file.size
                count -= 1
            }
        }
        usage.withLock { $0 = Usage(bytes: bytes, files: count, counted: true) }
    }

    /// What the folder holds now, as this cache counts it (for tests).
    var counted: (bytes: Int, files: Int) {
        usage.withLock { ($0.bytes, $0.files) }
    }

    private func file(for url: URL) -> URL {
        directory.appendingPathComponent(ImageRepository.cacheFileName(for: url), isDirectory: false)
    }
}
