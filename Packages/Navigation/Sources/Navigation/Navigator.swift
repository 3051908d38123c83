/// How a router leaves its module: the host implements it.
@MainActor
public protocol Navigator: AnyObject {
    /// Shows `screen` above the current one (phone-style push).
    func push(_ screen: any Screen)
    /// Removes the top screen; does nothing on the root.
    func pop()
    /// Shows `screen` modally over everything until ``dismiss()``.
    func present(_ screen: any Screen)
    /// Closes the modal screen, if any.
    func dismiss()
    /// Ends the app normally.
    func quit()
}

/// What the host gives a module builder: navigation plus the tracker for asynchronous work.
@MainActor
public protocol ScreenHost: Navigator {
    /// Every asynchronous job a presenter starts goes through this tracker, so the host can
    /// redraw when it finishes and `--plain` can wait until loading settles.
    var work: WorkTracker { get }
    /// Puts `text` (sanitized: no controls) on the terminal's clipboard; false where there is none
    /// (plain output, a test without one).
    func copyToClipboard(_ text: String) -> Bool
}
