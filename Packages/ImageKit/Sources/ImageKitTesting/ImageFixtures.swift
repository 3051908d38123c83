import Foundation
import ImageKit

/// Named images and fetch doubles for tests in any package.
///
/// The bytes were made by `Packages/ImageKit/Tests/ImageKitTests/Fixtures/make-fixtures --base64`.
public enum ImageFixtures {
    /// A valid 2x2 RGB PNG: red, green (top row) / blue, white (bottom row).
    public static let tinyPNG = decodeBase64(
        "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR42mP4z8DAAMIM/4EAAB/uBfvxq7p3AAAAAElFTkSuQmCC"
    )

    /// A valid 2x2 baseline JPEG (quality 100, no chroma subsampling): approximately red, green / blue, white.
    public static let tinyJPEG = decodeBase64(
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEB"
        + "AQEBAQEBAQEBAQH/2wBDAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEB"
        + "AQH/wAARCAACAAIDAREAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAACv/EABsQAAIDAQEBAAAAAAAAAAAAAAQFAwYHAggJ/8QAFQEB"
        + "AQAAAAAAAAAAAAAAAAAABgf/xAAbEQACAwEBAQAAAAAAAAAAAAAEBgMFBwIIAf/aAAwDAQACEQMRAD8AWB84MIw+y/PHwZYrFjWUv7A/"
        + "8YeXHT166zuoNXLpy1w+jHNGzZocnnNZM2Rs85h55k8xRhU0pBEsk0nffSD1D58wOq9MeiaurxDIK2trd01sCurgM0TAwQAQ39gHECCE"
        + "HpYxxRBR444BxoI44YIY+IouOeOeefkfPxfHX0416esnzR0dnQslscXFsRFZjamxqY5u7hhZmZhuKoy3vmC9tzDLS5ubQwqxtLEok44m"
        + "cmeWXr//2Q=="
    )

    /// Bytes that are no image at all (decoding fails with `.unsupportedFormat`).
    public static let notAnImage = Data("this is not an image".utf8)

    /// A JPEG signature followed by junk (decoding fails with `.broken`).
    public static let brokenJPEG = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01])

    /// The decoded `tinyPNG`, exactly.
    public static let tinyImage = RGBImage(rows: [
        [RGBPixel(red: 255, green: 0, blue: 0), RGBPixel(red: 0, green: 255, blue: 0)],
        [RGBPixel(red: 0, green: 0, blue: 255), .white],
    ])

    /// What `fetch(serving:)` throws for a URL it does not know.
    public struct MissingImage: Error, Equatable, Sendable {
        public let url: URL
    }

    /// A fetch closure for `ImageRepository` that serves `images` by URL and throws `MissingImage` otherwise.
    public static func fetch(serving images: [URL: Data]) -> @Sendable (URL) async throws -> Data {
        { url in
            guard let data = images[url] else { throw MissingImage(url: url) }
            return data
        }
    }

    /// Counts the calls of a fetch closure, for tests that prove caching (no second fetch).
    public actor FetchCounter {
        public private(set) var calls: [URL] = []
        private let images: [URL: Data]

        public init(serving images: [URL: Data]) {
            self.images = images
        }

        /// The number of fetches so far.
        public var count: Int { calls.count }

        /// Serves like `ImageFixtures.fetch(serving:)` and records the URL.
        public func fetch(_ url: URL) throws -> Data {
            calls.append(url)
            guard let data = images[url] else { throw MissingImage(url: url) }
            return data
        }
    }

    // The literals above are valid base64; an empty Data would only make a test fail, never crash.
    private static func decodeBase64(_ text: String) -> Data {
        Data(base64Encoded: text) ?? Data()
    }
}

/// Named pixels for tests in any package.
extension RGBPixel {
    public static let pureRed = RGBPixel(red: 255, green: 0, blue: 0)
    public static let pureGreen = RGBPixel(red: 0, green: 255, blue: 0)
    public static let pureBlue = RGBPixel(red: 0, green: 0, blue: 255)
    public static let yellow = RGBPixel(red: 255, green: 255, blue: 0)
    public static let cyan = RGBPixel(red: 0, green: 255, blue: 255)
    public static let gray = RGBPixel(red: 128, green: 128, blue: 128)
    public static func grey(_ value: UInt8) -> RGBPixel { RGBPixel(red: value, green: value, blue: value) }
}
