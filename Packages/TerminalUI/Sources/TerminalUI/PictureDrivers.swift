/// What one pixel protocol does its own way: how a picture is sent or encoded, shown, taken off and
/// freed. ``PictureLayer`` does what they share (which placements came and went, the pictures' boxes
/// and ids, the pictures kept and their eviction); ``pictureDriver(for:sixelColors:)`` picks one per protocol.
protocol PictureDriver {
    /// Whether the terminal keeps a whole picture and shows a part of it (kitty); else a cut picture
    /// is made as the part shown, and the layer keeps the encoded bytes.
    var keepsPictures: Bool { get }
    /// Whether pictures show through placeholder cells of the text (kitty in tmux) rather than being
    /// placed over the cells.
    var showsThroughCells: Bool { get }
    /// The image ids the protocol can name.
    var imageIDs: ClosedRange<UInt32> { get }
    /// Makes the picture of `placement` under `id`: sends it to the terminal (into `output`), or
    /// encodes it. The bytes to write wherever it is placed (empty when the terminal keeps it); nil
    /// when it cannot be made. `cut` gives the pixels shown of a cut picture (the whole box otherwise).
    func make(_ placement: PicturePlacement, id: UInt32, box: PixelSize, isCut: Bool,
              cut: () -> (rgba: [UInt8], size: PixelSize), into output: inout [UInt8]) -> [UInt8]?
    /// Shows the made picture `id` (its kept `bytes`) at `placement`, the cursor on its first cell:
    /// the id the placement is known by (kitty numbers placements with `nextPlacement`).
    func place(id: UInt32, bytes: [UInt8], at placement: PicturePlacement, crop: PictureLayer.PixelRect?,
               nextPlacement: inout UInt32, into output: inout [UInt8]) -> UInt32
    /// Takes off a placement that left the screen: by its ids (kitty), or by erasing its cells, which
    /// the text diff then writes again.
    func remove(_ placement: PicturePlacement, imageID: UInt32?, placementID: UInt32, base: inout Frame, into output: inout [UInt8])
    /// What takes every placement off before the screen is written whole (`ESC[2J` clears what is
    /// drawn into the cells by itself).
    var removeAllPlacements: [UInt8] { get }
    /// The bytes that free a picture the terminal keeps; nil for a protocol whose pictures only the
    /// layer keeps (their encoded bytes are forgotten).
    func free(id: UInt32) -> [UInt8]?
    /// What takes every picture off when the renderer ends.
    var deleteAll: [UInt8] { get }
}

extension PictureDriver {
    var keepsPictures: Bool { false }
    var showsThroughCells: Bool { false }
    var imageIDs: ClosedRange<UInt32> { 1...UInt32.max }
    var removeAllPlacements: [UInt8] { [] }
    func free(id: UInt32) -> [UInt8]? { nil }
    var deleteAll: [UInt8] { [] }

    /// Written into the cells: a placement shows its bytes, and leaves by being erased.
    func place(id: UInt32, bytes: [UInt8], at placement: PicturePlacement, crop: PictureLayer.PixelRect?,
               nextPlacement: inout UInt32, into output: inout [UInt8]) -> UInt32 {
        output += bytes
        return id
    }

    /// Erases a picture drawn into the cells (ECH row by row, in the plain style) and tells the text
    /// diff that those cells are blank now, so it writes what the new frame has there.
    func remove(_ placement: PicturePlacement, imageID: UInt32?, placementID: UInt32, base: inout Frame, into output: inout [UInt8]) {
        let area = placement.visible.intersection(base.bounds)
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
}

/// The driver of `graphics`.
func pictureDriver(for graphics: GraphicsProtocol, sixelColors: Int) -> any PictureDriver {
    switch graphics {
    case .kitty: KittyDriver()
    case .kittyPlaceholders: KittyPlaceholderDriver()
    case .iterm: ITermDriver()
    case .sixel: SixelDriver(colors: sixelColors)
    }
}

/// kitty: each picture (at one box size) is sent once under an image id and stays with the terminal,
/// which shows a part of it for a cut placement; a placement is shown and taken off by its id.
struct KittyDriver: PictureDriver {
    var keepsPictures: Bool { true }

    func make(_ placement: PicturePlacement, id: UInt32, box: PixelSize, isCut: Bool,
              cut: () -> (rgba: [UInt8], size: PixelSize), into output: inout [UInt8]) -> [UInt8]? {
        if let png = placement.source.png(fittingIn: box) {
            output += KittyGraphics.transmit(id: id, png: png)
        } else {
            output += KittyGraphics.transmit(id: id, rgba: placement.source.rgba(fittingIn: box), size: box)
        }
        return []
    }

    func place(id: UInt32, bytes: [UInt8], at placement: PicturePlacement, crop: PictureLayer.PixelRect?,
               nextPlacement: inout UInt32, into output: inout [UInt8]) -> UInt32 {
        let placementID = nextPlacement
        nextPlacement = nextPlacement == UInt32.max ? 1 : nextPlacement + 1
        output += KittyGraphics.place(id: id, placement: placementID, columns: placement.visible.columns, rows: placement.visible.rows,
                                      crop: crop.map { (x: $0.x, y: $0.y, width: $0.width, height: $0.height) })
        return placementID
    }

    func remove(_ placement: PicturePlacement, imageID: UInt32?, placementID: UInt32, base: inout Frame, into output: inout [UInt8]) {
        if let imageID { output += KittyGraphics.deletePlacement(id: imageID, placement: placementID) }
    }

    var removeAllPlacements: [UInt8] { KittyGraphics.command("a=d,d=a,q=2") }
    func free(id: UInt32) -> [UInt8]? { KittyGraphics.free(id: id) }
    var deleteAll: [UInt8] { KittyGraphics.deleteAll }
}

/// kitty inside tmux: pictures go through tmux's passthrough under ids 16…255 and show through
/// Unicode placeholder cells, which tmux moves and cuts like text (the layer writes the cells).
struct KittyPlaceholderDriver: PictureDriver {
    var keepsPictures: Bool { true }
    var showsThroughCells: Bool { true }
    var imageIDs: ClosedRange<UInt32> { KittyPlaceholders.minimumImageID...KittyPlaceholders.maximumImageID }

    func make(_ placement: PicturePlacement, id: UInt32, box: PixelSize, isCut: Bool,
              cut: () -> (rgba: [UInt8], size: PixelSize), into output: inout [UInt8]) -> [UInt8]? {
        let columns = placement.rect.columns, rows = placement.rect.rows
        if let png = placement.source.png(fittingIn: box) {
            output += KittyPlaceholders.transmit(id: id, png: png, columns: columns, rows: rows)
        } else {
            output += KittyPlaceholders.transmit(id: id, rgba: placement.source.rgba(fittingIn: box), size: box, columns: columns, rows: rows)
        }
        return []
    }

    func free(id: UInt32) -> [UInt8]? { KittyPlaceholders.passthrough(KittyGraphics.free(id: id)) }
    var deleteAll: [UInt8] { KittyPlaceholders.passthrough(KittyGraphics.deleteAll) }
}

/// iTerm2's inline images: a PNG of the part shown, sent with each placement, drawn into the cells.
struct ITermDriver: PictureDriver {
    func make(_ placement: PicturePlacement, id: UInt32, box: PixelSize, isCut: Bool,
              cut: () -> (rgba: [UInt8], size: PixelSize), into output: inout [UInt8]) -> [UInt8]? {
        let png: [UInt8]?
        if isCut {
            let pixels = cut()
            png = placement.source.png(rgba: pixels.rgba, size: pixels.size)
        } else {
            png = placement.source.png(fittingIn: box)
        }
        return png.map { ITermImages.inline(png: $0, columns: placement.visible.columns, rows: placement.visible.rows) }
    }
}

/// DEC sixel: a paletted picture of the part shown, in bands of six rows, sent with each placement.
struct SixelDriver: PictureDriver {
    /// The most colours of a picture's palette (the terminal's registers).
    let colors: Int

    func make(_ placement: PicturePlacement, id: UInt32, box: PixelSize, isCut: Bool,
              cut: () -> (rgba: [UInt8], size: PixelSize), into output: inout [UInt8]) -> [UInt8]? {
        var pixels = cut()
        // Sixels come in bands of six rows: a last band reaching below the box would reach into the
        // next row (the key bar, or past the last line, where the terminal scrolls). Its few rows go.
        if pixels.size.height > 6, pixels.size.height % 6 != 0 {
            pixels.size.height -= pixels.size.height % 6
            pixels.rgba.removeLast(pixels.rgba.count - pixels.size.width * pixels.size.height * 4)
        }
        return SixelEncoder.encode(rgba: pixels.rgba, size: pixels.size, maximumColors: colors)
    }
}
