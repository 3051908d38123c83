/// Shows a pre-rendered image, or a framed placeholder saying why there is none.
public enum ImageView {
    /// What to show.
    public enum Content: Hashable, Sendable {
        /// An image already rendered into cells (e.g. half blocks); centered, cropped to the rect.
        case image(Frame)
        /// A short reason such as "no image" or "image failed", in a box.
        case placeholder(String)
    }

    /// Draws `content` inside `rect`; never draws outside it. Cells of `rect` that the image or
    /// placeholder does not cover are left as they are (the caller owns the background).
    public static func draw(_ content: Content, into frame: inout Frame, rect: Rect, style: Style = Style(dim: true)) {
        switch content {
        case .image(let image): draw(image: image, into: &frame, rect: rect)
        case .placeholder(let reason): drawPlaceholder(reason, into: &frame, rect: rect, style: style)
        }
    }

    /// Draws `image` centered in `rect`; an image larger than `rect` shows its middle part.
    public static func draw(image: Frame, into frame: inout Frame, rect: Rect) {
        guard !rect.isEmpty else { return }
        let source = Rect(column: max(0, (image.size.columns - rect.columns) / 2),
                          row: max(0, (image.size.rows - rect.rows) / 2),
                          columns: min(image.size.columns, rect.columns),
                          rows: min(image.size.rows, rect.rows))
        let origin = Point(column: rect.column + (rect.columns - source.columns) / 2,
                           row: rect.row + (rect.rows - source.rows) / 2)
        frame.draw(image, from: source, at: origin, clippedTo: rect)
    }

    /// Draws a box along `rect`'s edges with `reason` centered inside; a rect too small for a
    /// box (fewer than 3 rows or 5 columns) gets just the reason, truncated, in its middle row.
    public static func drawPlaceholder(_ reason: String, into frame: inout Frame, rect: Rect, style: Style = Style(dim: true)) {
        guard !rect.isEmpty else { return }
        let inside: Rect
        if rect.rows >= 3, rect.columns >= 5 {
            inside = Box.draw(into: &frame, rect: rect, style: style).inset(horizontal: 1, vertical: 0)
        } else {
            inside = rect
        }
        let middle = Rect(column: inside.column, row: inside.row + (inside.rows - 1) / 2, columns: inside.columns, rows: 1)
        Label.draw(reason, into: &frame, rect: middle, style: style, alignment: .center)
    }
}
