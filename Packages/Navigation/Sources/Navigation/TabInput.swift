import TerminalKit
import TerminalUI

/// The input of a ``TabBar``: the next and the previous tab's keys (wrapping around), and a press on a tab.
public enum TabInput {
    /// The tab `event` chooses on `bar` drawn in `rect`; nil for another key, a press beside the tabs,
    /// or a disabled bar.
    public static func tab(for event: InputEvent, on bar: TabBar, in rect: Rect, next: [Key], previous: [Key]) -> Int? {
        guard bar.isEnabled, !bar.titles.isEmpty else { return nil }
        let count = bar.titles.count
        switch event {
        case .key(let key) where next.contains(key):
            return (bar.selected + 1) % count
        case .key(let key) where previous.contains(key):
            return (bar.selected + count - 1) % count
        case .mouse(let mouse) where mouse.kind == .press(button: 0):
            return bar.index(at: Point(column: mouse.column, row: mouse.row), in: rect)
        default:
            return nil
        }
    }
}
