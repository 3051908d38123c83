import Foundation
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

/// Draws an ``ImageSlot`` into a rectangle: the picture (half blocks, or the luminance ramp without
/// colors), a spinner while loading, or a framed placeholder that says why there is no picture.
public enum ImageSlotView {
    public static func draw(_ slot: ImageSlot, into frame: inout Frame, rect: Rect, colorMode: ColorMode, tick: Int) {
        guard !rect.isEmpty else { return }
        switch slot {
        case .loaded(let image):
            let mode: ImageRenderMode = colorMode == .none ? .ascii : .halfBlocks
            frame.draw(ImageRenderer.render(image, in: rect.size, mode: mode), at: rect.origin)
        case .loading:
            placeholder(Spinner.frame(tick: tick) + " loading image", into: &frame, rect: rect)
        case .unavailable(let reason):
            placeholder(reason, into: &frame, rect: rect)
        case .none:
            placeholder("no image", into: &frame, rect: rect)
        }
    }

    private static func placeholder(_ text: String, into frame: inout Frame, rect: Rect) {
        let style = Style(foreground: .gray, dim: true)
        if rect.rows >= 3, rect.columns >= 6 {
            Box.draw(into: &frame, rect: rect, title: nil, style: style)
        }
        let label = Truncation.truncate(text, width: max(0, rect.columns - 4))
        let width = DisplayWidth.of(label)
        frame.put(label, at: Point(column: rect.column + max(0, (rect.columns - width) / 2), row: rect.row + rect.rows / 2),
                  style: style, maxColumns: rect.columns)
    }
}

/// The image slots of one screen, keyed by URL: which pictures are loading, loaded or failed.
///
/// The presenter owns one and asks it for a slot when it builds a view model. Loaded and
/// in-flight pictures are kept across reloads of the screen's data; failed ones are tried again.
@MainActor
public final class ImageSlots {
    private var slots: [URL: ImageSlot] = [:]

    public init() {}

    /// The slot for `url`: `.none` without a URL, `.loading` until a load has finished.
    public subscript(url: URL?) -> ImageSlot {
        guard let url else { return .none }
        return slots[url] ?? .loading
    }

    /// Starts loading every URL that is neither loaded nor loading.
    /// - Parameters:
    ///   - start: runs one asynchronous job (a presenter passes its work tracker's `run`, so the
    ///     host redraws when the job ends and `--plain` waits for it).
    ///   - fetch: obtains one picture (the interactor's `obtainImage`).
    ///   - changed: called on the main actor after each picture arrived or failed.
    public func load(_ urls: some Sequence<URL>,
                     start: (@escaping @MainActor () async -> Void) -> Void,
                     fetch: @escaping @Sendable (URL) async throws -> RGBImage,
                     changed: @escaping @MainActor () -> Void) {
        for url in Set(urls) {
            switch slots[url] {
            case .loaded?, .loading?: continue
            default: slots[url] = .loading
            }
            start { [weak self] in
                let slot: ImageSlot
                do { slot = .loaded(try await fetch(url)) } catch { slot = .failed(error) }
                guard let self else { return }
                self.slots[url] = slot
                changed()
            }
        }
    }
}
