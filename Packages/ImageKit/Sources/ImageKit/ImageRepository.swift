import Foundation

/// Loads images by URL with a memory cache, an on-disk cache of the original bytes, and one fetch
/// per URL no matter how many callers ask at once.
///
/// - Memory: least recently used decoded images, bounded by count (`memoryCapacity`) and by pixel
///   bytes (`memoryByteLimit`), whichever is reached first.
/// - Disk: the fetched bytes (only after they decoded successfully) in `diskCacheDirectory`, one file
///   per URL named by the FNV-1a 64-bit hash of the URL, written atomically. A cached file that no
///   longer decodes is deleted and the image fetched again. Disk errors never fail a request; the disk
///   cache is best-effort.
/// - Decoding and file I/O run in a detached task, off the caller's actor (the main actor stays free).
/// - Failures are not cached: asking again tries again.
public actor ImageRepository {
    /// Fetches the bytes at a URL (HTTP, bundled resources, a test double…).
    public typealias Fetch = @Sendable (URL) async throws -> Data

    private let fetch: Fetch
    private let diskCacheDirectory: URL?
    private let background: RGBPixel
    private let limits: ImageDecoder.Limits
    private var memory: LRUCache<URL, RGBImage>
    private var inFlight: [URL: Task<Result<RGBImage, ImageError>, Never>] = [:]
    /// Requests that joined a fetch already under way (observable by tests of the coalescing).
    private(set) var joinedRequestCount = 0

    /// - Parameters:
    ///   - fetch: obtains the original bytes of an image; any error it throws becomes `.unavailable`.
    ///   - diskCacheDirectory: where original bytes are kept across runs; nil for no disk cache.
    ///   - memoryCapacity: how many decoded images stay in memory.
    ///   - memoryByteLimit: how many bytes of decoded pixels stay in memory (default 128 MB).
    ///   - background: what transparent PNG pixels are composited over (white by default).
    ///   - limits: the decoder's dimension limits.
    public init(fetch: @escaping Fetch, diskCacheDirectory: URL?, memoryCapacity: Int = 64,
                memoryByteLimit: Int = 128 * 1024 * 1024, background: RGBPixel = .white,
                limits: ImageDecoder.Limits = .standard) {
        self.fetch = fetch
        self.diskCacheDirectory = diskCacheDirectory
        self.background = background
        self.limits = limits
        self.memory = LRUCache(countLimit: memoryCapacity, costLimit: memoryByteLimit)
    }

    /// The decoded image at `url`: from memory, else from the disk cache, else fetched (and cached).
    /// - Throws: `.unavailable` when fetching fails; `.unsupportedFormat`, `.broken` or `.tooLarge`
    ///   when the fetched bytes are no usable image. `reason` is fit for the screen.
    public func image(for url: URL) async throws(ImageError) -> RGBImage {
        if let cached = memory.value(for: url) { return cached }
        if let running = inFlight[url] {
            joinedRequestCount += 1
            return try await running.value.get()
        }
        let task = Task.detached { [fetch, diskCacheDirectory, background, limits] in
            await Self.load(url, fetch: fetch, directory: diskCacheDirectory, background: background, limits: limits)
        }
        inFlight[url] = task
        let result = await task.value
        inFlight[url] = nil
        if case .success(let image) = result { memory.insert(image, for: url, cost: image.byteCount) }
        return try result.get()
    }

    /// The image at `url` if it is in memory right now (no disk, no fetch); for drawing without waiting.
    public func cachedImage(for url: URL) -> RGBImage? {
        memory.value(for: url)
    }

    /// Forgets the decoded images in memory (the disk cache stays).
    public func removeAllFromMemory() {
        memory.removeAll()
    }

    /// Where the disk cache lives by default: `$XDG_CACHE_HOME/apps-cli/images`, or
    /// `~/.cache/apps-cli/images` when XDG_CACHE_HOME is unset, empty or relative (as the XDG spec says).
    public nonisolated static func defaultCacheDirectory(environment: [String: String]) -> URL {
        let base: URL
        if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
            base = URL(fileURLWithPath: cacheHome, isDirectory: true)
        } else if let home = environment["HOME"], home.hasPrefix("/") {
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        } else {
            base = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("apps-cli", isDirectory: true).appendingPathComponent("images", isDirectory: true)
    }

    /// The disk cache's file name for `url`: the FNV-1a 64-bit hash of its absolute string, in hex.
    public nonisolated static func cacheFileName(for url: URL) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex + ".image"
    }

    // MARK: Loading (runs detached: file I/O and decoding stay off every actor)

    private static func load(_ url: URL, fetch: Fetch, directory: URL?, background: RGBPixel,
                             limits: ImageDecoder.Limits) async -> Result<RGBImage, ImageError> {
        let file = directory?.appendingPathComponent(cacheFileName(for: url), isDirectory: false)
        if let file, let cached = try? Data(contentsOf: file) {
            if let image = try? ImageDecoder.decode(cached, background: background, limits: limits) {
                return .success(image)
            }
            try? FileManager.default.removeItem(at: file) // corrupt: forget it and fetch again
        }

        let data: Data
        do {
            data = try await fetch(url)
        } catch {
            return .failure(.unavailable(detail: String(describing: error)))
        }
        do throws(ImageError) {
            let image = try ImageDecoder.decode(data, background: background, limits: limits)
            if let file, let directory { store(data, in: file, directory: directory) }
            return .success(image)
        } catch {
            return .failure(error)
        }
    }

    private static func store(_ data: Data, in file: URL, directory: URL) {
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
        } catch {
            // Best-effort: a read-only or full disk only costs a refetch next time.
        }
    }
}
