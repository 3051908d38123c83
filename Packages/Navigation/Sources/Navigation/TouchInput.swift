import TerminalKit

/// The touch pattern every list and grid shares, after a phone's cell highlight:
/// a mouse press on a row marks it *touched*; the release on the same row activates it (select and
/// open); a release elsewhere, a drag off the row, or any key cancels the touch.
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
    }

    /// What `event` does to a touch, given the row under the pointer (`rowAtPoint`, nil between rows)
    /// and the row touched now; nil when the event is not part of a touch (a wheel, a key without a
    /// touch, a press beside the rows).
    public static func action(for event: InputEvent, rowAtPoint: Int?, touched: Int?) -> Action? {
        switch event {
        case .mouse(let mouse):
            switch mouse.kind {
            case .press(button: 0):
                return rowAtPoint.map(Action.touch) ?? (touched == nil ? nil : .cancel)
            case .release:
                guard let touched else { return nil }
                return rowAtPoint == touched ? .activate(touched) : .cancel
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
