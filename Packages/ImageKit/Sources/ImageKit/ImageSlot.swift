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
