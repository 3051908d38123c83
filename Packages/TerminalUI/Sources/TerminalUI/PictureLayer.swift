/// The pictures a ``DiffRenderer`` has on the screen, and the bytes that bring them from one frame's
/// placements to the next one's. What each protocol does its own way is its ``PictureDriver``'s.
///
/// - kitty: each picture (at one box size) is sent once under an image id and stays with the
///   terminal; a placement is shown and taken off by its id. A one-row move sends no picture again.
///   At most ``keptImages`` pictures off screen stay with the terminal; older ones are freed.
/// - kitty in tmux: the same pictures, shown through placeholder cells of the text. Placeholders
///   name 240 ids: when every one is held, the least recently shown picture off screen gives its id
///   up; when every one is held by a picture on screen (some 190 tiles and more), a picture without
///   one is drawn in half blocks of its colours (``SymbolPicture``) until an id is free. A picture in
///   symbols beats a blank box, and taking another picture off the screen to show it would only move
///   the blank box elsewhere.
/// - sixel and iTerm2: the picture is part of the cells, so a placement that leaves is erased
///   (`ECH` over its cells, which the text diff then repaints), and a new one is sent whole.
///   Encoded pictures are kept for a while (``keptImages``, at most ``keptBytes``), so coming back
///   costs no encoding.
///
/// Encoding is the costly part (scaling, PNG, sixel). A layer that ``makesPicturesLater`` never
/// encodes in a frame: a new placement's cells stay blank, and its ``PictureJob`` waits in
/// ``takeJobs()`` to be made off the main actor and brought back by ``adopt(_:)`` for a later frame.
final class PictureLayer {
    let graphics: GraphicsProtocol
    private let driver: any PictureDriver
    var cellPixels: PixelSize
    let sixelColors: Int
    /// Pictures kept beyond those on screen (kitty: in the terminal; sixel, iTerm2: encoded bytes).
    static let keptImages = 48
    /// The most bytes of encoded pictures (sixel, iTerm2) kept off screen.
    static let keptBytes = 16 << 20

    private typealias Key = PictureKey
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
    /// Placements drawn in symbols, for want of an image id (kitty in tmux).
    private var shownInSymbols: Set<PicturePlacement> = []
    /// The symbols of the pictures drawn in them, while they are on screen.
    private var symbolPictures: [Key: SymbolPicture] = [:]
    private var nextImageID: UInt32 = 1
    private var nextPlacementID: UInt32 = 1
    private var clock = 0

    /// Whether pictures are encoded by the caller, off the frame (see the type's description).
    let makesPicturesLater: Bool
    /// Pictures encoded off the frame, waiting for the frame that sends them (only those on screen).
    private var made: [Key: (source: any PictureSource, picture: EncodedPicture)] = [:]
    /// Jobs handed out and not brought back yet, so that a picture is made once however many frames place it.
    private var requested: Set<Key> = []
    /// Pictures that could not be made: not asked for again (a key with another box is another picture).
    /// Their sources are held, so that a picture made later at the same address is not taken for one.
    private var failed: [Key: any PictureSource] = [:]
    /// Jobs for the pictures frames placed, not taken yet.
    private var jobs: [PictureJob] = []
    /// The pictures of the last frame's placements (with their symbols' keys, kitty in tmux).
    private var onScreen: Set<Key> = []
    /// How many of the last frame's placements are shown, and how many wait for their picture to be
    /// made (not counting pictures that could not be made).
    private(set) var shownCount = 0, waitingCount = 0

    init(graphics: GraphicsProtocol, cellPixels: PixelSize, sixelColors: Int, makesPicturesLater: Bool = false, compresses: Bool = false) {
        self.graphics = graphics
        self.cellPixels = cellPixels
        self.sixelColors = sixelColors
        self.makesPicturesLater = makesPicturesLater
        driver = pictureDriver(for: graphics, sixelColors: sixelColors, compresses: compresses)
    }

    /// The jobs of the pictures placed since the last call, each once.
    func takeJobs() -> [PictureJob] {
        defer { jobs = [] }
        return jobs
    }

    /// Takes back a picture a job made; the next frame that places it sends it.
    func adopt(_ picture: MadePicture) {
        requested.remove(picture.key)
        guard let encoded = picture.encoded else {
            if failed.count >= Self.keptImages * 16 { failed = [:] }
            failed[picture.key] = picture.source
            return
        }
        if onScreen.contains(picture.key) { made[picture.key] = (picture.source, encoded) }
    }

    /// Whether `job`'s picture is still on screen; a job left undone is forgotten, and asked for
    /// again when its picture comes back.
    func wants(_ job: PictureJob) -> Bool {
        if onScreen.contains(job.key) { return true }
        requested.remove(job.key)
        return false
    }

    /// Where placeholder cells show pictures this frame: cell index → image id and the cell's row and
    /// column in the picture (kitty in tmux only).
    private var placeholderCells: [Int: (id: UInt8, row: Int, column: Int)] = [:]
    /// Where pictures are drawn in symbols this frame: cell index → the cell written (kitty in tmux only).
    private var symbolCells: [Int: Cell] = [:]
    /// Never in a frame: base cells set to it are written again whatever the frame holds there.
    private static let unknownCell = Cell(grapheme: "", width: 1, style: .plain)

    /// Whether pictures show through placeholder cells of the text (kitty in tmux).
    var showsThroughCells: Bool { driver.showsThroughCells }

    func placeholder(column: Int, row: Int, columns: Int) -> (id: UInt8, row: Int, column: Int)? {
        placeholderCells.isEmpty ? nil : placeholderCells[row * columns + column]
    }

    /// The cell that draws a picture in symbols at `column`, `row`, if one does.
    func symbolCell(column: Int, row: Int, columns: Int) -> Cell? {
        symbolCells.isEmpty ? nil : symbolCells[row * columns + column]
    }

    /// Brings the pictures from the last frame's to `frame`'s `visible` placements: what leaves is taken
    /// off (`before` the text), what comes is sent and placed (`after` it).
    func update(to visible: [PicturePlacement], of frame: Frame, repaintsAll: Bool, base: inout Frame, before: inout [UInt8], after: inout [UInt8]) {
        clock += 1
        onScreen = Set(visible.map(key))
        if driver.showsThroughCells { onScreen.formUnion(visible.map(symbolKey)) }
        // A picture that arrived after it left the screen is made again if it comes back.
        if !made.isEmpty { made = made.filter { onScreen.contains($0.key) } }
        if !symbolPictures.isEmpty { symbolPictures = symbolPictures.filter { onScreen.contains($0.key) } }
        if driver.showsThroughCells {
            updatePlaceholders(to: visible, repaintsAll: repaintsAll, base: &base, before: &before)
            return
        }
        if repaintsAll {
            if !shown.isEmpty { before += driver.removeAllPlacements }
            shown = [:]
        }
        let staying = Set(visible)
        for (placement, placementID) in shown where !staying.contains(placement) {
            shown[placement] = nil
            driver.remove(placement, imageID: images[key(placement)]?.id, placementID: placementID, base: &base, into: &before)
            // Erased cells that are a picture's in the new frame are blank already, as it writes them:
            // a picture replaced in its box costs no blanks before it is drawn.
            if !driver.keepsPictures { base.markPictureCells(of: frame, in: placement.visible) }
        }
        for placement in visible where shown[placement] == nil {
            guard let image = image(for: placement, into: &after) else { continue }
            DiffRenderer.moveCursor(to: placement.visible.column, row: placement.visible.row, into: &after)
            shown[placement] = driver.place(id: image.id, bytes: image.bytes, at: placement, crop: crop(placement),
                                            nextPlacement: &nextPlacementID, into: &after)
        }
        for placement in visible { images[key(placement)]?.lastUse = clock }
        // After the placements: a picture is freed only while those on screen are placed.
        evictImages(keeping: Set(visible.map(key)), into: &after)
        countShown(visible)
    }

    private func countShown(_ visible: [PicturePlacement]) {
        shownCount = visible.count { shown[$0] != nil || shownInSymbols.contains($0) }
        waitingCount = visible.count { shown[$0] == nil && !shownInSymbols.contains($0) && failed[key($0)] == nil && isShowable($0) }
    }

    /// Whether the driver can show `placement` at all (placeholders name at most 128 cells a side).
    private func isShowable(_ placement: PicturePlacement) -> Bool {
        !driver.showsThroughCells
            || (placement.rect.rows <= KittyPlaceholders.maximumCells && placement.rect.columns <= KittyPlaceholders.maximumCells)
    }

    /// Placeholders: pictures are sent before the text, and the cells of every placement that came,
    /// went or changed are written again (a placeholder cell's text depends on its picture and place).
    private func updatePlaceholders(to visible: [PicturePlacement], repaintsAll: Bool, base: inout Frame, before: inout [UInt8]) {
        placeholderCells = [:]
        symbolCells = [:]
        var changed: [Rect] = []
        let staying = Set(visible)
        for (placement, _) in shown where !staying.contains(placement) {
            shown[placement] = nil
            changed.append(placement.visible)
        }
        for placement in shownInSymbols where !staying.contains(placement) {
            shownInSymbols.remove(placement)
            changed.append(placement.visible)
        }
        if repaintsAll {
            shown = [:]
            shownInSymbols = []
        }
        var onScreen = Set<Key>()
        for placement in visible {
            guard isShowable(placement) else { continue }
            let area = placement.visible
            guard let image = image(for: placement, into: &before) else {
                // Made, but every id is held by a picture on screen: drawn in symbols until one is free.
                guard made[key(placement)] != nil, let symbols = symbolPicture(for: placement) else { continue }
                if shownInSymbols.insert(placement).inserted { changed.append(area) }
                for row in area.row..<area.maxRow {
                    for column in area.column..<area.maxColumn {
                        symbolCells[row * base.size.columns + column] = symbols[column - placement.rect.column, row - placement.rect.row]
                    }
                }
                continue
            }
            onScreen.insert(key(placement))
            images[key(placement)]?.lastUse = clock
            if shown[placement] == nil {
                shown[placement] = image.id
                shownInSymbols.remove(placement)
                changed.append(area)
            }
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
        countShown(visible)
    }

    func teardown() -> [UInt8] {
        defer { shown = [:]; images = [:]; placeholderCells = [:]; shownInSymbols = []; symbolPictures = [:]; symbolCells = [:] }
        guard !images.isEmpty else { return [] }
        return driver.deleteAll
    }

    private func key(_ placement: PicturePlacement) -> Key {
        // kitty keeps the whole picture and shows a part of it (placeholders name the cells shown); the
        // others are sent as the part shown.
        PictureKey(identity: ObjectIdentifier(placement.source.identity), box: box(placement.rect),
            crop: driver.keepsPictures ? nil : crop(placement), inSymbols: false)
    }

    /// The key of `placement`'s picture drawn in symbols: its box in half cells, the whole of it.
    private func symbolKey(_ placement: PicturePlacement) -> Key {
        PictureKey(identity: ObjectIdentifier(placement.source.identity), box: SymbolPicture.box(placement.rect.size), crop: nil,
                   inSymbols: true)
    }

    /// `placement`'s picture in symbols: made off the frame like a picture (a layer that makes its own
    /// makes it now); nil while it is being made.
    private func symbolPicture(for placement: PicturePlacement) -> SymbolPicture? {
        let key = symbolKey(placement)
        if let symbols = symbolPictures[key] { return symbols }
        guard case .symbols(let symbols)? = encodedPicture(placement, key) else { return nil }
        symbolPictures[key] = symbols
        return symbols
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

    private func box(_ rect: Rect) -> PixelSize {
        PixelSize(width: rect.columns * cellPixels.width, height: rect.rows * cellPixels.height).clamped(toSide: PixelSize.largestPictureSide)
    }

    /// The picture for `placement`, sent (kitty) or kept encoded (sixel, iTerm2) the first time; nil
    /// while it is being made off the frame, or when it cannot be made.
    private func image(for placement: PicturePlacement, into output: inout [UInt8]) -> Image? {
        let key = key(placement)
        if let image = images[key] { return image }
        guard let encoded = encodedPicture(placement, key) else { return nil }
        guard let id = freeImageID(evictingInto: &output) else {
            // Kept for the frame that has an id for it (it is drawn in symbols meanwhile).
            made[key] = (placement.source, encoded)
            return nil
        }
        let bytes = driver.send(encoded, id: id, placement: placement, into: &output)
        let image = Image(source: placement.source, id: id, bytes: bytes, lastUse: clock)
        images[key] = image
        return image
    }

    /// The encoded picture: made off the frame and brought back, or made now by a layer that makes
    /// its own; else its job is handed out (once) and nil returned.
    private func encodedPicture(_ placement: PicturePlacement, _ key: Key) -> EncodedPicture? {
        if let ready = made.removeValue(forKey: key) { return ready.picture }
        guard makesPicturesLater else { return PictureJob.encode(placement, key, driver) }
        if failed[key] == nil, requested.insert(key).inserted {
            jobs.append(PictureJob(key: key, placement: placement, driver: driver))
        }
        return nil
    }

    /// The next image id no kept picture holds (placeholders name ids 16…255, so they wrap early).
    /// When every id is held, the least recently shown picture off screen is freed for its id (its
    /// free written into `output`, before the picture sent under the id); nil when every id is held
    /// by a picture on screen. (kitty 0.26's `d=I` frees every picture without a placement, see
    /// ``evictImages(keeping:into:)``; ids run out only in tmux, where pictures off screen keep
    /// their virtual placements, so one free costs one picture.)
    private func freeImageID(evictingInto output: inout [UInt8]) -> UInt32? {
        let ids = driver.imageIDs
        let used = Set(images.values.map(\.id))
        guard used.count < ids.count else {
            let offScreen = images.filter { !onScreen.contains($0.key) }
            guard let (key, image) = offScreen.min(by: { $0.value.lastUse < $1.value.lastUse }) else { return nil }
            output += driver.free(id: image.id) ?? []
            images[key] = nil
            return image.id
        }
        // Fewer ids are held than there are: one of the next `used.count + 1` is free, so this ends.
        var id = ids.contains(nextImageID) ? nextImageID : ids.lowerBound
        while used.contains(id) { id = id >= ids.upperBound ? ids.lowerBound : id + 1 }
        nextImageID = id >= ids.upperBound ? ids.lowerBound : id + 1
        return id
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
        if driver.keepsPictures {
            for (key, image) in images where !onScreen.contains(key) {
                output += driver.free(id: image.id) ?? []
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

/// One picture as a layer sends it: the picture, its box in pixels and the part of it shown.
struct PictureKey: Hashable, Sendable {
    let identity: ObjectIdentifier
    let box: PixelSize
    /// The pixels shown of a cut picture (sixel and iTerm2 send only those); nil for all of it and for kitty.
    let crop: PixelRect?
    /// Whether this is the picture drawn in symbols (``SymbolPicture``), `box` its half cells.
    let inSymbols: Bool
}

/// A rectangle of a picture's pixels.
struct PixelRect: Hashable, Sendable {
    let x: Int, y: Int, width: Int, height: Int
}

/// A picture a frame placed that its renderer has not made yet (see
/// ``DiffRenderer/takePictureJobs()``). ``make()`` encodes it for the terminal's protocol: scaling,
/// PNG or sixel, the costly part of a picture, on any thread.
public struct PictureJob: Sendable {
    let key: PictureKey
    let placement: PicturePlacement
    let driver: any PictureDriver

    /// Encodes the picture; hand the result to ``DiffRenderer/adopt(_:)``.
    public func make() -> MadePicture {
        MadePicture(key: key, source: placement.source, encoded: Self.encode(placement, key, driver))
    }

    /// `placement`'s picture as `key` names it: for the protocol, or in symbols.
    static func encode(_ placement: PicturePlacement, _ key: PictureKey, _ driver: any PictureDriver) -> EncodedPicture? {
        key.inSymbols ? .symbols(SymbolPicture(placement.source, cells: placement.rect.size))
            : driver.encode(placement, box: key.box, crop: key.crop)
    }
}

/// A picture a ``PictureJob`` made (or found it could not make), for ``DiffRenderer/adopt(_:)``.
public struct MadePicture: Sendable {
    let key: PictureKey
    /// Held so that the picture's identity is not reused by another one while this lives.
    let source: any PictureSource
    let encoded: EncodedPicture?
}

/// A picture drawn in the cells of its box with half blocks, for a placement the terminal's pixels
/// cannot take: "▀" with the upper pixel as foreground and the lower one as background, "▄" under a
/// transparent upper pixel, a blank where both are (the margin of a picture of another shape).
struct SymbolPicture: Sendable {
    let columns: Int
    private let cells: [Cell]

    /// The pixels a box of `cells` is drawn from: two a cell, one above the other.
    static func box(_ cells: Size) -> PixelSize { PixelSize(width: max(1, cells.columns), height: max(1, cells.rows * 2)) }

    init(_ source: any PictureSource, cells size: Size) {
        let box = Self.box(size)
        let rgba = source.rgba(fittingIn: box)
        columns = max(1, size.columns)
        var cells: [Cell] = []
        cells.reserveCapacity(columns * max(1, size.rows))
        func pixel(_ x: Int, _ y: Int) -> Color? {
            let offset = (y * box.width + x) * 4
            guard offset + 3 < rgba.count, rgba[offset + 3] >= 128 else { return nil }
            return .rgb(rgba[offset], rgba[offset + 1], rgba[offset + 2])
        }
        for row in 0..<max(1, size.rows) {
            for column in 0..<columns {
                switch (pixel(column, row * 2), pixel(column, row * 2 + 1)) {
                case (let upper?, let lower):
                    cells.append(Cell(grapheme: "▀", width: 1, style: Style(foreground: upper, background: lower ?? .default)))
                case (nil, let lower?):
                    cells.append(Cell(grapheme: "▄", width: 1, style: Style(foreground: lower)))
                case (nil, nil):
                    cells.append(Cell(grapheme: " ", width: 1, style: .plain))
                }
            }
        }
        self.cells = cells
    }

    /// The cell at `column`, `row` of the box.
    subscript(column: Int, row: Int) -> Cell {
        let index = row * columns + column
        return cells.indices.contains(index) ? cells[index] : Cell(grapheme: " ", width: 1, style: .plain)
    }
}
