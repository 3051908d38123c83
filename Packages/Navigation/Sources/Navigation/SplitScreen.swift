import TerminalKit
import TerminalUI

/// How a master's router shows a detail, after `UISplitViewController`: it never needs to know
/// whether the terminal is wide or narrow.
@MainActor
public protocol SplitNavigator: AnyObject {
    /// The user opened `screen` (enter or a click on a row): in regular width it fills the detail
    /// pane; in compact width it is pushed full screen, and esc returns to the master.
    func showDetail(_ screen: any Screen)
    /// The selection changed to `screen`'s item: in regular width it fills the detail pane at once;
    /// in compact width it waits, off screen, until the master is left (or the terminal widens).
    func replaceDetail(_ screen: any Screen)
    /// There is nothing to show any more (the list became empty): the detail pane shows its
    /// placeholder again, and a pushed detail returns to the master.
    func removeDetail()
}

/// Master and detail as one screen that collapses and expands with the terminal's width, the way a
/// split view does between an iPad in landscape and a phone.
///
/// - **Regular** (≥ 100 columns): master | divider | detail. Keys go to the focused pane (`tab`
///   switches, a click focuses the pane under the pointer); the other pane is dimmed, the divider's
///   top points at the focused one, and one key bar lists the focused pane's keys.
/// - **Compact** (< 100): one pane. The master, or the detail after ``showDetail(_:)``; `esc` (or
///   backspace) that the detail does not use returns to the master, with its selection as it was.
/// - **Resizing is rotation:** the master instance, and with it its selection, is kept. Compact with
///   a detail pushed → regular shows both; regular → compact shows the detail only if the user
///   opened it (``showDetail(_:)``). A detail that merely follows the selection (the first item
///   selected by default, arrows) collapses onto the master, with the selection kept, as a split
///   view collapses onto its primary when the secondary was never chosen.
@MainActor
public final class SplitScreen: Screen, SplitNavigator {
    public enum Pane: Sendable, Equatable { case master, detail }

    public let master: any Screen
    public private(set) var detail: (any Screen)?
    public private(set) var focus: Pane = .master
    /// In compact width, whether the detail takes the screen (pushed) instead of the master.
    public private(set) var isDetailPushed = false
    /// Fraction of the width given to the master pane, in percent.
    public let masterPercent: Int
    /// The size class of the last frame or event: it decides what a replaced detail means.
    private var sizeClass: SizeClass?
    private let placeholder: String
    /// Set once the host showed the split; details appear only after that.
    private var hasAppeared = false
    /// The pane that received the last mouse press, until its release.
    private var pointerOwner: Pane?
    /// The detail that has been told it appeared: each detail appears once, and only when it is on
    /// screen (a selection moving in compact width loads nothing until the detail is opened or the
    /// terminal widens).
    private weak var appearedDetail: (any Screen)?

    /// - Parameters:
    ///   - detail: the first detail, if any (shown in regular width; compact width shows the master).
    ///   - placeholder: the text of an empty detail pane.
    public init(master: any Screen, detail: (any Screen)? = nil, masterPercent: Int = 40, placeholder: String = "Nothing selected") {
        self.master = master
        self.detail = detail
        self.masterPercent = min(max(masterPercent, 10), 90)
        self.placeholder = placeholder
    }

    // MARK: SplitNavigator

    public func showDetail(_ screen: any Screen) {
        isDetailPushed = true
        setDetail(screen)
        // Regular width keeps the keys with the master (arrows keep choosing); compact gives them to the detail.
        focus = sizeClass == .regular ? focus : .detail
    }

    public func replaceDetail(_ screen: any Screen) {
        setDetail(screen)
        // Following the selection is not opening: narrowing shows the master, not this detail. In
        // compact width a pushed detail owns the keys, so only a reload could get here; keep what is shown.
        if sizeClass == .regular { isDetailPushed = false }
    }

    public func removeDetail() {
        detail = nil
        isDetailPushed = false
        focus = .master
        pointerOwner = nil
    }

    private func setDetail(_ screen: any Screen) {
        detail = screen
        appearDetailIfShown()
    }

    /// Whether the detail is on screen in the current size class (unknown before the first frame: not yet).
    private var isDetailShown: Bool {
        guard detail != nil, let sizeClass else { return false }
        return sizeClass == .regular || isDetailPushed
    }

    private func appearDetailIfShown() {
        guard hasAppeared, isDetailShown, let detail, appearedDetail !== detail else { return }
        appearedDetail = detail
        detail.screenDidAppear()
    }

    // MARK: Screen

    public func screenDidAppear() {
        hasAppeared = true
        master.screenDidAppear()
        appearDetailIfShown()
    }

    /// The split's own key in regular width, when neither pane takes it: it is listed before the
    /// focused pane's keys (and in `--help`). esc in the detail pane goes back to the master, which
    /// is what the host's esc says.
    public nonisolated static let switchPaneBinding = KeyBinding([.tab, .backtab], KeyHelp("tab/shift-tab", "switch between the panes", bar: "tab switch pane"))
    public nonisolated static let regularWidthKeys = [switchPaneBinding.help]

    public var keyHelp: [KeyHelp] {
        (sizeClass == .regular ? Self.regularWidthKeys : []) + (focusedScreen?.keyHelp ?? master.keyHelp)
    }

    public var capturesText: Bool { focusedScreen?.capturesText ?? false }

    /// The pane shown in compact width.
    private var compactPane: Pane { isDetailPushed && detail != nil ? .detail : .master }

    private var focusedScreen: (any Screen)? {
        let pane = sizeClass == .regular ? focus : compactPane
        return pane == .master ? master : detail
    }

    /// The pane under `column`; nil on the divider.
    private func pane(at column: Int, _ panes: (master: Rect, divider: Rect, detail: Rect)) -> Pane? {
        column == panes.divider.column ? nil : column < panes.divider.column ? .master : .detail
    }

    private func panes(for size: Size) -> (master: Rect, divider: Rect, detail: Rect) {
        let layout = SplitView.layout(Rect(column: 0, row: 0, columns: size.columns, rows: size.rows),
                                      leadingColumns: size.columns * masterPercent / 100)
        return (layout.leading, layout.divider, layout.trailing)
    }

    public func render(in context: RenderContext) -> Frame {
        note(context)
        guard context.sizeClass == .regular else {
            return (compactPane == .detail ? detail : master)?.render(in: context) ?? Frame(size: context.size)
        }
        let panes = panes(for: context.size)
        var frame = Frame(size: context.size)
        frame.draw(master.render(in: context.resized(panes.master)), at: Point(column: panes.master.column, row: 0))
        // The focus is the focused pane's: the other pane's (a selected row) is not where the keys go.
        let masterFocus = frame.cursor
        frame.cursor = nil
        SplitView.drawDivider(into: &frame, rect: panes.divider, style: Style(bold: true))
        if let detail {
            frame.draw(detail.render(in: context.resized(panes.detail)), at: Point(column: panes.detail.column, row: 0))
            if focus == .master { frame.cursor = masterFocus }
            // Where the keys go must be visible: the other pane is dimmed, and the divider's top
            // points at the focused pane (also in plain text, where dimming does not show).
            let unfocused = focus == .master ? panes.detail : panes.master
            frame.restyle(Rect(column: unfocused.column, row: 0, columns: unfocused.columns, rows: max(0, unfocused.rows - 1))) { $0.dim = true }
            frame.put(focus == .master ? "◄" : "►", at: panes.divider.origin, style: Style(bold: true))
        } else {
            var empty = Frame(size: Size(columns: panes.detail.columns, rows: panes.detail.rows))
            StatusView.centered(placeholder, into: &empty, style: Style(dim: true))
            frame.draw(empty, at: Point(column: panes.detail.column, row: 0))
            frame.cursor = masterFocus
        }
        // One key bar across both panes, for the pane that gets the keys (each pane drew its own). A pane
        // that takes every key as text (a `/` filter being typed) names its typing keys instead.
        if let editing = focusedScreen as? any TextEditingScreen, editing.capturesText {
            KeyBar.draw(editing.editingKeyBar, into: &frame)
        } else {
            KeyBar.draw(keyHelp.keyBar(.english, context.keyMap), into: &frame)
        }
        return frame
    }

    public func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        note(context)
        guard context.sizeClass == .regular else {
            if compactPane == .detail, let detail {
                if detail.handle(event, in: context) { return true }
                if event == .key(.escape) || event == .key(.backspace) {
                    // Back to the master only: the split itself stays (esc once popped all of it).
                    isDetailPushed = false
                    focus = .master
                    return true
                }
                return false
            }
            return master.handle(event, in: context)
        }
        let panes = panes(for: context.size)
        if case .mouse(var mouse) = event {
            let target: Pane
            switch mouse.kind {
            case .drag, .release:
                // A press owns the pointer until its release, wherever that happens: a row touched in the
                // master and released over the detail is cancelled by the master, never left touched.
                guard let owner = pointerOwner ?? pane(at: mouse.column, panes) else { return false }
                target = owner
                if mouse.kind == .release { pointerOwner = nil }
            case .press:
                guard let pane = pane(at: mouse.column, panes) else { return false }
                target = pane
                pointerOwner = pane
            case .wheelUp, .wheelDown:
                guard let pane = pane(at: mouse.column, panes) else { return false }
                target = pane
            }
            // The empty detail pane (its placeholder) has nothing to click.
            if target == .detail, detail == nil { return false }
            let rect = target == .master ? panes.master : panes.detail
            focus = target
            mouse.column -= rect.column
            return (target == .master ? master : detail)?.handle(.mouse(mouse), in: context.resized(rect)) ?? false
        }
        let rect = focus == .master ? panes.master : panes.detail
        let target = focus == .master ? master : detail
        if target?.handle(event, in: context.resized(rect)) == true { return true }
        if Self.switchPaneBinding.matches(event), detail != nil {
            focus = focus == .master ? .detail : .master
            return true
        }
        if focus == .detail, case .key(let key) = event, HostKeys.back.contains(key) {
            focus = .master
            return true
        }
        return false
    }

    /// Keeps the size class of the latest frame or event. Leaving regular width with a detail on
    /// screen keeps that detail on screen (pushed), as a split view collapses onto its detail.
    private func note(_ context: RenderContext) {
        sizeClass = context.sizeClass
        // Widening shows a detail chosen in compact width: it appears now (rotation, not a new choice).
        appearDetailIfShown()
    }
}

extension RenderContext {
    /// The same context for a sub-area of `rect`'s size.
    func resized(_ rect: Rect) -> RenderContext {
        RenderContext(size: Size(columns: rect.columns, rows: rect.rows), colorMode: colorMode, tick: tick, pictures: pictures)
    }
}
