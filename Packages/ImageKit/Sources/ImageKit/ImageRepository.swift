import Foundation

/// Loads images by URL with a memory cache, an on-disk cache of the original bytes, and one fetch
/// per URL no matter how many callers ask at once.
///
/// - Memory: least recently used decoded images, bounded by count (`memoryCapacity`) and by pixel
///   bytes (`memoryByteLimit`), whichever is reached first.
/// - Disk: the fetched bytes (only after they decoded successfully) in a ``DiskImageCache``, one file
///   per URL named by the FNV-1a 64-bit hash of the URL, written atomically, bounded in bytes and
///   files (least recently used first). A cached file that no longer decodes is deleted and the image
///   fetched again. Disk errors never fail a request; the disk cache is best-effort.
/// - Decoding and file I/O run in a detached task, off the caller's actor (the main actor stays free).
///   At most `maximumConcurrentDecodes` pictures decode at once, and each is decoded near the size it
///   is shown at (``ImageDecoder/Limits/targetSide``) and then reduced to fit it, so a screen of
///   hostile 8000 × 8000 pictures costs a few tens of megabytes, not gigabytes.
/// - A load nobody waits for any more (every caller's task was cancelled, say the row scrolled away)
///   is cancelled, fetch included.
/// - Failures are not cached: asking again tries again.
public actor ImageRepository {
    /// Fetches the bytes at a URL (HTTP, bundled resources, a test double…).
    public typealias Fetch = @Sendable (URL) async throws -> Data

    private let fetch: Fetch
    private let diskCache: DiskImageCache?
    private let background: RGBPixel
    private let limits: ImageDecoder.Limits
    private var memory: LRUCache<URL, RGBImage>
    private var inFlight: [URL: InFlight] = [:]
    private let decodeSlots: AsyncLimiter
    private struct InFlight {
        let task: Task<Result<RGBImage, ImageError>, Never>
        let id: UUID
        var waiters: Int
    }
    /// Requests that joined a fetch already under way (observable by tests of the coalescing).
    private(set) var joinedRequestCount = 0

    /// - Parameters:
    ///   - fetch: obtains the original bytes of an image; any error it throws becomes `.unavailable`.
    ///   - diskCacheDirectory: where original bytes are kept across runs; nil for no disk cache.
    ///   - memoryCapacity: how many decoded images stay in memory.
    ///   - memoryByteLimit: how many bytes of decoded pixels stay in memory (default 128 MB).
    ///   - background: what transparent PNG pixels are composited over (white by default).
    ///   - limits: the decoder's dimension limits and the size pictures are kept at.
    ///   - maximumConcurrentDecodes: how many pictures may be decoding at the same moment.
    public init(fetch: @escaping Fetch, diskCacheDirectory: URL?, memoryCapacity: Int = 64,
                memoryByteLimit: Int = 128 * 1024 * 1024, background: RGBPixel = .white,
                limits: ImageDecoder.Limits = .standard, maximumConcurrentDecodes: Int = 2) {
        self.init(fetch: fetch, diskCache: diskCacheDirectory.map { DiskImageCache(directory: $0) }, memoryCapacity: memoryCapacity,
                  memoryByteLimit: memoryByteLimit, background: background, limits: limits, maximumConcurrentDecodes: maximumConcurrentDecodes)
    }

    /// As ``init(fetch:diskCacheDirectory:memoryCapacity:memoryByteLimit:background:limits:maximumConcurrentDecodes:)``,
    /// with a disk cache of the caller's bounds.
    public init(fetch: @escaping Fetch, diskCache: DiskImageCache?, memoryCapacity: Int = 64,
                memoryByteLimit: Int = 128 * 1024 * 1024, background: RGBPixel = .white,
                limits: ImageDecoder.Limits = .standard, maximumConcurrentDecodes: Int = 2) {
        self.decodeSlots = AsyncLimiter(limit: maximumConcurrentDecodes)
        self.fetch = fetch
        self.diskCache = diskCache
        self.background = background
        self.limits = limits
        self.memory = LRUCache(countLimit: memoryCapacity, costLimit: memoryByteLimit)
    }

    /// The decoded image at `url`: from memory, else from the disk cache, else fetched (and cached).
    /// - Throws: `.unavailable` when fetching fails; `.unsupportedFormat`, `.broken` or `.tooLarge`
    ///   when the fetched bytes are no usable image. `reason` is fit for the screen.
    public func image(for url: URL) async throws(ImageError) -> RGBImage {
        if let cached = memory.value(for: url) { return cached }
        let entry: InFlight
        if var running = inFlight[url] {
            joinedRequestCount += 1
            running.waiters += 1
            inFlight[url] = running
            entry = running
        } else {
            let task = Task.detached { [fetch, diskCache, background, limits, decodeSlots] in
                await Self.load(url, fetch: fetch, cache: diskCache, background: background, limits: limits, decodeSlots: decodeSlots)
            }
            entry = InFlight(task: task, id: UUID(), waiters: 1)
            inFlight[url] = entry
        }
        let result = await withTaskCancellationHandler {
            await entry.task.value
        } onCancel: {
            Task { await self.waiterLeft(url, id: entry.id) }
        }
        if inFlight[url]?.id == entry.id { inFlight[url] = nil }
        if case .success(let image) = result { memory.insert(image, for: url, cost: image.byteCount) }
        return try result.get()
    }

    /// A caller of `image(for:)` was cancelled: when it was the last one waiting, the load stops.
    private func waiterLeft(_ url: URL, id: UUID) {
        guard var running = inFlight[url], running.id == id else { return }
        running.waiters -= 1
        if running.waiters > 0 {
            inFlight[url] = running
        } else {
            running.task.cancel()
            inFlight[url] = nil
        }
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

    private static func load(_ url: URL, fetch: Fetch, cache: DiskImageCache?, background: RGBPixel,
                             limits: ImageDecoder.Limits, decodeSlots: AsyncLimiter) async -> Result<RGBImage, ImageError> {
        if Task.isCancelled { return .failure(.unavailable(detail: "cancelled")) }
        if let cache, let cached = cache.data(for: url) {
            if case .success(let image) = await decodeForDisplay(cached, background: background, limits: limits, slots: decodeSlots) {
                return .success(image)
            }
            cache.remove(url) // corrupt: forget it and fetch again
        }

        let data: Data
        do {
            data = try await fetch(url)
        } catch {
            return .failure(.unavailable(detail: String(describing: error)))
        }
        if Task.isCancelled { return .failure(.unavailable(detail: "cancelled")) }
        let result = await decodeForDisplay(data, background: background, limits: limits, slots: decodeSlots)
        if case .success = result { cache?.store(data, for: url) }
        return result
    }

    /// Decodes while holding one of the decode slots, then reduces the picture to fit `limits.targetSide`:
    /// what stays in memory is what a terminal can show.
    static func decodeForDisplay(_ data: Data, background: RGBPixel, limits: ImageDecoder.Limits,
                                 slots: AsyncLimiter) async -> Result<RGBImage, ImageError> {
        await slots.acquire()
        // A load cancelled while it waited for a slot gives the slot to the pictures still wanted.
        if Task.isCancelled {
            await slots.release()
            return .failure(.unavailable(detail: "cancelled"))
        }
        // Not on the cooperative pool: it has as many threads as cores, and two long decodes there would
        // leave none for the work that reads keys, handles signals and quits. A cancelled load stops
        // its decode at the decoder's next check.
        let cancellation = DecodeCancellation()
        let result = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Result<RGBImage, ImageError>, Never>) in
                decodeQueue.async {
                    continuation.resume(returning: decodeAndReduce(data, background: background, limits: limits, cancellation: cancellation))
                }
            }
        } onCancel: {
            cancellation.cancel()
        }
        await slots.release()
        return result
    }

    /// Decoding's own threads (as many as there are decode slots), outside Swift concurrency's pool.
    private static let decodeQueue = DispatchQueue(label: "ImageKit.decode", qos: .utility, attributes: .concurrent)

    private static func decodeAndReduce(_ data: Data, background: RGBPixel, limits: ImageDecoder.Limits,
                                        cancellation: DecodeCancellation) -> Result<RGBImage, ImageError> {
        do throws(ImageError) {
            let side = limits.targetSide
            return .success(try ImageDecoder.decode(data, fittingIn: (side, side), background: background,
                                                    limits: limits, cancellation: cancellation))
        } catch {
            return .failure(error)
        }
    }
}

/// A counting semaphore for async code: at most `limit` holders at once, the others wait in order.
actor AsyncLimiter {
    private let limit: Int
    private var holders = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    /// The most holders there have been at once (observable by tests).
    private(set) var peakHolders = 0

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    func acquire() async {
        if holders < limit {
            holders += 1
        } else {
            await withCheckedContinuation { waiters.append($0) }
            // release() handed its place over: `holders` is unchanged.
        }
        peakHolders = max(peakHolders, holders)
    }

    func release() {
        if waiters.isEmpty {
            holders -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}

extension ImageRepository {
    /// The most pictures that have been decoding at the same moment (observable by tests of the bound).
    var peakConcurrentDecodes: Int {
        get async { await decodeSlots.peakHolders }
    }
}
