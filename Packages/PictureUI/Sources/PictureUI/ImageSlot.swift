import Foundation
import ImageKit
import TerminalUI

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

/// The words a picture box says when it shows no picture (loading, none, why it failed), and its
/// words in the accessible text tier, in a screen's language.
public struct PictureWords: Sendable, Equatable {
    /// What a box says while its picture loads ("loading image"), and shorter for a narrow box ("loading").
    public var loading: String
    public var shortLoading: String
    /// What a box without a picture says ("no image").
    public var none: String
    /// The text tier's word for a picture ("picture", "pic") and for none ("no picture", "none").
    public var picture: String
    public var shortPicture: String
    public var noPicture: String
    public var shortNoPicture: String
    /// ``ImageError/reason`` in this language, by the English reason; a reason missing here is shown as it is.
    public var reasons: [String: String]

    public init(loading: String, shortLoading: String, none: String, picture: String, shortPicture: String, noPicture: String,
                shortNoPicture: String, reasons: [String: String]) {
        self.loading = loading
        self.shortLoading = shortLoading
        self.none = none
        self.picture = picture
        self.shortPicture = shortPicture
        self.noPicture = noPicture
        self.shortNoPicture = shortNoPicture
        self.reasons = reasons
    }

    public static let english = PictureWords(loading: "loading image", shortLoading: "loading", none: "no image", picture: "picture",
                                             shortPicture: "pic", noPicture: "no picture", shortNoPicture: "none", reasons: [:])
    public static let german = PictureWords(loading: "Bild lädt", shortLoading: "lädt", none: "kein Bild", picture: "Bild",
                                            shortPicture: "Bild", noPicture: "kein Bild", shortNoPicture: "keins",
                                            reasons: ["not an image": "kein Bildformat", "broken image": "Bild defekt",
                                                      "too large": "zu groß", "image unavailable": "Bild nicht verfügbar"])

    /// `reason` (an ``ImageError/reason``, or a feature's own words) in this language.
    public func reason(_ reason: String) -> String {
        reasons[reason] ?? reason
    }
}

/// Draws an ``ImageSlot`` into a rectangle: the picture (placed in the terminal's pixels, drawn with
/// symbols, or the luminance ramp without colors), a spinner while loading, or a framed placeholder
/// that says why there is no picture.
public enum ImageSlotView {
    /// - Parameter cache: where a view keeps pictures it has rendered (nil renders every time).
    @MainActor
    /// - Parameter tier: how pictures are drawn (`--images`); `.none` leaves the box empty, `.text` says
    ///   in words what is there ("[picture: Apples]").
    /// - Parameter description: what the picture shows (a product's name), for `.text`.
    /// - Parameter words: the box's words in the screen's language.
    public static func draw(_ slot: ImageSlot, into frame: inout Frame, rect: Rect, colorMode: ColorMode, tier: PictureTier = .halfBlocks,
                            tick: Int, cache: PictureRenderCache? = nil, description: String? = nil, words: PictureWords = .english) {
        guard !rect.isEmpty else { return }
        if tier == .text {
            drawWords(slot, description: description, words: words, into: &frame, rect: rect)
            return
        }
        switch slot {
        case .loaded(let image):
            // In the terminal's own pixels: the renderer sends and places the picture over these cells.
            if tier.graphics != nil, colorMode != .none {
                frame.place(ImagePicture(image), in: rect)
                return
            }
            guard let mode = ImageRenderMode(colorMode: colorMode, tier: tier) else { return }
            let picture = cache?.render(image, in: rect.size, mode: mode) ?? ImageRenderer.render(image, in: rect.size, mode: mode)
            frame.draw(picture, at: rect.origin)
        case .loading:
            let spinner = Spinner.frame(tick: tick)
            placeholder([spinner + " " + words.loading, spinner + " " + words.shortLoading, spinner], into: &frame, rect: rect)
        case .unavailable(let reason):
            // A failed picture must not look like one that is loading, even in a box a few columns wide.
            placeholder([words.reason(reason), words.none, "×"], into: &frame, rect: rect)
        case .none:
            placeholder([words.none, "–"], into: &frame, rect: rect)
        }
    }

    /// The slot in words at the box's top left: no box, no blocks, nothing a screen reader would spell
    /// out glyph by glyph. The whole sentence where it fits (wrapped at words), else the shortest
    /// form that fits on one line, never a word cut in two.
    private static func drawWords(_ slot: ImageSlot, description: String?, words: PictureWords, into frame: inout Frame, rect: Rect) {
        let about = description.map { ": " + Sanitizer.sanitize($0) } ?? ""
        let picture = words.picture, pic = words.shortPicture, none = words.noPicture, shortNone = words.shortNoPicture
        let forms: [String]
        switch slot {
        // Loading reads as loaded: a row's words changing as its picture arrives is noise to a screen
        // reader, and what the picture is does not change.
        case .loaded, .loading: forms = ["[\(picture)\(about)]", "[\(picture)]", "[\(pic)]", pic]
        case .unavailable(let reason): forms = ["[\(none)\(about): \(words.reason(reason))]", "[\(none)]", "[\(shortNone)]", shortNone]
        case .none: forms = ["[\(none)\(about)]", "[\(none)]", "[\(shortNone)]", shortNone]
        }
        let wrapped = TextWrap.wrap(forms[0], width: rect.columns)
        // Narrower than every form: nothing, rather than a word cut in two.
        guard let shortest = forms.first(where: { DisplayWidth.of($0) <= rect.columns }) else { return }
        let lines = wrapped.count <= rect.rows && wrapped.allSatisfy({ DisplayWidth.of($0) <= rect.columns }) && rect.columns >= 12
            ? wrapped : [shortest]
        for (offset, line) in lines.enumerated() {
            frame.put(line, at: Point(column: rect.column, row: rect.row + offset), style: Style(dim: true), maxColumns: rect.columns)
        }
    }

    /// The first of `texts` (longest first) that fits the box whole: a label is never cut to "ima…".
    private static func placeholder(_ texts: [String], into frame: inout Frame, rect: Rect) {
        let style = Style(foreground: .gray, dim: true)
        let boxed = rect.rows >= 3 && rect.columns >= 6
        if boxed {
            Box.draw(into: &frame, rect: rect, title: nil, style: style)
        }
        let room = max(0, rect.columns - (boxed ? 4 : 0))
        guard let label = texts.first(where: { DisplayWidth.of($0) <= room }) ?? texts.last.map({ Truncation.truncate($0, width: room) }) else { return }
        let width = DisplayWidth.of(label)
        frame.put(label, at: Point(column: rect.column + max(0, (rect.columns - width) / 2), row: rect.row + rect.rows / 2),
                  style: style, maxColumns: rect.columns)
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
