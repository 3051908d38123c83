/// The bytes of kitty's graphics protocol (<https://sw.kovidgoyal.net/kitty/graphics-protocol/>):
/// every command quiet (`q=2`), so the terminal never answers on the input stream.
public enum KittyGraphics {
    /// Base64 bytes per transmission chunk (the protocol's limit).
    static let chunkSize = 4096

    /// A picture ready to send under any id: its format keys and its payload in base64, cut into the
    /// protocol's chunks and every chunk after the first already framed. Made off the main actor (the
    /// encoding and the framing are the cost); ``transmit(id:_:)`` then only writes the first chunk's
    /// keys with the id.
    public struct Transmission: Sendable {
        /// The keys before the id: the action, the format and (raw pixels) the size and compression.
        let keys: String
        /// The first chunk's payload, in base64.
        let first: [UInt8]
        /// The chunks after the first, framed (each wrapped for tmux when the transmission is).
        let rest: [UInt8]
        /// Whether each command is wrapped in tmux's passthrough.
        let throughTmux: Bool

        /// A PNG file (`a=t,f=100`).
        public init(png: [UInt8], throughTmux: Bool = false) {
            self.init(keys: "a=t,f=100", payload: png, throughTmux: throughTmux)
        }

        /// Raw RGBA pixels (`a=t,f=32`).
        public init(rgba: [UInt8], size: PixelSize, throughTmux: Bool = false) {
            self.init(pixels: rgba, size: size, hasAlpha: true, throughTmux: throughTmux)
        }

        /// Raw pixels, RGBA (`f=32`) or RGB (`f=24`), sent as they are or, given `deflated` (the same
        /// pixels as a zlib stream), compressed (`o=z`): kitty inflates them itself.
        public init(pixels: [UInt8], size: PixelSize, hasAlpha: Bool, deflated: [UInt8]? = nil, throughTmux: Bool = false) {
            self.init(keys: "a=t,f=\(hasAlpha ? 32 : 24),s=\(size.width),v=\(size.height)\(deflated == nil ? "" : ",o=z")",
                      payload: deflated ?? pixels, throughTmux: throughTmux)
        }

        private init(keys: String, payload: [UInt8], throughTmux: Bool) {
            self.keys = keys
            self.throughTmux = throughTmux
            var encoded: [UInt8] = []
            Base64.append(payload[...], to: &encoded)
            first = Array(encoded.prefix(chunkSize))
            var rest: [UInt8] = []
            rest.reserveCapacity(encoded.count + encoded.count / chunkSize * (throughTmux ? 24 : 12))
            var start = first.count
            while start < encoded.count {
                let end = min(encoded.count, start + chunkSize)
                let chunk = command("m=\(end < encoded.count ? 1 : 0)", payload: encoded[start..<end])
                rest += throughTmux ? KittyPlaceholders.passthrough(chunk) : chunk
                start = end
            }
            self.rest = rest
        }
    }

    /// Sends a PNG file under `id` (`a=t,f=100`), in chunks; nothing is shown until ``place(id:placement:columns:rows:crop:)``.
    public static func transmit(id: UInt32, png: [UInt8]) -> [UInt8] {
        transmit(id: id, Transmission(png: png))
    }

    /// Sends raw RGBA pixels under `id` (`a=t,f=32`).
    public static func transmit(id: UInt32, rgba: [UInt8], size: PixelSize) -> [UInt8] {
        transmit(id: id, Transmission(rgba: rgba, size: size))
    }

    /// Sends `picture` under `id`, in chunks of the protocol's size.
    public static func transmit(id: UInt32, _ picture: Transmission) -> [UInt8] {
        let head = command("\(picture.keys),i=\(id),q=2,m=\(picture.rest.isEmpty ? 0 : 1)", payload: picture.first[...])
        var output = picture.throughTmux ? KittyPlaceholders.passthrough(head) : head
        output.reserveCapacity(output.count + picture.rest.count)
        output += picture.rest
        return output
    }

    /// Shows image `id` at the cursor, scaled into `columns` × `rows` cells, without moving the cursor;
    /// with `crop`, only that rectangle of the image's pixels (a picture cut by the screen's edge).
    public static func place(id: UInt32, placement: UInt32, columns: Int, rows: Int,
                             crop: (x: Int, y: Int, width: Int, height: Int)? = nil) -> [UInt8] {
        let source = crop.map { ",x=\($0.x),y=\($0.y),w=\($0.width),h=\($0.height)" } ?? ""
        return command("a=p,i=\(id),p=\(placement)\(source),c=\(columns),r=\(rows),C=1,q=2")
    }

    /// Takes one placement of image `id` off the screen; the image stays with the terminal.
    public static func deletePlacement(id: UInt32, placement: UInt32) -> [UInt8] {
        command("a=d,d=i,i=\(id),p=\(placement),q=2")
    }

    /// Takes every placement of image `id` off the screen and frees its data.
    public static func free(id: UInt32) -> [UInt8] {
        command("a=d,d=I,i=\(id),q=2")
    }

    /// Takes every picture off the screen and frees all their data (when leaving).
    public static let deleteAll: [UInt8] = command("a=d,d=A,q=2")

    static func command(_ keys: String, payload: ArraySlice<UInt8> = []) -> [UInt8] {
        var output = Array("\u{1B}_G\(keys)".utf8)
        if !payload.isEmpty {
            output.append(0x3B) // ;
            output += payload
        }
        output += [0x1B, 0x5C]
        return output
    }
}

/// kitty's graphics protocol through tmux (<https://sw.kovidgoyal.net/kitty/graphics-protocol/#unicode-placeholders>):
/// commands go to the outer terminal through tmux's passthrough (`allow-passthrough on`), and a
/// picture is shown by cells of U+10EEEE whose foreground colour names the image and whose two
/// combining marks name the cell's row and column in it. tmux keeps those cells like any text, so
/// pictures stay in their pane, scroll and are cut with it.
public enum KittyPlaceholders {
    /// Image ids are written as a 256-colour foreground (`38;5;N`), which tmux passes on unchanged;
    /// ids below 16 would be written as the basic colours' own codes, so they are not used.
    public static let minimumImageID: UInt32 = 16
    /// The highest image id.
    public static let maximumImageID: UInt32 = 255
    /// The largest box in cells (rows and columns) that placeholders can name.
    public static var maximumCells: Int { diacritics.count }

    /// `command` wrapped in tmux's passthrough: DCS tmux; with every ESC doubled, then ST.
    public static func passthrough(_ command: [UInt8]) -> [UInt8] {
        var output = Array("\u{1B}Ptmux;".utf8)
        output.reserveCapacity(command.count + 16)
        for byte in command {
            if byte == 0x1B { output.append(0x1B) }
            output.append(byte)
        }
        output += [0x1B, 0x5C]
        return output
    }

    /// Sends a PNG file under `id` and makes it a virtual placement of `columns` × `rows` cells,
    /// which placeholder cells then show.
    public static func transmit(id: UInt32, png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        transmit(id: id, KittyGraphics.Transmission(png: png, throughTmux: true), columns: columns, rows: rows)
    }

    /// Sends raw RGBA pixels under `id`, as ``transmit(id:png:columns:rows:)``.
    public static func transmit(id: UInt32, rgba: [UInt8], size: PixelSize, columns: Int, rows: Int) -> [UInt8] {
        transmit(id: id, KittyGraphics.Transmission(rgba: rgba, size: size, throughTmux: true), columns: columns, rows: rows)
    }

    /// Sends `picture` (made ``KittyGraphics/Transmission/throughTmux``: each chunk in its own
    /// passthrough) under `id`, as ``transmit(id:png:columns:rows:)``.
    public static func transmit(id: UInt32, _ picture: KittyGraphics.Transmission, columns: Int, rows: Int) -> [UInt8] {
        let transmission = picture.throughTmux ? KittyGraphics.transmit(id: id, picture) : passthrough(KittyGraphics.transmit(id: id, picture))
        return transmission + passthrough(virtualPlacement(id: id, columns: columns, rows: rows))
    }

    static func virtualPlacement(id: UInt32, columns: Int, rows: Int) -> [UInt8] {
        KittyGraphics.command("a=p,U=1,i=\(id),c=\(columns),r=\(rows),q=2")
    }

    /// The text of one placeholder cell: row `row` and column `column` of the picture (from 0).
    public static func cell(row: Int, column: Int) -> [UInt8] {
        var scalars = String.UnicodeScalarView()
        scalars.append(Unicode.Scalar(0x10EEEE)!)
        scalars.append(Unicode.Scalar(diacritics[row])!)
        scalars.append(Unicode.Scalar(diacritics[column])!)
        return Array(String(scalars).utf8)
    }

    /// The first 128 of kitty's row and column marks (its `rowcolumn-diacritics.txt`, combining class
    /// 230 marks of Unicode 6.0): the mark at index n means row or column n.
    static let diacritics: [UInt32] = [
        0x0305, 0x030D, 0x030E, 0x0310, 0x0312, 0x033D, 0x033E, 0x033F, 0x0346, 0x034A, 0x034B, 0x034C, 0x0350, 0x0351, 0x0352, 0x0357,
        0x035B, 0x0363, 0x0364, 0x0365, 0x0366, 0x0367, 0x0368, 0x0369, 0x036A, 0x036B, 0x036C, 0x036D, 0x036E, 0x036F, 0x0483, 0x0484,
        0x0485, 0x0486, 0x0487, 0x0592, 0x0593, 0x0594, 0x0595, 0x0597, 0x0598, 0x0599, 0x059C, 0x059D, 0x059E, 0x059F, 0x05A0, 0x05A1,
        0x05A8, 0x05A9, 0x05AB, 0x05AC, 0x05AF, 0x05C4, 0x0610, 0x0611, 0x0612, 0x0613, 0x0614, 0x0615, 0x0616, 0x0617, 0x0657, 0x0658,
        0x0659, 0x065A, 0x065B, 0x065D, 0x065E, 0x06D6, 0x06D7, 0x06D8, 0x06D9, 0x06DA, 0x06DB, 0x06DC, 0x06DF, 0x06E0, 0x06E1, 0x06E2,
        0x06E4, 0x06E7, 0x06E8, 0x06EB, 0x06EC, 0x0730, 0x0732, 0x0733, 0x0735, 0x0736, 0x073A, 0x073D, 0x073F, 0x0740, 0x0741, 0x0743,
        0x0745, 0x0747, 0x0749, 0x074A, 0x07EB, 0x07EC, 0x07ED, 0x07EE, 0x07EF, 0x07F0, 0x07F1, 0x07F3, 0x0816, 0x0817, 0x0818, 0x0819,
        0x081B, 0x081C, 0x081D, 0x081E, 0x081F, 0x0820, 0x0821, 0x0822, 0x0823, 0x0825, 0x0826, 0x0827, 0x0829, 0x082A, 0x082B, 0x082C,
    ]
}

/// The bytes of iTerm2's inline images (OSC 1337 File=; also WezTerm and mintty).
public enum ITermImages {
    /// Shows an image file (PNG, TIFF) at the cursor stretched over `columns` × `rows` cells (the
    /// picture is already fitted into their pixels), without moving the cursor.
    public static func inline(file: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        var output = Array("\u{1B}]1337;File=inline=1;size=\(file.count);width=\(columns);height=\(rows);preserveAspectRatio=0;doNotMoveCursor=1:".utf8)
        Base64.append(file[...], to: &output)
        output.append(0x07)
        return output
    }

    /// An uncompressed baseline TIFF of `pixels` (RGB, or RGBA with unassociated alpha): the file that
    /// costs nothing to make, for a terminal on this machine (what chafa sends too).
    public static func tiff(pixels: [UInt8], size: PixelSize, hasAlpha: Bool) -> [UInt8] {
        let samples = hasAlpha ? 4 : 3
        let tags = hasAlpha ? 11 : 10
        let bitsOffset = 8 + 2 + tags * 12 + 4
        let dataOffset = bitsOffset + samples * 2
        var file: [UInt8] = [0x49, 0x49, 42, 0]
        file.reserveCapacity(dataOffset + pixels.count)
        func short(_ value: Int) { file += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
        func long(_ value: Int) { file += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24 & 0xFF)] }
        /// A tag of one value (SHORT 3, LONG 4), or of `count` values stored at `value`.
        func tag(_ id: Int, type: Int, count: Int = 1, _ value: Int) {
            short(id); short(type); long(count)
            if type == 3, count == 1 { short(value); short(0) } else { long(value) }
        }
        long(8)
        short(tags)
        tag(256, type: 4, size.width)                         // ImageWidth
        tag(257, type: 4, size.height)                        // ImageLength
        tag(258, type: 3, count: samples, bitsOffset)         // BitsPerSample: 8 each, stored after the directory
        tag(259, type: 3, 1)                                  // Compression: none
        tag(262, type: 3, 2)                                  // PhotometricInterpretation: RGB
        tag(273, type: 4, dataOffset)                         // StripOffsets
        tag(277, type: 3, samples)                            // SamplesPerPixel
        tag(278, type: 4, size.height)                        // RowsPerStrip: one strip
        tag(279, type: 4, pixels.count)                       // StripByteCounts
        tag(284, type: 3, 1)                                  // PlanarConfiguration: chunky
        if hasAlpha { tag(338, type: 3, 2) }                  // ExtraSamples: unassociated alpha
        long(0)                                               // no next directory
        for _ in 0..<samples { short(8) }
        file += pixels
        return file
    }
}

/// Standard base64 (RFC 4648) with padding, appended to a byte buffer.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func append(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        let start = output.count
        let groups = bytes.count / 3, rest = bytes.count - groups * 3
        // Written in place into room made once: a picture's payload is hundreds of kilobytes.
        output.append(contentsOf: repeatElement(0x3D, count: (bytes.count + 2) / 3 * 4))
        alphabet.withUnsafeBufferPointer { alphabet in
            bytes.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    var to = start
                    for group in 0..<groups {
                        let from = group * 3
                        let value = UInt32(source[from]) << 16 | UInt32(source[from + 1]) << 8 | UInt32(source[from + 2])
                        target[to] = alphabet[Int(value >> 18 & 63)]
                        target[to + 1] = alphabet[Int(value >> 12 & 63)]
                        target[to + 2] = alphabet[Int(value >> 6 & 63)]
                        target[to + 3] = alphabet[Int(value & 63)]
                        to += 4
                    }
                    guard rest > 0 else { return }
                    let from = groups * 3
                    let value = UInt32(source[from]) << 16 | (rest == 2 ? UInt32(source[from + 1]) << 8 : 0)
                    target[to] = alphabet[Int(value >> 18 & 63)]
                    target[to + 1] = alphabet[Int(value >> 12 & 63)]
                    if rest == 2 { target[to + 2] = alphabet[Int(value >> 6 & 63)] }
                }
            }
        }
    }

}
