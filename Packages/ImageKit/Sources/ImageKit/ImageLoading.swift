import Foundation

/// Where a feature's pictures come from: an ``ImageRepository`` in the app, ``FakeImageLoader``
/// (ImageKitTesting) in tests. One protocol for every feature, so no feature declares its own.
public protocol ImageLoading: Sendable {
    /// The decoded picture at `url` (reduced for the terminal), or an error to show as a placeholder.
    func image(for url: URL) async throws -> RGBImage
}

extension ImageRepository: ImageLoading {}

/// An interactor that hands its screen pictures: every feature's presenters load pictures through
/// its ``obtainImage(at:)``, written here once.
public protocol PictureObtaining: Sendable {
    /// Where the pictures come from (the cache, then the network).
    var images: any ImageLoading { get }
}

extension PictureObtaining {
    /// The picture at `url`, decoded and reduced for the terminal.
    public func obtainImage(at url: URL) async throws -> RGBImage { try await images.image(for: url) }
}
