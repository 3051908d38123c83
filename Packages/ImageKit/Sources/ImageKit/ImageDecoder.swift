import CJPEGDecode
import CLibPNG
import CPNGRows
import Foundation

/// The image formats the decoder understands.
public enum ImageFormat: Sendable, Equatable {
    /// JPEG (baseline or progressive; YCbCr, greyscale or CMYK), decoded by libjpeg-turbo.
    case jpeg
    /// PNG of any color type and bit depth, decoded by libpng a row at a time (interlaced ones whole,
    /// through its simplified API), to the same pixels either way.
    case png

    /// Recognises the format by its magic bytes (JPEG: FF D8 FF, PNG: 89 50 4E 47); nil for anything else.
    public static func sniff(_ data: Data) -> ImageFormat? {
        let head = [UInt8](data.prefix(4))
        if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
        if head == [0x89, 0x50, 0x4E, 0x47] { return .png }
        return nil
    }
}

/// Decodes JPEG and PNG data into `RGBImage`s. Never prints, never exits, never traps on bad data.
public enum ImageDecoder {
    /// Dimensions beyond which an image is refused before its pixels are allocated, and the size
    /// pictures are decoded for.
    public struct Limits: Sendable, Equatable {
        /// The largest width or height accepted (of the file).
        public let maximumSide: Int
        /// The largest width × height decoded. JPEGs are first reduced by DCT scaling (down to 1/8), so
        /// only a PNG or an enormous JPEG beyond this is refused.
        public let maximumPixelCount: Int
        /// The longer side, in pixels, that a caller shows pictures at; JPEGs are decoded at the smallest
        /// scale that still covers it. 0 decodes at full size.
        public let targetSide: Int
        /// The most scans a progressive JPEG may have: each costs a pass over every block, and a file can
        /// repeat scans thousands of times (libjpeg-turbo's own `djpeg -maxscans` guards against this).
        public let maximumScans: Int
        /// CPU seconds one JPEG decode may take.
        public let maximumDecodeSeconds: Double
        /// Bytes libjpeg may allocate for its own buffers. A progressive JPEG keeps every DCT coefficient
        /// of the whole picture (2 bytes a sample) whatever scale it is decoded at; a baseline one needs
        /// a few rows. Beyond this a picture is too large.
        public let maximumDecoderBytes: Int

        /// All limits are at least 1 (`targetSide` at least 0); `maximumSide` is capped at 1 048 576 so
        /// that row strides always fit libpng's 32-bit ints.
        public init(maximumSide: Int, maximumPixelCount: Int, targetSide: Int = 0, maximumScans: Int = 100,
                    maximumDecodeSeconds: Double = 2, maximumDecoderBytes: Int = 64 * 1024 * 1024) {
            self.maximumSide = min(1 << 20, max(1, maximumSide))
            self.maximumPixelCount = max(1, maximumPixelCount)
            self.targetSide = max(0, targetSide)
            self.maximumScans = max(1, maximumScans)
            self.maximumDecodeSeconds = maximumDecodeSeconds.isFinite ? max(0.01, maximumDecodeSeconds) : 2
            self.maximumDecoderBytes = max(1 << 20, maximumDecoderBytes)
        }

        /// For terminal pictures: decoded at 512 pixels on the longer side or more (a 200-column,
        /// 60-row screen shows 200 × 120), and at most 4 M pixels (16 MB of RGBA for a PNG) per image,
        /// so that a screen of hostile pictures cannot take more than a few tens of megabytes.
        public static let standard = Limits(maximumSide: 65_535, maximumPixelCount: 4 * 1024 * 1024, targetSide: 512)

        func allows(width: Int, height: Int) -> Bool {
            width <= maximumSide && height <= maximumSide && width * height <= maximumPixelCount
        }

        /// These limits with JPEGs decoded to cover `side` (0 keeps the limits' own target).
        func decoding(at side: Int) -> Limits {
            guard side > 0 else { return self }
            return Limits(maximumSide: maximumSide, maximumPixelCount: maximumPixelCount, targetSide: side, maximumScans: maximumScans,
                          maximumDecodeSeconds: maximumDecodeSeconds, maximumDecoderBytes: maximumDecoderBytes)
        }
    }

    /// Decodes `data`, recognising JPEG or PNG by its magic bytes.
    ///
    /// - Parameters:
    ///   - background: the color that transparent PNG pixels are composited over. White by default,
    ///     because product pictures are drawn for light backgrounds; pass the screen's color if it matters.
    ///   - limits: images larger than this fail with `.tooLarge` before any pixel memory is allocated.
    /// - Throws: `.unsupportedFormat` for anything but JPEG/PNG, `.broken` for corrupt or truncated data,
    ///   `.tooLarge` beyond `limits`.
    ///   A JPEG decode also stops at `limits`' scans, CPU time and decoder memory, and when `cancellation`
    ///   is cancelled (`.unavailable("cancelled")`).
    public static func decode(_ data: Data, background: RGBPixel = .white,
                              limits: Limits = .standard, cancellation: DecodeCancellation? = nil) throws(ImageError) -> RGBImage {
        switch ImageFormat.sniff(data) {
        case .jpeg: try decodeJPEG(data, limits: limits, cancellation: cancellation)
        case .png: try decodePNG(data, background: background, limits: limits, fittingIn: (0, 0), cancellation: cancellation)
        case nil: throw .unsupportedFormat
        }
    }

    /// Decodes `data` to fit `box` (in pixels), its aspect ratio kept: the picture a terminal shows
    /// there, made without a full-size copy where the format allows.
    ///
    /// A JPEG is decoded at the smallest DCT scale that still covers the box and then area-averaged to
    /// fit; a PNG's rows go through the area-average as libpng reads them, so only the result and a
    /// row are held (an interlaced PNG is decoded whole first). The pixels equal
    /// `decode(…).scaled(toFit: box)` for a picture larger than the box, and `decode(…)` for one that
    /// fits already. An empty box decodes at full size. Throws as `decode` does.
    public static func decode(_ data: Data, fittingIn box: (width: Int, height: Int), background: RGBPixel = .white,
                              limits: Limits = .standard, cancellation: DecodeCancellation? = nil) throws(ImageError) -> RGBImage {
        let box: (width: Int, height: Int) = box.width > 0 && box.height > 0 ? box : (0, 0)
        switch ImageFormat.sniff(data) {
        case .jpeg:
            let decoded = try decodeJPEG(data, limits: limits.decoding(at: max(box.width, box.height)), cancellation: cancellation)
            return decoded.reduced(toFit: box)
        case .png: return try decodePNG(data, background: background, limits: limits, fittingIn: box, cancellation: cancellation)
        case nil: throw .unsupportedFormat
        }
    }

    // MARK: JPEG (through our C wrapper, see CJPEGDecode.h)

    private static func decodeJPEG(_ data: Data, limits: Limits, cancellation: DecodeCancellation?) throws(ImageError) -> RGBImage {
        var output: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0
        var message = [CChar](repeating: 0, count: 200)
        var bounds = imagekit_jpeg_bounds(max_scans: Int32(clamping: limits.maximumScans), max_cpu_seconds: limits.maximumDecodeSeconds,
                                          max_memory: UInt(limits.maximumDecoderBytes), cancelled: cancellation?.flag)
        let status = data.withUnsafeBytes { bytes in
            message.withUnsafeMutableBufferPointer { messageBuffer in
                withExtendedLifetime(cancellation) {
                    imagekit_decode_jpeg(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count,
                                         UInt(limits.maximumSide), UInt64(limits.maximumPixelCount), UInt(limits.targetSide),
                                         &bounds, &output, &width, &height, messageBuffer.baseAddress, messageBuffer.count)
                }
            }
        }
        defer { imagekit_free(output) }
        let detail = String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        switch Int(status) {
        case IMAGEKIT_JPEG_OK:
            guard let output, width > 0, height > 0 else { throw .broken(detail: "empty image") }
            let count = Int(width) * Int(height) * 3
            let pixels = [UInt8](UnsafeBufferPointer(start: output, count: count))
            return RGBImage(width: Int(width), height: Int(height), pixels: pixels)
        case IMAGEKIT_JPEG_TOO_LARGE:
            throw .tooLarge(width: Int(width), height: Int(height))
        case IMAGEKIT_JPEG_STOPPED:
            if cancellation?.isCancelled == true { throw .unavailable(detail: "cancelled") }
            throw .broken(detail: detail)
        default:
            throw .broken(detail: detail)
        }
    }

    // MARK: PNG

    private static func decodePNG(_ data: Data, background: RGBPixel, limits: Limits, fittingIn box: (width: Int, height: Int),
                                  cancellation: DecodeCancellation?) throws(ImageError) -> RGBImage {
        if let streamed = decodePNGRows(data, background: background, limits: limits, fittingIn: box, cancellation: cancellation) {
            return try streamed.get()
        }
        return try decodeWholePNG(data, background: background, limits: limits).reduced(toFit: box)
    }

    /// A PNG read row by row (CPNGRows): each row composited over `background` and, when the picture
    /// is larger than `box`, area-averaged into the result as it arrives (an empty box: full size).
    /// Nil for an interlaced PNG, whose rows only exist once every pass is read.
    static func decodePNGRows(_ data: Data, background: RGBPixel, limits: Limits, fittingIn box: (width: Int, height: Int),
                              cancellation: DecodeCancellation?) -> Result<RGBImage, ImageError>? {
        // libpng reads from `bytes` until the reader is closed, so everything stays inside this closure.
        data.withUnsafeBytes { bytes -> Result<RGBImage, ImageError>? in
            var reader: OpaquePointer?
            var width: Int32 = 0, height: Int32 = 0, channels: Int32 = 0
            var message = [CChar](repeating: 0, count: 200)
            let opened = imagekit_png_open(bytes.bindMemory(to: UInt8.self).baseAddress, bytes.count, &reader,
                                           &width, &height, &channels, &message, message.count)
            if Int(opened) == IMAGEKIT_PNG_WHOLE_PICTURE_NEEDED { return nil }
            guard Int(opened) == IMAGEKIT_PNG_OK, let reader else { return .failure(.broken(detail: text(message))) }
            defer { imagekit_png_close(reader) }
            let source = (width: Int(width), height: Int(height))
            guard source.width > 0, source.height > 0 else { return .failure(.broken(detail: "empty image")) }
            guard limits.allows(width: source.width, height: source.height) else {
                return .failure(.tooLarge(width: source.width, height: source.height))
            }
            let target = RGBImage.reducedSize(width: source.width, height: source.height, toFit: box)
            // Raw buffers: their addresses are handed to libpng and to the scaler row after row.
            let read = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: source.width * Int(channels))
            let composited = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: channels == 4 ? source.width * 3 : 0)
            defer { read.deallocate(); composited.deallocate() }
            var nextRow = 0
            // Row `y` of the picture as RGB, read (and composited) in order; valid until the next call.
            func row(_ y: Int) throws(ImageError) -> UnsafeBufferPointer<UInt8> {
                while nextRow <= y {
                    if nextRow % 64 == 0, cancellation?.isCancelled == true { throw .unavailable(detail: "cancelled") }
                    guard Int(imagekit_png_read_row(reader, read.baseAddress, &message, message.count)) == IMAGEKIT_PNG_OK else {
                        throw .broken(detail: text(message))
                    }
                    nextRow += 1
                }
                guard channels == 4 else { return UnsafeBufferPointer(read) }
                composite(UnsafeBufferPointer(read), into: composited, over: background)
                return UnsafeBufferPointer(composited)
            }
            do throws(ImageError) {
                if target == source {
                    var pixels = [UInt8](repeating: 0, count: source.width * source.height * 3)
                    let rowLength = source.width * 3
                    for y in 0..<source.height {
                        let decoded = try row(y)
                        pixels.withUnsafeMutableBufferPointer { target in
                            _ = UnsafeMutableBufferPointer(rebasing: target[y * rowLength..<(y + 1) * rowLength]).initialize(from: decoded)
                        }
                    }
                    return .success(RGBImage(width: source.width, height: source.height, pixels: pixels))
                }
                return .success(try RGBImage.areaAveraged(width: source.width, height: source.height,
                                                          toWidth: target.width, height: target.height, row: row))
            } catch {
                return .failure(error)
            }
        }
    }

    /// A PNG through libpng's simplified API (which reports errors in `message` and needs no setjmp),
    /// for interlaced files, and the measure the row reader's pixels are tested against.
    static func decodeWholePNG(_ data: Data, background: RGBPixel, limits: Limits) throws(ImageError) -> RGBImage {
        // libpng keeps reading from `bytes` until finish_read, so both calls stay inside this closure.
        let result: Result<RGBImage, ImageError> = data.withUnsafeBytes { bytes in
            var image = png_image()
            image.version = UInt32(PNG_IMAGE_VERSION)
            guard png_image_begin_read_from_memory(&image, bytes.baseAddress, bytes.count) != 0 else {
                return .failure(.broken(detail: pngMessage(image)))
            }
            let width = Int(image.width), height = Int(image.height)
            guard width > 0, height > 0 else {
                png_image_free(&image)
                return .failure(.broken(detail: "empty image"))
            }
            guard limits.allows(width: width, height: height) else {
                png_image_free(&image)
                return .failure(.tooLarge(width: width, height: height))
            }
            // A file without transparency is read straight into RGB: no alpha to composite, a quarter
            // fewer bytes. One with it is read as RGBA (COLOR | ALPHA: PNG_FORMAT_RGBA is a compound
            // macro Swift does not import) and composited here, in 8-bit sRGB as it always was.
            let hasAlpha = image.format & UInt32(PNG_FORMAT_FLAG_ALPHA) != 0
            image.format = UInt32(PNG_FORMAT_FLAG_COLOR | (hasAlpha ? PNG_FORMAT_FLAG_ALPHA : 0))
            let channels = hasAlpha ? 4 : 3
            var pixels = [UInt8](repeating: 0, count: width * height * channels)
            let finished = pixels.withUnsafeMutableBytes { target in
                png_image_finish_read(&image, nil, target.baseAddress, Int32(width * channels), nil)
            }
            // finish_read releases libpng's state itself, whether it succeeded or not.
            guard finished != 0 else { return .failure(.broken(detail: pngMessage(image))) }
            guard hasAlpha else { return .success(RGBImage(width: width, height: height, pixels: pixels)) }
            return .success(composite(pixels, width: width, height: height, over: background))
        }
        return try result.get()
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func pngMessage(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// Blends straight (non-premultiplied) RGBA over an opaque background: out = c·a + bg·(1 − a).
    static func composite(_ rgba: [UInt8], width: Int, height: Int, over background: RGBPixel) -> RGBImage {
        var rgb = [UInt8](repeating: 0, count: width * height * 3)
        rgba.withUnsafeBufferPointer { source in
            rgb.withUnsafeMutableBufferPointer { composite(source, into: $0, over: background) }
        }
        return RGBImage(width: width, height: height, pixels: rgb)
    }

    /// `source`'s RGBA pixels blended over `background` into `target`'s RGB ones (as many pixels as
    /// `target` holds): a whole picture, or one row of it.
    static func composite(_ source: UnsafeBufferPointer<UInt8>, into target: UnsafeMutableBufferPointer<UInt8>, over background: RGBPixel) {
        let backdrop = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
        for pixel in 0..<(target.count / 3) {
            let from = pixel * 4, to = pixel * 3
            let alpha = UInt32(source[from + 3])
            // Opaque pixels (most of most pictures) are copied; the rest are blended.
            if alpha == 255 {
                target[to] = source[from]; target[to + 1] = source[from + 1]; target[to + 2] = source[from + 2]
                continue
            }
            let rest = 255 - alpha
            target[to] = UInt8((UInt32(source[from]) * alpha + backdrop.0 * rest + 127) / 255)
            target[to + 1] = UInt8((UInt32(source[from + 1]) * alpha + backdrop.1 * rest + 127) / 255)
            target[to + 2] = UInt8((UInt32(source[from + 2]) * alpha + backdrop.2 * rest + 127) / 255)
        }
    }
}

/// Stops a JPEG decode in progress from another thread: the decoder polls the flag while it reads scans.
///
/// `@unchecked Sendable`: its only state is a heap integer that is written and read solely through
/// atomic operations (`imagekit_flag_set` here, `__atomic_load_n` in the decoder), and it lives as long as this object.
public final class DecodeCancellation: @unchecked Sendable {
    let flag: UnsafeMutablePointer<Int32>

    public init() {
        flag = .allocate(capacity: 1)
        flag.initialize(to: 0)
    }

    deinit { flag.deallocate() }

    /// Asks the decode to stop; it ends with `.unavailable("cancelled")` at its next check.
    public func cancel() { imagekit_flag_set(flag) }

    public var isCancelled: Bool { imagekit_flag_get(flag) != 0 }
}
