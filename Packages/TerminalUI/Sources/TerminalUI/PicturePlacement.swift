/// A size in the terminal's pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The cell size assumed when the terminal does not tell: a cell twice as tall as wide.
    public static let defaultCell = PixelSize(width: 10, height: 20)
}

/// A picture a frame can place in the terminal's own pixels: it gives its pixels at any box size.
///
/// ImageKit's decoded images are the real sources; TerminalUI knows only this, so that frames stay
/// values and the renderer decides when pixels are needed (only when a picture is sent).
public protocol PictureSource: Sendable {
    /// The same object for every copy of one picture, never for another picture while it lives:
    /// the renderer sends a picture it has sent before by this identity only once.
    var identity: AnyObject & Sendable { get }
    /// The picture fitted into `box` (aspect ratio kept) and centred, as `box.width * box.height`
    /// RGBA pixels; the margin around it is transparent (alpha 0).
    func rgba(fittingIn box: PixelSize) -> [UInt8]
    /// The same pixels as a PNG file, or nil when no PNG encoder is at hand.
    func png(fittingIn box: PixelSize) -> [UInt8]?
}

/// A picture placed over a rectangle of cells of a frame.
public struct PicturePlacement: Hashable, Sendable {
    /// The cells the picture covers; the picture is fitted into their pixels and centred.
    public let rect: Rect
    public let source: any PictureSource

    public init(rect: Rect, source: any PictureSource) {
        self.rect = rect
        self.source = source
    }

    public static func == (lhs: PicturePlacement, rhs: PicturePlacement) -> Bool {
        lhs.rect == rhs.rect && lhs.source.identity === rhs.source.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect)
        hasher.combine(ObjectIdentifier(source.identity))
    }
}

extension Cell {
    /// What a cell under a placed picture holds (a private-use character, kitty's image placeholder):
    /// the renderer writes it as a blank and places the picture over it; text drawn over it later (a
    /// dialog) takes the picture off the screen until the cell is the picture's again.
    public static let picture = Cell(grapheme: "\u{10EEEE}", width: 1, style: .plain)

    /// Whether this cell is covered by a placed picture (restyling it, as dimming a pane does, keeps it so).
    public var isPicture: Bool { grapheme.utf8.elementsEqual(Self.picture.grapheme.utf8) }
}

extension Frame {
    /// Places `source` over `rect` (it must lie inside the frame): its cells become ``Cell/picture``
    /// and the renderer draws the picture there with the terminal's graphics protocol.
    public mutating func place(_ source: any PictureSource, in rect: Rect) {
        guard !rect.isEmpty, bounds.contains(rect) else { return }
        for row in rect.row..<rect.maxRow {
            for column in rect.column..<rect.maxColumn { setCell(.picture, column: column, row: row) }
        }
        pictures.append(PicturePlacement(rect: rect, source: source))
    }

    /// The placed pictures whose cells are all still theirs (text drawn over part of one hides it).
    public var visiblePictures: [PicturePlacement] {
        pictures.filter { placement in
            let rect = placement.rect
            for row in rect.row..<rect.maxRow {
                for column in rect.column..<rect.maxColumn where !self[column, row].isPicture { return false }
            }
            return true
        }
    }

    /// Carries `other`'s pictures into this frame, moved by `shift`, where they land wholly inside `clip`.
    mutating func carryPictures(of other: Frame, from source: Rect, shift: Point, clip: Rect) {
        for placement in other.pictures where source.contains(placement.rect) {
            let moved = Rect(column: placement.rect.column + shift.column, row: placement.rect.row + shift.row,
                             columns: placement.rect.columns, rows: placement.rect.rows)
            if clip.contains(moved), bounds.contains(moved) {
                pictures.append(PicturePlacement(rect: moved, source: placement.source))
            }
        }
    }
}
