import Foundation
import ImageKit
import Synchronization

/// Answers every URL with one small solid picture, or fails for chosen URLs, and records what was asked.
public final class FakeImageLoader: ImageLoading {
    private let failing: Set<URL>
    private let requests = Mutex<[URL]>([])

    public init(failing: Set<URL> = []) {
        self.failing = failing
    }

    /// Every URL asked for, in order.
    public var requestedURLs: [URL] { requests.withLock { $0 } }

    public func image(for url: URL) async throws -> RGBImage {
        requests.withLock { $0.append(url) }
        if failing.contains(url) { throw ImageError.unavailable(detail: "test") }
        return RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 12))
    }
}
