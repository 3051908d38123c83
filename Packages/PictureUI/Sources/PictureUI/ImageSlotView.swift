import TerminalUI
import TextCells

// Drawing an image slot into its box: the picture, a spinner, a placeholder that says why there is none, or words.

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
        // No pictures (`--images none`): an empty box whatever the slot, never a spinner for a picture
        // that is not fetched, nor a failure the user did not ask to hear of.
        guard !rect.isEmpty, tier != .none else { return }
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
