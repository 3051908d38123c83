import CZlib

/// zlib streams (RFC 1950), as kitty's graphics protocol takes a compressed transmission (`o=z`).
public enum Deflate {
    /// `bytes` compressed at `level` (1, zlib's fastest, by default: a picture is compressed while the
    /// screen waits for it); nil when zlib fails.
    public static func compress(_ bytes: [UInt8], level: Int32 = 1) -> [UInt8]? {
        var size = compressBound(uLong(bytes.count))
        var output = [UInt8](repeating: 0, count: Int(size))
        let status = output.withUnsafeMutableBufferPointer { target in
            bytes.withUnsafeBufferPointer { source in
                compress2(target.baseAddress, &size, source.baseAddress, uLong(source.count), level)
            }
        }
        guard status == Z_OK else { return nil }
        output.removeLast(output.count - Int(size))
        return output
    }

    /// The `expectedSize` bytes `stream` holds; nil when it is not a whole zlib stream of that size.
    public static func decompress(_ stream: [UInt8], expectedSize: Int) -> [UInt8]? {
        var size = uLong(expectedSize)
        var output = [UInt8](repeating: 0, count: max(1, expectedSize))
        let status = output.withUnsafeMutableBufferPointer { target in
            stream.withUnsafeBufferPointer { source in
                uncompress(target.baseAddress, &size, source.baseAddress, uLong(source.count))
            }
        }
        guard status == Z_OK, Int(size) == expectedSize else { return nil }
        return Array(output.prefix(expectedSize))
    }
}
