import ImageKit
import TerminalUI

// Pictures already rendered for a size, kept so that a key press does not scale them again.

/// Pictures already rendered for a size, so that a key press does not scale every picture on
/// screen again (a 512-pixel picture scaled to 10 × 5 cells is most of a frame's work). A view keeps
/// one; it holds at most `capacity` small rendered frames, the least recently drawn go first.
@MainActor
public final class PictureRenderCache {
    private struct Key: Hashable {
        let image: ObjectIdentifier
        let size: Size
        let mode: ImageRenderMode
    }
    private struct Entry {
        // Held so that the identifier cannot be reused by another image while the entry lives.
        let identity: RGBImage.Identity
        let frame: Frame
        var lastUse: Int
    }
    private var entries: [Key: Entry] = [:]
    private var clock = 0
    public let capacity: Int

    public init(capacity: Int = 128) {
        self.capacity = max(1, capacity)
    }

    /// ``ImageRenderer/render(_:in:mode:)``, from the cache when this picture was drawn at this size.
    public func render(_ image: RGBImage, in cells: Size, mode: ImageRenderMode) -> Frame {
        clock += 1
        let key = Key(image: ObjectIdentifier(image.identity), size: cells, mode: mode)
        if let entry = entries[key] {
            entries[key]?.lastUse = clock
            return entry.frame
        }
        let frame = ImageRenderer.render(image, in: cells, mode: mode)
        if entries.count >= capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            entries[oldest] = nil
        }
        entries[key] = Entry(identity: image.identity, frame: frame, lastUse: clock)
        return frame
    }

    /// How many rendered pictures are kept (for tests).
    public var count: Int { entries.count }
}
