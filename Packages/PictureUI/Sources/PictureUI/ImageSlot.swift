import Foundation
import ImageKit

/// What an image slot of a screen shows: nothing, a spinner, the picture, or why there is none.
public enum ImageSlot: Equatable, Sendable {
    case none
    case loading
    case loaded(RGBImage)
    case unavailable(reason: String)

    /// The slot for a failed load: the short reason of an ``ImageError``, else "image unavailable".
    public static func failed(_ error: any Error) -> ImageSlot {
        .unavailable(reason: (error as? ImageError)?.reason ?? "image unavailable")
    }
}

/// The image slots of one screen, keyed by URL: which pictures are loading, loaded or failed.
///
/// The presenter owns one, tells it which pictures are on screen (``show(_:start:fetch:changed:)``)
/// and asks it for a slot when it builds a view model. Only pictures on screen load, at most
/// ``maximumInFlight`` at a time, nearest first; a load whose picture left the screen is cancelled.
/// Pictures on screen are kept across reloads of the screen's data (those off screen are let go);
/// failed ones stay failed until
/// ``retryFailed()`` (a reload), so that scrolling never hammers a broken server.
@MainActor
public final class ImageSlots {
    /// A job starter: runs one asynchronous job and returns its task (a presenter passes its work
    /// tracker's `run`, so the host redraws when the job ends and `--plain` waits for it).
    public typealias Start = (@escaping @MainActor () async -> Void) -> Task<Void, Never>
    /// Obtains one picture (the interactor's `obtainImage`).
    public typealias Fetch = @Sendable (URL) async throws -> RGBImage

    /// How many pictures load at the same time.
    public let maximumInFlight: Int
    private var finished: [URL: ImageSlot] = [:]
    private var inFlight: [URL: (id: Int, task: Task<Void, Never>)] = [:]
    private var wanted: [URL] = []
    private var nextID = 0
    private var start: Start?
    private var fetch: Fetch?
    private var changed: (@MainActor () -> Void)?

    public init(maximumInFlight: Int = 4) {
        self.maximumInFlight = max(1, maximumInFlight)
    }

    /// Slots that load every picture shown with ``show(_:)`` through `fetch`, each load a job of
    /// `start`, calling `changed` after each picture arrived or failed.
    public convenience init(maximumInFlight: Int = 4, start: @escaping Start, fetch: @escaping Fetch, changed: @escaping @MainActor () -> Void) {
        self.init(maximumInFlight: maximumInFlight)
        self.start = start
        self.fetch = fetch
        self.changed = changed
    }

    /// The slot for `url`: `.none` without a URL, `.loading` until a load has finished.
    public subscript(url: URL?) -> ImageSlot {
        guard let url else { return .none }
        return finished[url] ?? .loading
    }

    /// The slots as a value, for a view model that reads them later (a lazy list of rows):
    /// O(1) to take, since the dictionary is shared until it changes.
    public var snapshot: Snapshot { Snapshot(finished: finished) }

    /// The finished slots at one moment; every other URL is `.loading`.
    public struct Snapshot: Equatable, Sendable {
        let finished: [URL: ImageSlot]
        public init() { finished = [:] }
        init(finished: [URL: ImageSlot]) { self.finished = finished }
        /// The slot for `url`, like ``ImageSlots/subscript(_:)``.
        public subscript(url: URL?) -> ImageSlot {
            guard let url else { return .none }
            return finished[url] ?? .loading
        }
    }

    /// The URLs loading right now (for tests and diagnostics).
    public var loadingURLs: Set<URL> { Set(inFlight.keys) }

    /// The pictures on screen now, most important first: loads those not loaded yet (up to
    /// ``maximumInFlight`` at once) and cancels loads of pictures no longer among them.
    /// - Parameters:
    ///   - start: runs one job (see ``Start``).
    ///   - fetch: obtains one picture.
    ///   - changed: called on the main actor after each picture arrived or failed.
    public func show(_ urls: some Sequence<URL>, start: @escaping Start, fetch: @escaping Fetch,
                     changed: @escaping @MainActor () -> Void) {
        self.start = start
        self.fetch = fetch
        self.changed = changed
        var seen = Set<URL>()
        wanted = urls.filter { seen.insert($0).inserted }
        for (url, load) in inFlight where !seen.contains(url) {
            load.task.cancel()
            inFlight[url] = nil
        }
        // Pictures off screen are let go (the image repository's bounded memory cache brings them
        // back at once); failures stay, so scrolling back never retries a broken picture.
        for (url, slot) in finished where !seen.contains(url) {
            if case .loaded = slot { finished[url] = nil }
        }
        startLoads()
    }

    /// The pictures on screen now, loaded as ``init(maximumInFlight:start:fetch:changed:)`` said.
    public func show(_ urls: some Sequence<URL>) {
        guard let start, let fetch, let changed else { return }
        show(urls, start: start, fetch: fetch, changed: changed)
    }

    /// Forgets failed pictures, so that the next ``show(_:start:fetch:changed:)`` tries them again.
    public func retryFailed() {
        finished = finished.filter { if case .unavailable = $0.value { false } else { true } }
    }

    private func startLoads() {
        guard let start, let fetch, inFlight.count < maximumInFlight else { return }
        let next = wanted.lazy.filter { self.finished[$0] == nil && self.inFlight[$0] == nil }.prefix(maximumInFlight - inFlight.count)
        for url in Array(next) {
            nextID += 1
            let id = nextID
            inFlight[url] = (id, start { [weak self] in
                let slot: ImageSlot
                do { slot = .loaded(try await fetch(url)) } catch { slot = .failed(error) }
                self?.finish(url, id: id, slot: slot)
            })
        }
    }

    private func finish(_ url: URL, id: Int, slot: ImageSlot) {
        // A cancelled load (its picture left the screen) records nothing.
        guard inFlight[url]?.id == id else { return }
        inFlight[url] = nil
        finished[url] = slot
        changed?()
        startLoads()
    }
}
