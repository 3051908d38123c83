import TerminalKit

/// The keys every scrolling screen shares: ↑/k and ↓/j a line, pgup and pgdn/space a page,
/// home/end to either end, and the mouse wheel a line.
public enum ScrollInput {
    /// How far `event` scrolls, in lines (negative is up); nil when it is not a scroll key.
    /// `home`/`end` return a distance large enough to reach either end of any content.
    public static func delta(for event: InputEvent, page: Int) -> Int? {
        let page = max(1, page)
        switch event {
        case .key(let key) where ListInput.upKeys.contains(key): return -1
        case .key(let key) where ListInput.downKeys.contains(key): return 1
        case .key(let key) where ListInput.pageUpKeys.contains(key): return -page
        case .key(let key) where ListInput.pageDownKeys.contains(key): return page
        case .key(let key) where ListInput.firstKeys.contains(key): return -Int.max / 2
        case .key(let key) where ListInput.lastKeys.contains(key): return Int.max / 2
        case .mouse(let mouse) where mouse.kind == .wheelUp: return -1
        case .mouse(let mouse) where mouse.kind == .wheelDown: return 1
        default: return nil
        }
    }

    /// `current` moved by `delta` and kept within 0…`maximum`.
    public static func offset(_ current: Int, movedBy delta: Int, maximum: Int) -> Int {
        let maximum = max(0, maximum)
        let start = min(max(0, current), maximum)
        let (moved, overflow) = start.addingReportingOverflow(delta)
        if overflow { return delta < 0 ? 0 : maximum }
        return min(maximum, max(0, moved))
    }

    /// The scrolling keys (the list's moving keys: ``ListInput/moveKeys``), saying what they scroll.
    public static func scrollBinding(_ action: String, bar: String? = nil) -> KeyBinding {
        KeyBinding(ListInput.moveKeys, KeyHelp(ListInput.moveKeysHelp, action, bar: bar), parts: ListInput.moveParts)
    }
}
