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
        var size = 0
        // First the size, then the file into a buffer of that size.
        let measured = rgba.withUnsafeBytes { pixels in
            png_image_write_to_memory(&image, nil, &size, 0, pixels.baseAddress, Int32(width * 4), nil)
        }
        guard measured != 0, size > 0 else {
            png_image_free(&image)
            return nil
        }
        var output = [UInt8](repeating: 0, count: size)
        let written = output.withUnsafeMutableBytes { file in
            rgba.withUnsafeBytes { pixels in
                png_image_write_to_memory(&image, file.baseAddress, &size, 0, pixels.baseAddress, Int32(width * 4), nil)
            }
        }
        png_image_free(&image)
        guard written != 0 else { return nil }
        return Array(output.prefix(size))
    }
}
