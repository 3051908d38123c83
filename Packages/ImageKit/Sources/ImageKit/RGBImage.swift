/// One 8-bit sRGB color.
public struct RGBPixel: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    public static let white = RGBPixel(red: 255, green: 255, blue: 255)
    public static let black = RGBPixel(red: 0, green: 0, blue: 0)

    public var description: String { "rgb(\(red),\(green),\(blue))" }
}

/// A decoded image: packed 8-bit RGB pixels, 3 bytes per pixel, rows from top to bottom.
///
/// The invariant `pixels.count == width * height * 3` always holds.
public struct RGBImage: Hashable, Sendable {
    public let width: Int
    public let height: Int
    /// Packed R, G, B bytes, row by row from the top-left pixel.
    public let pixels: [UInt8]
    /// Shared by this image's copies, never by another image: lets a picture render cache (PictureUI) know a
    /// picture it has drawn without hashing its pixels. Not part of equality.
    public let identity = Identity()

    /// An image's identity: compared with `===`, kept weakly by caches.
    public final class Identity: Sendable {}

    public static func == (lhs: RGBImage, rhs: RGBImage) -> Bool {
        lhs.width == rhs.width && lhs.height == rhs.height && (lhs.identity === rhs.identity || lhs.pixels == rhs.pixels)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(width)
        hasher.combine(height)
        hasher.combine(pixels)
    }

    /// Creates an image from packed RGB bytes.
    ///
    /// Negative sizes become 0; `pixels` is padded with black or cut so that it holds exactly
    /// `width * height * 3` bytes (a short buffer never makes the image unsafe to read).
    public init(width: Int, height: Int, pixels: [UInt8]) {
        let width = max(0, width), height = max(0, height)
        let expected = width * height * 3
        self.width = width
        self.height = height
        if pixels.count == expected {
            self.pixels = pixels
        } else if pixels.count > expected {
            self.pixels = Array(pixels.prefix(expected))
        } else {
            self.pixels = pixels + [UInt8](repeating: 0, count: expected - pixels.count)
        }
    }

    /// Creates an image of one color.
    public init(width: Int, height: Int, filledWith color: RGBPixel) {
        let count = max(0, width) * max(0, height)
        var pixels = [UInt8]()
        pixels.reserveCapacity(count * 3)
        for _ in 0..<count { pixels.append(contentsOf: [color.red, color.green, color.blue]) }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Creates an image from rows of pixels; every row is cut or padded (black) to the first row's length.
    public init(rows: [[RGBPixel]]) {
        let width = rows.first?.count ?? 0
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * rows.count * 3)
        for row in rows {
            for x in 0..<width {
                let pixel = x < row.count ? row[x] : .black
                pixels.append(contentsOf: [pixel.red, pixel.green, pixel.blue])
            }
        }
        self.init(width: width, height: rows.count, pixels: pixels)
    }

    /// True when the image has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The memory the pixels take, in bytes (what the repository's byte limit counts).
    public var byteCount: Int { pixels.count }

    /// The pixel at column `x`, row `y` (0-based, from the top-left); like an array index, it must be in range.
    public subscript(x: Int, y: Int) -> RGBPixel {
        let index = (y * width + x) * 3
        return RGBPixel(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2])
    }
}
