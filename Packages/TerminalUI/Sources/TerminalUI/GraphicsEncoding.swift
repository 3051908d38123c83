/// The bytes of kitty's graphics protocol (<https://sw.kovidgoyal.net/kitty/graphics-protocol/>):
/// every command quiet (`q=2`), so the terminal never answers on the input stream.
public enum KittyGraphics {
    /// Base64 bytes per transmission chunk (the protocol's limit).
    static let chunkSize = 4096

    /// Sends a PNG file under `id` (`a=t,f=100`), in chunks; nothing is shown until ``place(id:placement:columns:rows:)``.
    public static func transmit(id: UInt32, png: [UInt8]) -> [UInt8] {
        chunked("a=t,f=100,i=\(id),q=2", payload: png)
    }

    /// Sends raw RGBA pixels under `id` (`a=t,f=32`).
    public static func transmit(id: UInt32, rgba: [UInt8], size: PixelSize) -> [UInt8] {
        chunked("a=t,f=32,s=\(size.width),v=\(size.height),i=\(id),q=2", payload: rgba)
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

    private static func chunked(_ keys: String, payload: [UInt8]) -> [UInt8] {
        var encoded: [UInt8] = []
        Base64.append(payload[...], to: &encoded)
        var output: [UInt8] = []
        output.reserveCapacity(encoded.count + encoded.count / chunkSize * 16 + 64)
        var start = 0
        repeat {
            let end = min(encoded.count, start + chunkSize)
            let more = end < encoded.count ? 1 : 0
            let chunkKeys = start == 0 ? "\(keys),m=\(more)" : "m=\(more)"
            output += command(chunkKeys, payload: encoded[start..<end])
            start = end
        } while start < encoded.count
        return output
    }
}

/// The bytes of iTerm2's inline images (OSC 1337 File=; also WezTerm and mintty).
public enum ITermImages {
    /// Shows a PNG file at the cursor stretched over `columns` × `rows` cells (the picture is already
    /// fitted into their pixels), without moving the cursor.
    public static func inline(png: [UInt8], columns: Int, rows: Int) -> [UInt8] {
        var output = Array("\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);preserveAspectRatio=0;doNotMoveCursor=1:".utf8)
        Base64.append(png[...], to: &output)
        output.append(0x07)
        return output
    }
}

/// Standard base64 (RFC 4648) with padding, appended to a byte buffer.
enum Base64 {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func append(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.reserveCapacity(output.count + (bytes.count + 2) / 3 * 4)
        var index = bytes.startIndex
        while index + 2 < bytes.endIndex {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
            output += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], alphabet[Int(value & 63)]]
            index += 3
        }
        let rest = bytes.endIndex - index
        if rest == 1 {
            let value = UInt32(bytes[index]) << 16
            output += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], 0x3D, 0x3D]
        } else if rest == 2 {
            let value = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8
            output += [alphabet[Int(value >> 18 & 63)], alphabet[Int(value >> 12 & 63)], alphabet[Int(value >> 6 & 63)], 0x3D]
        }
    }
}
