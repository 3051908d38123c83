/// Why an image cannot be shown. `reason` is short enough to stand in for the image on screen.
public enum ImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The data is neither JPEG nor PNG (checked by its first bytes).
    case unsupportedFormat
    /// The data claims to be an image but cannot be decoded (corrupt or truncated); `detail` is the decoder's message.
    case broken(detail: String)
    /// The image is larger than the decoder's limits allow.
    case tooLarge(width: Int, height: Int)
    /// The image could not be obtained (network or file error); `detail` describes the underlying error.
    case unavailable(detail: String)

    /// A short, user-facing reason: "not an image", "broken image", "too large" or "image unavailable".
    public var reason: String {
        switch self {
        case .unsupportedFormat: "not an image"
        case .broken: "broken image"
        case .tooLarge: "too large"
        case .unavailable: "image unavailable"
        }
    }

    public var description: String {
        switch self {
        case .unsupportedFormat: reason
        case .broken(let detail), .unavailable(let detail): detail.isEmpty ? reason : "\(reason): \(detail)"
        case .tooLarge(let width, let height): "\(reason): \(width)x\(height) pixels"
        }
    }
}
