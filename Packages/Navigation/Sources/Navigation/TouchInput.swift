import TerminalKit

/// The touch pattern every list and grid shares, after a phone's cell highlight:
/// a mouse press on a row marks it *touched*; the release on the same row activates it (select and
/// open); a release elsewhere, a drag off the row, or any key cancels the touch. On a list scrolled
/// to its top, a release on a later row than the one pressed is the pull-to-refresh gesture (the
/// content pulled down past the top).
///
/// The presenter owns the touched row (a view model field drawn distinctly); the view asks
/// ``action(for:rowAtPoint:touched:)`` what a mouse event means and calls its presenter.
public enum TouchInput {
    public enum Action: Equatable, Sendable {
        /// Mark the row touched (mouse down on it).
        case touch(Int)
        /// Released on the touched row: select and open it.
        case activate(Int)
        /// The touch ended elsewhere: unmark it, do nothing else.
        case cancel
        /// Pressed and released further down on a list at its top: unmark it and reload.
        case pull
    }

    /// What `event` does to a touch, given the row under the pointer (`rowAtPoint`, nil between rows)
    /// and the row touched now; nil when the event is not part of a touch (a wheel, a key without a
    /// touch, a press beside the rows). `atTop`: the list shows its first row, so pulling it down reloads.
    public static func action(for event: InputEvent, rowAtPoint: Int?, touched: Int?, atTop: Bool = false) -> Action? {
        switch event {
        case .mouse(let mouse):
            switch mouse.kind {
            case .press(button: 0):
                return rowAtPoint.map(Action.touch) ?? (touched == nil ? nil : .cancel)
            case .release:
                guard let touched else { return nil }
                if rowAtPoint == touched { return .activate(touched) }
                if atTop, let rowAtPoint, rowAtPoint > touched { return .pull }
                return .cancel
            case .drag:
                guard let touched, rowAtPoint != touched else { return nil }
                return .cancel
            default:
                return nil
            }
        case .key, .paste:
            return touched == nil ? nil : .cancel
        }
    }
}
