import CLibPNG
import TerminalUI

/// A decoded image as a picture the terminal draws in its own pixels (kitty, iTerm2, sixel):
/// fitted into a box of pixels, centred, with a transparent margin, as RGBA or as a PNG file.
public struct ImagePicture: PictureSource {
    public let image: RGBImage

    public init(_ image: RGBImage) {
        self.image = image
    }

    public var identity: AnyObject & Sendable { image.identity }

    public func rgba(fittingIn box: PixelSize) -> [UInt8] {
        guard box.width > 0, box.height > 0 else { return [] }
        var output = [UInt8](repeating: 0, count: box.width * box.height * 4)
        let fitted = image.scaled(toFit: (box.width, box.height))
        guard !fitted.isEmpty else { return output }
        let left = (box.width - fitted.width) / 2, top = (box.height - fitted.height) / 2
        fitted.pixels.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                for y in 0..<fitted.height {
                    var from = y * fitted.width * 3
                    var to = ((top + y) * box.width + left) * 4
                    for _ in 0..<fitted.width {
                        target[to] = source[from]; target[to + 1] = source[from + 1]; target[to + 2] = source[from + 2]
                        target[to + 3] = 255
                        from += 3
                        to += 4
                    }
                }
            }
        }
        return output
    }

    public func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? {
        PNGEncoder.encode(rgba: rgba, width: size.width, height: size.height)
    }
}

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
