import TerminalKit
import TerminalUI

/// Runs a screen without a terminal (`--plain`): waits until loading settles, applies each
/// scripted key (waiting again after each), and returns the final screen as text.
@MainActor
public final class HeadlessHost {
    public let controller = NavigationController()
    private let size: Size

    public init(size: Size) {
        self.size = size
    }

    /// Shows `root`, applies `keys` (one inner array per `--keys` token) and renders the last frame.
    /// A key that quits (q, ctrl-c) ends the walk: the frame shown at that moment is returned.
    public func run(root: any Screen, keys: [[InputEvent]]) async -> Frame {
        let context = RenderContext(size: size, colorMode: .none)
        controller.setRoot(root)
        await controller.work.waitUntilIdle()
        for token in keys {
            for event in token {
                let shown = controller.render(in: context)
                switch controller.dispatch(event, in: context) {
                case .quit, .interrupt: return shown
                case .none, .suspend: break
                }
            }
            await controller.work.waitUntilIdle()
        }
        return controller.render(in: context)
    }
}
