/// A picture encoded for its protocol, ready to send under any id.
enum EncodedPicture: Sendable {
    /// kitty: sent once under the picture's id, then placed by it.
    case transmission(KittyGraphics.Transmission)
    /// sixel, iTerm2: drawn into the cells, written again at each placement.
    case drawing([UInt8])
    /// Any protocol: the picture drawn in the text's cells (kitty in tmux, when no image id is free).
    case symbols(SymbolPicture)
}

/// What one pixel protocol does its own way: how a picture is encoded and sent, shown, taken off and
/// freed. ``PictureLayer`` does what they share (which placements came and went, the pictures' boxes
/// and ids, the pictures kept and their eviction); ``pictureDriver(for:sixelColors:compresses:)`` picks one per protocol.
protocol PictureDriver: Sendable {
    /// Whether the terminal keeps a whole picture and shows a part of it (kitty); else a cut picture
    /// is made as the part shown, and the layer keeps the encoded bytes.
    var keepsPictures: Bool { get }
    /// Whether pictures show through placeholder cells of the text (kitty in tmux) rather than being
    /// placed over the cells.
    var showsThroughCells: Bool { get }
    /// The image ids the protocol can name.
    var imageIDs: ClosedRange<UInt32> { get }
    /// Encodes the picture of `placement` fitted into `box`, only the part `crop` when it is cut (never
    /// for a driver that ``keepsPictures``); nil when it cannot be made. The costly part (scaling, PNG,
    /// sixel): it touches nothing but its arguments, so it runs on any thread.
    func encode(_ placement: PicturePlacement, box: PixelSize, crop: PixelRect?) -> EncodedPicture?
    /// Sends the encoded picture under `id` (kitty: into `output`): the bytes to write wherever it is
    /// placed (empty when the terminal keeps it).
    func send(_ picture: EncodedPicture, id: UInt32, placement: PicturePlacement, into output: inout [UInt8]) -> [UInt8]
    /// Shows the made picture `id` (its kept `bytes`) at `placement`, the cursor on its first cell:
    /// the id the placement is known by (kitty numbers placements with `nextPlacement`).
    func place(id: UInt32, bytes: [UInt8], at placement: PicturePlacement, crop: PixelRect?,
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

    /// Drawn into the cells: the bytes are written at each placement; nothing is sent before.
    func send(_ picture: EncodedPicture, id: UInt32, placement: PicturePlacement, into output: inout [UInt8]) -> [UInt8] {
        guard case .drawing(let bytes) = picture else { return [] }
        return bytes
    }

    /// Written into the cells: a placement shows its bytes, and leaves by being erased.
    func place(id: UInt32, bytes: [UInt8], at placement: PicturePlacement, crop: PixelRect?,
               nextPlacement: inout UInt32, into output: inout [UInt8]) -> UInt32 {
        output += bytes
        return id
    }

    /// Erases a picture drawn into the cells (ECH row by row, in the plain style) and tells the text
    /// diff that those cells are blank now, so it writes what the new frame has there (the layer then
    /// marks the cells of the new frame's pictures there as shown: they are blank, as written).
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

/// The driver of `graphics`; `compresses` for a terminal at the other end of a slow link (an SSH
/// session), where bytes cost more than the time to compress them.
func pictureDriver(for graphics: GraphicsProtocol, sixelColors: Int, compresses: Bool) -> any PictureDriver {
    switch graphics {
    case .kitty: KittyDriver(compresses: compresses)
    case .kittyPlaceholders: KittyPlaceholderDriver(compresses: compresses)
    case .iterm: ITermDriver(compresses: compresses)
    case .sixel: SixelDriver(colors: sixelColors)
    }
}

/// kitty: each picture (at one box size) is sent once under an image id and stays with the terminal,
/// which shows a part of it for a cut placement; a placement is shown and taken off by its id.
/// Pictures go as raw pixels (RGB unless the picture leaves a transparent margin), zlib-compressed
/// when the driver `compresses`: no PNG to make (see ``kittyTransmission(_:box:compresses:throughTmux:)``).
struct KittyDriver: PictureDriver {
    var keepsPictures: Bool { true }
    let compresses: Bool

    func encode(_ placement: PicturePlacement, box: PixelSize, crop: PixelRect?) -> EncodedPicture? {
        .transmission(kittyTransmission(placement.source, box: box, compresses: compresses))
    }

    func send(_ picture: EncodedPicture, id: UInt32, placement: PicturePlacement, into output: inout [UInt8]) -> [UInt8] {
        if case .transmission(let transmission) = picture { output += KittyGraphics.transmit(id: id, transmission) }
        return []
    }

    func place(id: UInt32, bytes: [UInt8], at placement: PicturePlacement, crop: PixelRect?,
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
    let compresses: Bool

    func encode(_ placement: PicturePlacement, box: PixelSize, crop: PixelRect?) -> EncodedPicture? {
        .transmission(kittyTransmission(placement.source, box: box, compresses: compresses, throughTmux: true))
    }

    func send(_ picture: EncodedPicture, id: UInt32, placement: PicturePlacement, into output: inout [UInt8]) -> [UInt8] {
        if case .transmission(let transmission) = picture {
            output += KittyPlaceholders.transmit(id: id, transmission, columns: placement.rect.columns, rows: placement.rect.rows)
        }
        return []
    }

    func free(id: UInt32) -> [UInt8]? { KittyPlaceholders.passthrough(KittyGraphics.free(id: id)) }
    var deleteAll: [UInt8] { KittyPlaceholders.passthrough(KittyGraphics.deleteAll) }
}

/// iTerm2's inline images: a file of the part shown, sent with each placement, drawn into the cells:
/// an uncompressed TIFF, which costs nothing to make, for a terminal on this machine; a PNG when the
/// driver `compresses` (the protocol takes files, not kitty's raw zlib stream).
struct ITermDriver: PictureDriver {
    let compresses: Bool

    func encode(_ placement: PicturePlacement, box: PixelSize, crop: PixelRect?) -> EncodedPicture? {
        let file: [UInt8]?
        if compresses {
            let pixels = placement.source.rgba(fittingIn: box, cutTo: crop)
            file = placement.source.png(rgba: pixels.rgba, size: pixels.size)
        } else {
            let pixels = placement.source.opaquePixels(fittingIn: box, cutTo: crop)
            file = ITermImages.tiff(pixels: pixels.bytes, size: pixels.size, hasAlpha: pixels.hasAlpha)
        }
        return file.map { .drawing(ITermImages.inline(file: $0, columns: placement.visible.columns, rows: placement.visible.rows)) }
    }
}

/// DEC sixel: a paletted picture of the part shown, in bands of six rows, sent with each placement.
struct SixelDriver: PictureDriver {
    /// The most colours of a picture's palette (the terminal's registers).
    let colors: Int

    func encode(_ placement: PicturePlacement, box: PixelSize, crop: PixelRect?) -> EncodedPicture? {
        var pixels = placement.source.rgba(fittingIn: box, cutTo: crop)
        // Sixels come in bands of six rows: a last band reaching below the box would reach into the
        // next row (the key bar, or past the last line, where the terminal scrolls). Its few rows go.
        if pixels.size.height > 6, pixels.size.height % 6 != 0 {
            pixels.size.height -= pixels.size.height % 6
            pixels.rgba.removeLast(pixels.rgba.count - pixels.size.width * pixels.size.height * 4)
        }
        return .drawing(SixelEncoder.encode(rgba: pixels.rgba, size: pixels.size, maximumColors: colors))
    }
}

/// kitty's transmission of `source` fitted into `box` (each chunk in tmux's passthrough when
/// `throughTmux`): its raw pixels, RGB when every pixel is opaque
/// (a quarter fewer bytes), else RGBA (the margin of a picture of another shape is transparent);
/// deflated by the source (zlib's fastest level) when `compresses` and it can.
private func kittyTransmission(_ source: any PictureSource, box: PixelSize, compresses: Bool, throughTmux: Bool = false) -> KittyGraphics.Transmission {
    let pixels = source.opaquePixels(fittingIn: box)
    return KittyGraphics.Transmission(pixels: pixels.bytes, size: box, hasAlpha: pixels.hasAlpha,
                                      deflated: compresses ? source.deflated(pixels.bytes) : nil, throughTmux: throughTmux)
}

/// The RGB bytes of `rgba` when every pixel is opaque; nil when any is not.
func opaqueRGB(_ rgba: [UInt8]) -> [UInt8]? {
    let count = rgba.count / 4
    var rgb = [UInt8](repeating: 0, count: count * 3)
    let opaque = rgba.withUnsafeBufferPointer { source in
        rgb.withUnsafeMutableBufferPointer { target in
            for pixel in 0..<count {
                guard source[pixel * 4 + 3] == 255 else { return false }
                target[pixel * 3] = source[pixel * 4]
                target[pixel * 3 + 1] = source[pixel * 4 + 1]
                target[pixel * 3 + 2] = source[pixel * 4 + 2]
            }
            return true
        }
    }
    return opaque ? rgb : nil
}

extension PictureSource {
    /// The picture fitted into `box`, cut to `crop` (all of the box when nil): RGB when every pixel
    /// shown is opaque, else RGBA.
    func opaquePixels(fittingIn box: PixelSize, cutTo crop: PixelRect? = nil) -> (bytes: [UInt8], size: PixelSize, hasAlpha: Bool) {
        if crop == nil, let rgb = rgb(fillingExactly: box) { return (rgb, box, false) }
        let pixels = rgba(fittingIn: box, cutTo: crop)
        if let rgb = opaqueRGB(pixels.rgba) { return (rgb, pixels.size, false) }
        return (pixels.rgba, pixels.size, true)
    }

    /// The RGBA pixels of the picture fitted into `box`, cut to `crop` (all of the box when nil).
    func rgba(fittingIn box: PixelSize, cutTo crop: PixelRect?) -> (rgba: [UInt8], size: PixelSize) {
        let whole = rgba(fittingIn: box)
        guard let crop else { return (whole, box) }
        var cut: [UInt8] = []
        cut.reserveCapacity(crop.width * crop.height * 4)
        for y in crop.y..<(crop.y + crop.height) {
            let start = (y * box.width + crop.x) * 4
            cut += whole[start..<(start + crop.width * 4)]
        }
        return (cut, PixelSize(width: crop.width, height: crop.height))
    }
}
