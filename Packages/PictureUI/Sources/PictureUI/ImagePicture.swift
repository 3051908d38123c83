import ImageKit
import TerminalUI

// A decoded image as a picture the terminal draws in its own pixels: RGBA fitted to a box, PNG, deflated.

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

    public func deflated(_ bytes: [UInt8]) -> [UInt8]? {
        Deflate.compress(bytes)
    }

    /// The scaled pixels themselves when the picture has the box's shape (the common case of a
    /// picture drawn at the aspect of its box); nil when it leaves a margin.
    public func rgb(fillingExactly box: PixelSize) -> [UInt8]? {
        guard box.width > 0, box.height > 0, !image.isEmpty else { return nil }
        let size = image.fittingSize(in: (box.width, box.height))
        guard size.width == box.width, size.height == box.height else { return nil }
        return image.resized(width: box.width, height: box.height).pixels
    }
}
