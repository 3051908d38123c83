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

    /// The longest side a picture is sent at, in pixels (a 16 MB RGBA buffer at most): a box of many
    /// cells of a huge cell is sent smaller and placed in its cells all the same.
    public static let largestPictureSide = 2048

    /// This size scaled down (keeping its shape, never below 1 × 1) so that neither side exceeds `side`.
    public func clamped(toSide side: Int) -> PixelSize {
        let longest = max(width, height)
        guard longest > side, side > 0 else { return self }
        // In double width: `width * side` overflows for a width near Int.max; the quotient never does.
        func scaled(_ length: Int) -> Int { max(1, longest.dividingFullWidth(length.multipliedFullWidth(by: side)).quotient) }
        return PixelSize(width: scaled(width), height: scaled(height))
    }

    /// This size as a cell the renderer sizes pictures by: each side within 1…``largestPictureSide``.
    /// A cell larger than the largest picture sizes nothing larger (boxes are clamped to it anyway),
    /// and the pixels of a box of any number of such cells stay far from overflowing.
    var boundedCell: PixelSize {
        PixelSize(width: min(max(width, 1), Self.largestPictureSide), height: min(max(height, 1), Self.largestPictureSide))
    }
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
    /// `rgba` (`size.width * size.height` pixels) as a PNG file, or nil when no PNG encoder is at hand.
    func png(rgba: [UInt8], size: PixelSize) -> [UInt8]?
    /// `bytes` as a zlib stream (RFC 1950, a fast level), or nil when no compressor is at hand (the
    /// default): kitty's compressed transmissions.
    func deflated(_ bytes: [UInt8]) -> [UInt8]?
    /// The picture fitted into `box` as `box.width * box.height` RGB pixels when it fills the box (no
    /// transparent margin), without an RGBA copy on the way; nil when it does not, or (the default)
    /// when the source has no cheaper way than ``rgba(fittingIn:)``.
    func rgb(fillingExactly box: PixelSize) -> [UInt8]?
}

extension PictureSource {
    public func png(fittingIn box: PixelSize) -> [UInt8]? {
        png(rgba: rgba(fittingIn: box), size: box)
    }

    public func deflated(_ bytes: [UInt8]) -> [UInt8]? { nil }

    public func rgb(fillingExactly box: PixelSize) -> [UInt8]? { nil }
}

/// A picture placed over a rectangle of cells of a frame.
public struct PicturePlacement: Hashable, Sendable {
    /// The picture's whole box; the picture is fitted into its pixels and centred. It may reach
    /// beyond the frame (a list row cut by the screen's edge).
    public let rect: Rect
    /// The part of ``rect`` on the frame: what is shown (all of it unless cut).
    public let visible: Rect
    public let source: any PictureSource

    public init(rect: Rect, visible: Rect? = nil, source: any PictureSource) {
        self.rect = rect
        self.visible = visible ?? rect
        self.source = source
    }

    /// Whether the picture is cut: only ``visible`` of its box is on the frame.
    public var isCropped: Bool { visible != rect }

    public static func == (lhs: PicturePlacement, rhs: PicturePlacement) -> Bool {
        lhs.rect == rhs.rect && lhs.visible == rhs.visible && lhs.source.identity === rhs.source.identity
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rect)
        hasher.combine(visible)
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
    /// Places `source` over `rect`: its cells on the frame become ``Cell/picture`` and the renderer
    /// draws the picture there with the terminal's graphics protocol (the part on the frame, when
    /// `rect` reaches beyond it).
    public mutating func place(_ source: any PictureSource, in rect: Rect) {
        let visible = rect.intersection(bounds)
        guard !rect.isEmpty, !visible.isEmpty else { return }
        for row in visible.row..<visible.maxRow {
            for column in visible.column..<visible.maxColumn { setCell(.picture, column: column, row: row) }
        }
        pictures.append(PicturePlacement(rect: rect, visible: visible, source: source))
    }

    /// Cuts the pictures placed since the first `index` ones to `rect`: a view that draws rows running
    /// past its area (a list's last row, under the key bar) shows their pictures' part inside it.
    public mutating func clipPictures(from index: Int, to rect: Rect) {
        guard index < pictures.count else { return }
        let clipped = pictures[index...].compactMap { placement -> PicturePlacement? in
            let visible = placement.visible.intersection(rect)
            return visible.isEmpty ? nil : PicturePlacement(rect: placement.rect, visible: visible, source: placement.source)
        }
        pictures.replaceSubrange(index..., with: clipped)
    }

    /// The placed pictures whose cells are all still theirs (text drawn over part of one hides it).
    public var visiblePictures: [PicturePlacement] {
        pictures.filter { placement in
            let rect = placement.visible
            for row in rect.row..<rect.maxRow {
                for column in rect.column..<rect.maxColumn where !self[column, row].isPicture { return false }
            }
            return true
        }
    }

    /// Carries the part of `other`'s pictures inside `source` into this frame, moved by `shift` and
    /// cut to `clip`.
    mutating func carryPictures(of other: Frame, from source: Rect, shift: Point, clip: Rect) {
        func moved(_ rect: Rect) -> Rect {
            Rect(column: rect.column + shift.column, row: rect.row + shift.row, columns: rect.columns, rows: rect.rows)
        }
        for placement in other.pictures {
            let visible = moved(placement.visible.intersection(source)).intersection(clip).intersection(bounds)
            guard !visible.isEmpty else { continue }
            pictures.append(PicturePlacement(rect: moved(placement.rect), visible: visible, source: placement.source))
        }
    }
}
