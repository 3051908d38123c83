import TerminalKit
import TerminalUI

/// Runs a screen without a terminal (`--plain`): waits until loading settles, applies each
/// scripted key (waiting again after each), and returns the final screen as text.
@MainActor
public final class HeadlessHost {
    public let controller = NavigationController()
    private let size: Size
    private let pictureGrace: Duration
    private let accessible: Bool

    /// - Parameter pictureGrace: how long pictures get once the content settled (``defaultPictureGrace``).
    private let pictures: PictureTier?
    private let colorMode: ColorMode

    /// - Parameter accessible: pictures in words and no box drawing (`--accessible`), as the terminal host.
    /// - Parameter pictures: the tier asked for (`--images`); without colours every tier but `text` and
    ///   `none` is the luminance ramp. Nil: the ramp, or words in the accessible mode.
    /// - Parameter colorMode: `.none` for text (`--plain`); in colour, the frame keeps its styles and
    ///   its pictures in their tier (`--svg`).
    public init(size: Size, pictureGrace: Duration = HeadlessHost.defaultPictureGrace, accessible: Bool = false, pictures: PictureTier? = nil,
                colorMode: ColorMode = .none) {
        self.size = size
        self.colorMode = colorMode
        self.pictureGrace = pictureGrace
        self.accessible = accessible
        self.pictures = pictures
    }

    /// Shows `root`, applies `keys` (one inner array per `--keys` token) and renders the last frame.
    /// A key that quits (q, ctrl-c) ends the walk: the frame shown at that moment is returned.
    public func run(root: any Screen, keys: [[InputEvent]]) async -> Frame {
        let context = RenderContext(size: size, colorMode: colorMode, pictures: pictures ?? (accessible ? .text : .halfBlocks), accessible: accessible)
        controller.setRoot(root)
        // Like the terminal host, draw at once: a screen learns its size (a split its size class) here.
        await settle(in: context)
        for token in keys {
            for event in token {
                let shown = controller.render(in: context)
                switch controller.dispatch(event, in: context) {
                case .quit, .interrupt: return displayed(shown)
                case .none, .suspend: break
                }
            }
            await settle(in: context)
        }
        return displayed(controller.render(in: context))
    }

    /// `frame` as this host shows it: without box drawing in the accessible mode.
    private func displayed(_ frame: Frame) -> Frame {
        accessible ? frame.withoutBoxDrawing() : frame
    }

    /// How long the pictures on screen get once the content has settled: local and nearby pictures
    /// are in by then, and a picture host that is slow or does not resolve never holds the text back.
    public nonisolated static let defaultPictureGrace: Duration = .seconds(3)

    /// Draws and waits for the content that started, until a frame starts none (a split's detail
    /// appears when a frame shows it, and then loads); then for the pictures, at most the picture grace.
    private func settle(in context: RenderContext) async {
        for _ in 0..<8 {
            _ = controller.render(in: context)
            if controller.work.isContentIdle { break }
            await controller.work.waitUntilContentIdle()
        }
        _ = controller.render(in: context)
        await controller.work.waitUntilIdle(timeout: pictureGrace)
    }
}
