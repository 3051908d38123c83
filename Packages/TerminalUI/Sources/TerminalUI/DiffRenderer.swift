/// Turns frames into terminal output, writing only the cells that changed since the last frame.
///
/// - The first frame, the first after ``invalidate()`` and the first after a size change clear the
///   screen (`ESC[2J`) and write every cell that is not a plain blank.
/// - Afterwards only changed cells are written, in runs per row with one cursor move per run,
///   and an SGR sequence only where the style changes. A few unchanged cells between two changes are
///   written again when that is shorter than a cursor move; a row that now ends in plain blanks over
///   several changed cells is cleared to its end with `ESC[K` (in the plain style).
/// - Every frame with output is wrapped in synchronized-update mode (`ESC[?2026h` … `ESC[?2026l`);
///   a frame without changes writes nothing at all.
/// - After a wide cell the cursor is positioned explicitly again, because terminals disagree on
///   the widths of some characters.
/// - A changed glyph of uncertain width (emoji, VS16 and ZWJ sequences, flags, combining marks; see
///   ``DisplayWidth/isUncertain(_:)``) is written after its trailing cell, and the rest of its row is
///   written again after it: whether the terminal draws it one, two or four columns wide, no stale
///   glyph stays behind and nothing to its right is shifted (after ratatui's fix for the same debris).
/// - With a ``GraphicsProtocol``, the frame's placed pictures are drawn in the terminal's pixels
///   (see ``PictureLayer``): their cells are written as blanks, pictures that left are taken off
///   before the text is written, and new ones placed after it. A picture that stays is not sent again.
public final class DiffRenderer {
    /// The colors the terminal supports; colors are mapped or dropped accordingly.
    public let colorMode: ColorMode
    /// Whether links are written (OSC 8); off without colours (`NO_COLOR`, `TERM=dumb`): plain text stays plain.
    public let hyperlinks: Bool
    /// The shades the frame's role colours are drawn in.
    public let theme: ColorTheme
    /// Whether the terminal's cursor is shown on the frame's ``Frame/cursor`` (the focused element)
    /// after each frame, for screen readers and magnifiers (the accessible mode); hidden otherwise.
    public let showsCursor: Bool
    private let sink: any OutputSink
    private var previous: Frame?
    private let pictures: PictureLayer?

    /// - Parameters:
    ///   - sink: receives the bytes of each frame in one `write`.
    ///   - colorMode: what the terminal can show (see ``ColorMode/detect(environment:)``).
    ///   - graphics: how placed pictures are drawn; nil leaves their cells blank.
    ///   - cellPixels: the size of a cell in pixels (pictures are sent at their boxes' pixel size, at most
    ///     ``PixelSize/largestPictureSide`` a side however large the cell; the caller decides whether a
    ///     size the terminal reported is worth drawing pictures by at all).
    ///   - sixelColors: the terminal's sixel colour registers (XTSMGRAPHICS), at most 256 are used.
    ///   - theme: the shades of the role colours (``ColorTheme``).
    ///   - showsCursor: whether the terminal's cursor is shown on the focused element (``Frame/cursor``).
    public init(sink: any OutputSink, colorMode: ColorMode, graphics: GraphicsProtocol? = nil,
                cellPixels: PixelSize = .defaultCell, sixelColors: Int = 256, hyperlinks: Bool? = nil, theme: ColorTheme = .dark,
                showsCursor: Bool = false) {
        self.sink = sink
        self.colorMode = colorMode
        self.theme = theme
        self.showsCursor = showsCursor
        self.hyperlinks = hyperlinks ?? (colorMode != .none)
        self.pictures = graphics.map { PictureLayer(graphics: $0, cellPixels: cellPixels.boundedCell, sixelColors: sixelColors) }
    }

    /// Forgets what is on the screen, so the next ``render(_:)`` repaints everything
    /// (after resume from suspend, a resize, or anything else that touched the screen).
    public func invalidate() {
        previous = nil
    }

    /// The size of a cell in pixels changed (a resize, a font change): every picture is sent again
    /// at its new pixel size on the next frame. A size without pixels (zero or less) is ignored.
    public func setCellPixels(_ size: PixelSize) {
        guard let pictures, size.width > 0, size.height > 0, pictures.cellPixels != size.boundedCell else { return }
        pictures.cellPixels = size.boundedCell
        invalidate()
    }

    /// Bytes that take every picture off the screen and free them in the terminal; write them
    /// before leaving the alternate screen. Empty without graphics.
    public func teardown() -> [UInt8] {
        pictures?.teardown() ?? []
    }

    /// Brings the screen from the previous frame to `frame`.
    public func render(_ frame: Frame) {
        let repaintsAll = previous?.size != frame.size
        // After ESC[0m ESC[2J the screen is all plain blanks, so a full repaint is a diff against that.
        var base = repaintsAll ? Frame(size: frame.size) : (previous ?? Frame(size: frame.size))
        var before: [UInt8] = [], after: [UInt8] = []
        pictures?.update(to: frame.visiblePictures, repaintsAll: repaintsAll, base: &base, before: &before, after: &after)
        var body: [UInt8] = []
        writeChanges(from: base, to: frame, into: &body)
        // Writing moved the terminal's cursor: it goes back on the focus (or stays hidden without one).
        let focusMoved = showsCursor && (frame.cursor != previous?.cursor || repaintsAll || !before.isEmpty || !body.isEmpty || !after.isEmpty)
        previous = frame
        guard repaintsAll || focusMoved || !body.isEmpty || !before.isEmpty || !after.isEmpty else { return }

        var output: [UInt8] = []
        output.reserveCapacity(before.count + body.count + after.count + 32)
        output.appendASCII("\u{1B}[?2026h")
        output.append(contentsOf: before)
        if repaintsAll { output.appendASCII("\u{1B}[0m\u{1B}[2J") }
        output.append(contentsOf: body)
        output.append(contentsOf: after)
        if focusMoved {
            if let focus = frame.cursor, frame.bounds.contains(focus) {
                Self.moveCursor(to: focus.column, row: focus.row, into: &output)
                output.appendASCII("\u{1B}[?25h")
            } else {
                output.appendASCII("\u{1B}[?25l")
            }
        }
        output.appendASCII("\u{1B}[?2026l")
        sink.write(output)
    }

    private func writeChanges(from base: Frame, to frame: Frame, into output: inout [UInt8]) {
        var currentStyle: Style?
        var currentSequence: [UInt8] = []
        // The link the cells being written belong to (0: none); it ends before any other cell is written.
        var openLink: UInt64 = 0
        let hyperlinks = self.hyperlinks
        let theme = self.theme
        // `themed: false` for a colour that is not a colour: a kitty placeholder's foreground is the picture's id.
        func applyStyle(_ style: Style, themed: Bool = true) {
            guard style != currentStyle else { return }
            let sequence = SGR.sequence(for: themed ? theme.resolve(style) : style, mode: colorMode)
            if sequence != currentSequence { output.append(contentsOf: sequence) }
            // An unthemed style is not remembered: a cell of the same style after it is themed.
            currentStyle = themed ? style : nil
            currentSequence = sequence
            guard style.link != openLink else { return }
            if openLink != 0 { output.append(contentsOf: Hyperlink.close) }
            openLink = 0
            if hyperlinks, style.link != 0, let target = frame.links[style.link] {
                output.append(contentsOf: Hyperlink.open(target, id: style.link))
                openLink = style.link
            }
        }
        let blank = Cell.blank()
        for row in 0..<frame.size.rows {
            // Most rows of most frames did not change (a one-row move changes two): those cost one
            // comparison in place, without copying a cell.
            if Self.isUnchanged(row: row, of: frame, from: base) { continue }
            // Where the terminal's cursor is known to be after the last write in this row.
            var cursorColumn: Int?
            // Set after an uncertain glyph was written: every later cell of the row is written again.
            var repaintRest = false
            // A row ending in plain blanks where several cells changed is cleared with one erase to
            // its end (ESC[K in the plain style), rather than a space per cell.
            var blankTail = frame.size.columns
            while blankTail > 0, frame[blankTail - 1, row] == blank { blankTail -= 1 }
            var changedInTail = 0
            for column in blankTail..<frame.size.columns where base[column, row] != blank { changedInTail += 1 }
            let erasesTail = changedInTail > Self.eraseThreshold
            for column in 0..<(erasesTail ? blankTail : frame.size.columns) {
                let cell = frame[column, row]
                if cell.isContinuation { continue } // written with its leading cell
                let changed = repaintRest || cell != base[column, row]
                    || (cell.width == 2 && frame[column + 1, row] != base[column + 1, row])
                guard changed else { continue }

                // Most cells are one printable ASCII byte: no width question, nothing to sanitize.
                if let byte = cell.printableASCII {
                    if cursorColumn != column, let from = cursorColumn,
                       writesGap(of: frame, row: row, from: from, to: column, style: currentStyle, into: &output) {
                        cursorColumn = column
                    }
                    if cursorColumn != column { Self.moveCursor(to: column, row: row, into: &output) }
                    applyStyle(cell.style)
                    output.append(byte)
                    cursorColumn = cell.width == 1 ? column + 1 : nil
                    continue
                }
                // Under a picture shown by placeholders (kitty in tmux): the cell names the picture and its place in it.
                if let pictures, cell.isPicture, let placeholder = pictures.placeholder(column: column, row: row, columns: frame.size.columns) {
                    if cursorColumn != column { Self.moveCursor(to: column, row: row, into: &output) }
                    applyStyle(Style(foreground: .indexed(placeholder.id)), themed: false)
                    output.append(contentsOf: KittyPlaceholders.cell(row: placeholder.row, column: placeholder.column))
                    cursorColumn = nil
                    continue
                }
                let glyph = glyph(for: cell.grapheme)
                if glyph.isUncertain, cell.width == 2 {
                    // The trailing cell first: a terminal that draws the glyph one column wide leaves this blank.
                    Self.moveCursor(to: column + 1, row: row, into: &output)
                    applyStyle(cell.style)
                    output.append(0x20)
                    cursorColumn = nil
                }
                if cursorColumn != column { Self.moveCursor(to: column, row: row, into: &output) }
                applyStyle(cell.style)
                output.append(contentsOf: glyph.bytes)
                // Whether the terminal's cursor certainly advanced by the cell's declared width.
                let isTrustworthy = glyph.width == nil || glyph.width == Int(cell.width)
                cursorColumn = cell.width == 1 && isTrustworthy && !glyph.isUncertain ? column + 1 : nil
                if glyph.isUncertain { repaintRest = true }
            }
            if erasesTail {
                if cursorColumn != blankTail { Self.moveCursor(to: blankTail, row: row, into: &output) }
                applyStyle(.plain)
                output.appendASCII("\u{1B}[K")
            }
        }
        if openLink != 0 { output.append(contentsOf: Hyperlink.close) }
        if !currentSequence.isEmpty, currentSequence != SGR.sequence(for: .plain, mode: colorMode) {
            output.appendASCII("\u{1B}[0m") // leave the terminal in the plain style between frames
        }
    }

    /// Are the row's cells the same in both frames (of one size)? Compared through the arrays'
    /// storage, so no cell (and no grapheme string) is copied.
    private static func isUnchanged(row: Int, of frame: Frame, from base: Frame) -> Bool {
        let start = row * frame.size.columns
        return frame.cells.withUnsafeBufferPointer { new in
            base.cells.withUnsafeBufferPointer { old in
                for index in start..<(start + frame.size.columns) where new[index] != old[index] { return false }
                return true
            }
        }
    }

    /// What the renderer writes for a grapheme that is not plain ASCII.
    private struct Glyph {
        /// The sanitized bytes (a space for an empty or zero-width cell, which still occupies its column).
        var bytes: [UInt8]
        /// The display width of what is written; nil for the space written instead of nothing.
        var width: Int?
        var isUncertain: Bool
    }

    /// Glyphs of single-scalar graphemes (box drawing, blocks, stars, accented letters): a full repaint
    /// writes the same few hundred of them thousands of times. Bounded; multi-scalar graphemes are rare
    /// and not cached.
    private var glyphCache: [UInt32: Glyph] = [:]
    private static let glyphCacheLimit = 4096

    private func glyph(for grapheme: String) -> Glyph {
        var scalars = grapheme.unicodeScalars.makeIterator()
        guard let scalar = scalars.next(), scalars.next() == nil else { return Self.makeGlyph(grapheme) }
        if let cached = glyphCache[scalar.value] { return cached }
        let glyph = Self.makeGlyph(grapheme)
        if glyphCache.count < Self.glyphCacheLimit { glyphCache[scalar.value] = glyph }
        return glyph
    }

    /// Sanitized in case a cell was built by hand around ``Frame/put(_:at:style:maxColumns:)``.
    private static func makeGlyph(_ grapheme: String) -> Glyph {
        // A picture's cell is a blank under the picture (it is never written as its placeholder).
        if grapheme == Cell.picture.grapheme { return Glyph(bytes: [0x20], width: 1, isUncertain: false) }
        let isUncertain = grapheme.count == 1 && grapheme.first.map(DisplayWidth.isUncertain) == true
        let text = Sanitizer.sanitize(grapheme)
        guard let first = text.first, case let width = DisplayWidth.of(first), width > 0 else {
            return Glyph(bytes: [0x20], width: nil, isUncertain: isUncertain)
        }
        return Glyph(bytes: Array(String(first).utf8), width: width, isUncertain: isUncertain)
    }

    /// More changed cells than this in a row's blank tail are cleared with ESC[K (3 bytes, plus a move).
    private static let eraseThreshold = 6

    /// Writes the unchanged cells between the cursor and `column` again when that is shorter than a
    /// cursor move (at least 6 bytes): a few plain ASCII cells in the current style. Returns whether it did.
    private func writesGap(of frame: Frame, row: Int, from: Int, to column: Int, style: Style?,
                           into output: inout [UInt8]) -> Bool {
        guard from < column, column - from < 6, let style else { return false }
        // Checked first, then written: no buffer per gap on the per-frame path.
        for gapColumn in from..<column {
            let cell = frame[gapColumn, row]
            guard cell.style == style, cell.width == 1, cell.printableASCII != nil else { return false }
        }
        for gapColumn in from..<column { output.append(contentsOf: frame[gapColumn, row].grapheme.utf8) }
        return true
    }

    fileprivate static func moveCursor(to column: Int, row: Int, into output: inout [UInt8]) {
        output.appendASCII("\u{1B}[")
        output.appendDecimal(row + 1)
        output.append(0x3B)
        output.appendDecimal(column + 1)
        output.append(0x48) // H
    }
}

private extension Cell {
    /// The cell's one printable ASCII byte, if that is all it holds (most cells).
    var printableASCII: UInt8? {
        let utf8 = grapheme.utf8
        guard utf8.count == 1, let byte = utf8.first, byte >= 0x20, byte < 0x7F else { return nil }
        return byte
    }
}

/// The pictures a ``DiffRenderer`` has on the screen, and the bytes that bring them from one frame's
/// placements to the next one's.
///
/// - kitty: each picture (at one box size) is sent once under an image id and stays with the
///   terminal; a placement is shown and taken off by its id. A one-row move sends no picture again.
///   At most ``keptImages`` pictures off screen stay with the terminal; older ones are freed.
/// - sixel and iTerm2: the picture is part of the cells, so a placement that leaves is erased
///   (`ECH` over its cells, which the text diff then repaints), and a new one is sent whole.
///   Encoded pictures are kept for a while (``keptImages``, at most ``keptBytes``), so coming back
///   costs no encoding.
final class PictureLayer {
    let graphics: GraphicsProtocol
    var cellPixels: PixelSize
    let sixelColors: Int
    /// Pictures kept beyond those on screen (kitty: in the terminal; sixel, iTerm2: encoded bytes).
    static let keptImages = 48
    /// The most bytes of encoded pictures (sixel, iTerm2) kept off screen.
    static let keptBytes = 16 << 20

    private struct Key: Hashable {
        let identity: ObjectIdentifier
        let box: PixelSize
        /// The pixels shown of a cut picture (sixel and iTerm2 send only those); nil for all of it and for kitty.
        let crop: PixelRect?
    }
    struct PixelRect: Hashable {
        let x: Int, y: Int, width: Int, height: Int
    }
    private struct Image {
        // Held so that the identity cannot be reused by another picture while the entry lives.
        let source: any PictureSource
        let id: UInt32
        /// The encoded picture (sixel, iTerm2); empty for kitty, whose terminal keeps it.
        let bytes: [UInt8]
        var lastUse: Int
    }
    private var images: [Key: Image] = [:]
    private var shown: [PicturePlacement: UInt32] = [:]
    private var nextImageID: UInt32 = 1
    private var nextPlacementID: UInt32 = 1
    private var clock = 0

    init(graphics: GraphicsProtocol, cellPixels: PixelSize, sixelColors: Int) {
        self.graphics = graphics
        self.cellPixels = cellPixels
        self.sixelColors = sixelColors
    }

    /// Where placeholder cells show pictures this frame: cell index → image id and the cell's row and
    /// column in the picture (kitty in tmux only).
    private var placeholderCells: [Int: (id: UInt8, row: Int, column: Int)] = [:]
    /// Never in a frame: base cells set to it are written again whatever the frame holds there.
    private static let unknownCell = Cell(grapheme: "", width: 1, style: .plain)

    func placeholder(column: Int, row: Int, columns: Int) -> (id: UInt8, row: Int, column: Int)? {
        placeholderCells.isEmpty ? nil : placeholderCells[row * columns + column]
    }

    func update(to visible: [PicturePlacement], repaintsAll: Bool, base: inout Frame, before: inout [UInt8], after: inout [UInt8]) {
        clock += 1
        if graphics == .kittyPlaceholders {
            updatePlaceholders(to: visible, repaintsAll: repaintsAll, base: &base, before: &before)
            return
        }
        if repaintsAll {
            // ESC[2J clears sixel and iTerm2 pictures with the text; kitty's placements are taken off here.
            if graphics == .kitty, !shown.isEmpty { before += KittyGraphics.command("a=d,d=a,q=2") }
            shown = [:]
        }
        let staying = Set(visible)
        for (placement, placementID) in shown where !staying.contains(placement) {
            shown[placement] = nil
            switch graphics {
            case .kitty:
                if let image = images[key(placement)] {
                    before += KittyGraphics.deletePlacement(id: image.id, placement: placementID)
                }
            case .sixel, .iterm:
                erase(placement.visible, base: &base, into: &before)
            case .kittyPlaceholders:
                break
            }
        }
        for placement in visible where shown[placement] == nil {
            guard let image = image(for: placement, into: &after) else { continue }
            DiffRenderer.moveCursor(to: placement.visible.column, row: placement.visible.row, into: &after)
            switch graphics {
            case .kitty:
                let placementID = nextPlacementID
                nextPlacementID = nextPlacementID == UInt32.max ? 1 : nextPlacementID + 1
                let crop = self.crop(placement).map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
                after += KittyGraphics.place(id: image.id, placement: placementID, columns: placement.visible.columns,
                                             rows: placement.visible.rows, crop: crop)
                shown[placement] = placementID
            case .sixel, .iterm, .kittyPlaceholders:
                after += image.bytes
                shown[placement] = image.id
            }
        }
        for placement in visible { images[key(placement)]?.lastUse = clock }
        // After the placements: a picture is freed only while those on screen are placed.
        evictImages(keeping: Set(visible.map(key)), into: &after)
    }

    /// Placeholders: pictures are sent before the text, and the cells of every placement that came,
    /// went or changed are written again (a placeholder cell's text depends on its picture and place).
    private func updatePlaceholders(to visible: [PicturePlacement], repaintsAll: Bool, base: inout Frame, before: inout [UInt8]) {
        placeholderCells = [:]
        var changed: [Rect] = []
        let staying = Set(visible)
        for (placement, _) in shown where !staying.contains(placement) {
            shown[placement] = nil
            changed.append(placement.visible)
        }
        if repaintsAll { shown = [:] }
        var onScreen = Set<Key>()
        for placement in visible {
            guard placement.rect.rows <= KittyPlaceholders.maximumCells, placement.rect.columns <= KittyPlaceholders.maximumCells,
                  let image = image(for: placement, into: &before) else { continue }
            onScreen.insert(key(placement))
            images[key(placement)]?.lastUse = clock
            if shown[placement] == nil {
                shown[placement] = image.id
                changed.append(placement.visible)
            }
            let area = placement.visible
            for row in area.row..<area.maxRow {
                for column in area.column..<area.maxColumn {
                    placeholderCells[row * base.size.columns + column] = (UInt8(image.id), row - placement.rect.row, column - placement.rect.column)
                }
            }
        }
        if !repaintsAll {
            for rect in changed {
                let area = rect.intersection(base.bounds)
                guard !area.isEmpty else { continue }
                for row in area.row..<area.maxRow {
                    for column in area.column..<area.maxColumn { base.setCell(Self.unknownCell, column: column, row: row) }
                }
            }
        }
        evictImages(keeping: onScreen, into: &before)
    }

    func teardown() -> [UInt8] {
        defer { shown = [:]; images = [:]; placeholderCells = [:] }
        guard !images.isEmpty else { return [] }
        switch graphics {
        case .kitty: return KittyGraphics.deleteAll
        case .kittyPlaceholders: return KittyPlaceholders.passthrough(KittyGraphics.deleteAll)
        case .iterm, .sixel: return []
        }
    }

    private func key(_ placement: PicturePlacement) -> Key {
        // kitty keeps the whole picture and shows a part of it (placeholders name the cells shown); the
        // others are sent as the part shown.
        Key(identity: ObjectIdentifier(placement.source.identity), box: box(placement.rect),
            crop: graphics == .kitty || graphics == .kittyPlaceholders ? nil : crop(placement))
    }

    /// The pixels of a cut picture's box that are shown; nil when all of it is.
    /// In the box's pixels, which are the cells' unless the box was scaled down to
    /// ``PixelSize/largestPictureSide``: the cells' share of the box, whatever its scale.
    private func crop(_ placement: PicturePlacement) -> PixelRect? {
        guard placement.isCropped, placement.rect.columns > 0, placement.rect.rows > 0 else { return nil }
        let box = box(placement.rect), rect = placement.rect, visible = placement.visible
        let x = (visible.column - rect.column) * box.width / rect.columns, y = (visible.row - rect.row) * box.height / rect.rows
        let right = min(box.width, (visible.column - rect.column + visible.columns) * box.width / rect.columns)
        let bottom = min(box.height, (visible.row - rect.row + visible.rows) * box.height / rect.rows)
        return PixelRect(x: x, y: y, width: max(0, right - x), height: max(0, bottom - y))
    }

    /// The RGBA pixels of `key`'s box, cut to its crop.
    private func pixels(_ source: any PictureSource, _ key: Key) -> (rgba: [UInt8], size: PixelSize) {
        let whole = source.rgba(fittingIn: key.box)
        guard let crop = key.crop else { return (whole, key.box) }
        var cut: [UInt8] = []
        cut.reserveCapacity(crop.width * crop.height * 4)
        for y in crop.y..<(crop.y + crop.height) {
            let start = (y * key.box.width + crop.x) * 4
            cut += whole[start..<(start + crop.width * 4)]
        }
        return (cut, PixelSize(width: crop.width, height: crop.height))
    }

    private func box(_ rect: Rect) -> PixelSize {
        PixelSize(width: rect.columns * cellPixels.width, height: rect.rows * cellPixels.height).clamped(toSide: PixelSize.largestPictureSide)
    }

    /// The picture for `placement`, sent (kitty) or encoded (sixel, iTerm2) the first time.
    private func image(for placement: PicturePlacement, into output: inout [UInt8]) -> Image? {
        let key = key(placement)
        if let image = images[key] { return image }
        let id = freeImageID()
        let bytes: [UInt8]
        switch graphics {
        case .kittyPlaceholders:
            let columns = placement.rect.columns, rows = placement.rect.rows
            if let png = placement.source.png(fittingIn: key.box) {
                output += KittyPlaceholders.transmit(id: id, png: png, columns: columns, rows: rows)
            } else {
                output += KittyPlaceholders.transmit(id: id, rgba: placement.source.rgba(fittingIn: key.box), size: key.box, columns: columns, rows: rows)
            }
            bytes = []
        case .kitty:
            if let png = placement.source.png(fittingIn: key.box) {
                output += KittyGraphics.transmit(id: id, png: png)
            } else {
                output += KittyGraphics.transmit(id: id, rgba: placement.source.rgba(fittingIn: key.box), size: key.box)
            }
            bytes = []
        case .iterm:
            let png: [UInt8]?
            if key.crop == nil {
                png = placement.source.png(fittingIn: key.box)
            } else {
                let cut = pixels(placement.source, key)
                png = placement.source.png(rgba: cut.rgba, size: cut.size)
            }
            guard let png else { return nil }
            bytes = ITermImages.inline(png: png, columns: placement.visible.columns, rows: placement.visible.rows)
        case .sixel:
            var cut = pixels(placement.source, key)
            // Sixels come in bands of six rows: a last band reaching below the box would reach into the
            // next row (the key bar, or past the last line, where the terminal scrolls). Its few rows go.
            if cut.size.height > 6, cut.size.height % 6 != 0 {
                cut.size.height -= cut.size.height % 6
                cut.rgba.removeLast(cut.rgba.count - cut.size.width * cut.size.height * 4)
            }
            bytes = SixelEncoder.encode(rgba: cut.rgba, size: cut.size, maximumColors: sixelColors)
        }
        let image = Image(source: placement.source, id: id, bytes: bytes, lastUse: clock)
        images[key] = image
        return image
    }

    /// The next image id no kept picture holds (placeholders name ids 16…255, so they wrap early).
    private func freeImageID() -> UInt32 {
        let ids = graphics == .kittyPlaceholders ? KittyPlaceholders.minimumImageID...KittyPlaceholders.maximumImageID : 1...UInt32.max
        let used = Set(images.values.map(\.id))
        var id = ids.contains(nextImageID) ? nextImageID : ids.lowerBound
        while used.contains(id) { id = id >= ids.upperBound ? ids.lowerBound : id + 1 }
        nextImageID = id >= ids.upperBound ? ids.lowerBound : id + 1
        return id
    }

    /// Erases a picture drawn into the cells (ECH row by row, in the plain style) and tells the text
    /// diff that those cells are blank now, so it writes what the new frame has there.
    private func erase(_ rect: Rect, base: inout Frame, into output: inout [UInt8]) {
        let area = rect.intersection(base.bounds)
        guard !area.isEmpty else { return }
        output.appendASCII("\u{1B}[0m")
        for row in area.row..<area.maxRow {
            DiffRenderer.moveCursor(to: area.column, row: row, into: &output)
            output.appendASCII("\u{1B}[")
            output.appendDecimal(area.columns)
            output.append(0x58) // X
        }
        base.fill(area, style: .plain)
    }

    /// Frees the least recently shown pictures not on screen beyond ``keptImages`` (and, for encoded
    /// copies, beyond ``keptBytes``).
    ///
    /// kitty 0.26 frees every picture without a placement on any `d=I`, not only the one named (seen
    /// in Debian 12's kitty): once one is freed, none off screen is counted on any more, and each is
    /// sent again when it comes back. The frees are written after the frame's placements.
    private func evictImages(keeping onScreen: Set<Key>, into output: inout [UInt8]) {
        var bytes = images.values.reduce(0) { $0 + $1.bytes.count }
        guard images.count > Self.keptImages + onScreen.count || bytes > Self.keptBytes else { return }
        if graphics == .kitty || graphics == .kittyPlaceholders {
            for (key, image) in images where !onScreen.contains(key) {
                output += graphics == .kitty ? KittyGraphics.free(id: image.id) : KittyPlaceholders.passthrough(KittyGraphics.free(id: image.id))
                images[key] = nil
            }
            return
        }
        let candidates = images.filter { !onScreen.contains($0.key) }.sorted { $0.value.lastUse < $1.value.lastUse }
        for (key, image) in candidates {
            guard images.count > Self.keptImages + onScreen.count || bytes > Self.keptBytes else { break }
            bytes -= image.bytes.count
            images[key] = nil
        }
    }
}
