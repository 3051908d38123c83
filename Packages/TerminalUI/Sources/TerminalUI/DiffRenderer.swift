import TextCells

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
///   TextCells' `DisplayWidth.isUncertain`) is written after its trailing cell, and the rest of its row is
///   written again after it: whether the terminal draws it one, two or four columns wide, no stale
///   glyph stays behind and nothing to its right is shifted (after ratatui's fix for the same debris).
/// - With a ``GraphicsProtocol``, the frame's placed pictures are drawn in the terminal's pixels
///   (see ``PictureLayer``): their cells are written as blanks, pictures that left are taken off
///   before the text is written, and new ones placed after it. A picture that stays is not sent again.
///   A renderer that makes pictures later never encodes one inside ``render(_:)``: see
///   ``takePictureJobs()``.
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
    /// How wide the terminal draws text: the model the glyphs written are measured with (the frames'
    /// cells were laid out with the same, ``WidthModel/current`` while the host runs).
    public let widths: WidthModel
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
    ///   - makesPicturesLater: whether pictures are encoded by the caller, off the thread that renders
    ///     (``takePictureJobs()``); else each is encoded in the first frame that places it.
    ///   - compressesPictures: whether pictures are compressed for a slow link (kitty: zlib; iTerm2: PNG)
    ///     rather than sent as raw pixels, which cost nothing to make (``PictureLink``).
    ///   - widths: the terminal's width model (see TextCells' `WidthModel`).
    public init(sink: any OutputSink, colorMode: ColorMode, graphics: GraphicsProtocol? = nil,
                cellPixels: PixelSize = .defaultCell, sixelColors: Int = 256, hyperlinks: Bool? = nil, theme: ColorTheme = .dark,
                showsCursor: Bool = false, makesPicturesLater: Bool = false, compressesPictures: Bool = false,
                widths: WidthModel = .clusters) {
        self.sink = sink
        self.widths = widths
        self.colorMode = colorMode
        self.theme = theme
        self.showsCursor = showsCursor
        self.hyperlinks = hyperlinks ?? (colorMode != .none)
        self.pictures = graphics.map {
            PictureLayer(graphics: $0, cellPixels: cellPixels.boundedCell, sixelColors: sixelColors, makesPicturesLater: makesPicturesLater,
                         compresses: compressesPictures)
        }
    }

    /// The pictures frames placed that this renderer has not made yet, each once (only when it
    /// makes pictures later). Their cells stay blank until each job's ``PictureJob/make()``, run off
    /// the rendering thread, is brought back through ``adopt(_:)`` and a frame is rendered again.
    public func takePictureJobs() -> [PictureJob] {
        pictures?.takeJobs() ?? []
    }

    /// Takes back a picture made off the rendering thread: the next frame that places it sends it.
    public func adopt(_ picture: MadePicture) {
        pictures?.adopt(picture)
    }

    /// The last frame's pictures: how many are on the screen, and how many wait to be made (a picture
    /// that could not be made waits for nothing).
    public var pictureCounts: (shown: Int, waiting: Int) {
        (pictures?.shownCount ?? 0, pictures?.waitingCount ?? 0)
    }

    /// Whether `job`'s picture is still on the screen: a job whose picture left need not be made
    /// (it is asked for again when the picture comes back).
    public func wants(_ job: PictureJob) -> Bool {
        pictures?.wants(job) ?? false
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
        let previousCursor = previous?.cursor
        // After ESC[0m ESC[2J the screen is all plain blanks, so a full repaint is a diff against that.
        // The last frame is moved out rather than copied: erasing a picture writes into it, and a shared
        // copy would copy every cell.
        var base = repaintsAll ? Frame(size: frame.size) : (previous ?? Frame(size: frame.size))
        previous = nil
        // A cleared screen already shows a picture cell as what it is written as, a plain blank (unless
        // the cell names its picture, as placeholders do): only the picture is drawn over it.
        if repaintsAll, pictures?.showsThroughCells != true { base.markPictureCells(of: frame) }
        var before: [UInt8] = [], after: [UInt8] = []
        pictures?.update(to: frame.visiblePictures, of: frame, repaintsAll: repaintsAll, base: &base, before: &before, after: &after)
        var body: [UInt8] = []
        writeChanges(from: base, to: frame, into: &body)
        // Writing moved the terminal's cursor: it goes back on the focus (or stays hidden without one).
        let focusMoved = showsCursor && (frame.cursor != previousCursor || repaintsAll || !before.isEmpty || !body.isEmpty || !after.isEmpty)
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
                var cell = frame[column, row]
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
                // Under a picture drawn in symbols (kitty in tmux, no image id free): the symbol is the cell.
                if let pictures, cell.isPicture, let symbol = pictures.symbolCell(column: column, row: row, columns: frame.size.columns) {
                    cell = symbol
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
        guard let scalar = scalars.next(), scalars.next() == nil else { return makeGlyph(grapheme) }
        if let cached = glyphCache[scalar.value] { return cached }
        let glyph = makeGlyph(grapheme)
        if glyphCache.count < Self.glyphCacheLimit { glyphCache[scalar.value] = glyph }
        return glyph
    }

    /// Sanitized in case a cell was built by hand around ``Frame/put(_:at:style:maxColumns:)``.
    private func makeGlyph(_ grapheme: String) -> Glyph {
        // A picture's cell is a blank under the picture (it is never written as its placeholder).
        if grapheme == Cell.picture.grapheme { return Glyph(bytes: [0x20], width: 1, isUncertain: false) }
        let isUncertain = grapheme.count == 1 && grapheme.first.map(DisplayWidth.isUncertain) == true
        let text = Sanitizer.sanitize(grapheme)
        guard let first = text.first, case let width = widths.width(of: first), width > 0 else {
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

    static func moveCursor(to column: Int, row: Int, into output: inout [UInt8]) {
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
