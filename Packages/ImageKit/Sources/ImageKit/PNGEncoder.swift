import CLibPNG

/// Writes RGBA pixels as a PNG file with libpng's simplified API (compressed; kitty and iTerm2 take PNG).
public enum PNGEncoder {
    /// The PNG file of `width` × `height` RGBA pixels, or nil when libpng refuses them.
    public static func encode(rgba: [UInt8], width: Int, height: Int) -> [UInt8]? {
        guard width > 0, height > 0, rgba.count == width * height * 4 else { return nil }
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        image.width = UInt32(width)
        image.height = UInt32(height)
        image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA) // RGBA
        // zlib's fast setting: a picture is encoded while a frame waits for it; the terminal is near.
        image.flags = UInt32(PNG_IMAGE_FLAG_FAST)
        // One pass into a buffer that holds any such file (the deflated rows at their worst, a filter
        // byte a row, chunk headers); libpng says when it did not fit, and then the size it needs.
        var size = rgba.count + height + rgba.count / 1000 + (rgba.count / 8192 + 1) * 12 + 4096
        var output = [UInt8](repeating: 0, count: size)
        func write() -> Int32 {
            output.withUnsafeMutableBytes { file in
                rgba.withUnsafeBytes { pixels in
                    png_image_write_to_memory(&image, file.baseAddress, &size, 0, pixels.baseAddress, Int32(width * 4), nil)
                }
            }
        }
        var written = write()
        if written == 0, size > output.count {
            image.warning_or_error = 0
            output = [UInt8](repeating: 0, count: size)
            written = write()
        }
        png_image_free(&image)
        guard written != 0 else { return nil }
        return Array(output.prefix(size))
    }
}
