import TerminalKit
import TerminalUI

/// Two screens side by side (master | detail), as an iPad split view would show them.
///
/// Keys go to the focused pane; `tab` moves focus unless the focused pane consumes it.
/// Mouse events go to the pane under the pointer (which also takes focus), translated
/// into that pane's own coordinates. Below ``minimumColumns`` only the focused pane is shown,
/// the way a split view collapses on a phone.
@MainActor
public final class SplitScreen: Screen {
    public enum Pane: Sendable, Equatable { case master, detail }

    public let master: any Screen
    public private(set) var detail: any Screen
    public private(set) var focus: Pane = .master
    /// Fraction of the width given to the master pane, in percent.
    public let masterPercent: Int
    /// Narrower than this, the split collapses to the focused pane.
    public let minimumColumns: Int

    public init(master: any Screen, detail: any Screen, masterPercent: Int = 40, minimumColumns: Int = 80) {
        self.master = master
        self.detail = detail
        self.masterPercent = min(max(masterPercent, 10), 90)
        self.minimumColumns = minimumColumns
    }

    /// Replaces the detail pane (a master selection changed) and focuses it.
    public func showDetail(_ screen: any Screen) {
        detail = screen
        focus = .detail
        screen.screenDidAppear()
    }

    public func screenDidAppear() {
        master.screenDidAppear()
        detail.screenDidAppear()
    }

    public var keyHelp: [KeyHelp] {
        [KeyHelp("tab", "switch pane")] + focused.keyHelp
    }

    public var capturesText: Bool { focused.capturesText }

    private var focused: any Screen { focus == .master ? master : detail }

    private func panes(for size: Size) -> (master: Rect, divider: Rect, detail: Rect)? {
        guard size.columns >= minimumColumns else { return nil }
        let layout = SplitView.layout(Rect(column: 0, row: 0, columns: size.columns, rows: size.rows),
                                      leadingColumns: size.columns * masterPercent / 100)
        return (layout.leading, layout.divider, layout.trailing)
    }

    public func render(in context: RenderContext) -> Frame {
        guard let panes = panes(for: context.size) else { return focused.render(in: context) }
        var frame = Frame(size: context.size)
        frame.draw(master.render(in: context.resized(panes.master)), at: Point(column: panes.master.column, row: 0))
        SplitView.drawDivider(into: &frame, rect: panes.divider, style: Style(bold: true))
        frame.draw(detail.render(in: context.resized(panes.detail)), at: Point(column: panes.detail.column, row: 0))
        return frame
    }

    public func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        guard let panes = panes(for: context.size) else {
            return focused.handle(event, in: context) || switchFocus(on: event)
        }
        if case .mouse(var mouse) = event {
            let target: Pane = mouse.column < panes.divider.column ? .master : .detail
            let rect = target == .master ? panes.master : panes.detail
            guard mouse.column != panes.divider.column else { return false }
            focus = target
            mouse.column -= rect.column
            return focused.handle(.mouse(mouse), in: context.resized(rect))
        }
        let rect = focus == .master ? panes.master : panes.detail
        return focused.handle(event, in: context.resized(rect)) || switchFocus(on: event)
    }

    private func switchFocus(on event: InputEvent) -> Bool {
        guard event == .key(.tab) || event == .key(.backtab) else { return false }
        focus = focus == .master ? .detail : .master
        return true
    }
}

extension RenderContext {
    /// The same context for a sub-area of `rect`'s size.
    func resized(_ rect: Rect) -> RenderContext {
        RenderContext(size: Size(columns: rect.columns, rows: rect.rows), colorMode: colorMode, tick: tick)
    }
}
