import Foundation

/// Where a feature's pictures come from: an ``ImageRepository`` in the app, ``FakeImageLoader``
/// (ImageKitTesting) in tests. One protocol for every feature, so no feature declares its own.
public protocol ImageLoading: Sendable {
    /// The decoded picture at `url` (reduced for the terminal), or an error to show as a placeholder.
    func image(for url: URL) async throws -> RGBImage
}

extension ImageRepository: ImageLoading {}
