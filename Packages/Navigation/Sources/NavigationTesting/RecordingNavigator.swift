import Navigation
import TerminalKit
import TerminalUI

/// A ``ScreenHost`` for router and presenter tests: records every navigation call.
@MainActor
public final class RecordingNavigator: ScreenHost {
    public enum Call: Equatable {
        case push, pop, present, dismiss, quit
    }

    public let work = WorkTracker()
    public private(set) var calls: [Call] = []
    /// Screens pushed or presented, strongly held like a real host would.
    public private(set) var shownScreens: [any Screen] = []

    public init() {}

    public func push(_ screen: any Screen) {
        calls.append(.push)
        shownScreens.append(screen)
    }

    public func pop() { calls.append(.pop) }

    public func present(_ screen: any Screen) {
        calls.append(.present)
        shownScreens.append(screen)
    }

    public func dismiss() { calls.append(.dismiss) }
    public func quit() { calls.append(.quit) }

    /// What was copied, in order.
    public private(set) var copied: [String] = []
    /// Whether there is a clipboard to copy to.
    public var hasClipboard = true

    public func copyToClipboard(_ text: String) -> Bool {
        guard hasClipboard else { return false }
        copied.append(text)
        return true
    }
}

/// A screen that draws one line of text and records the events offered to it.
@MainActor
public final class StubScreen: Screen {
    public let title: String
    public var consumes: (InputEvent) -> Bool
    public private(set) var received: [InputEvent] = []
    public private(set) var appearances = 0
    public var capturesText = false
    public var keyHelp: [KeyHelp]
    /// Where its frame says the focus is (``Frame/cursor``), if anywhere.
    public var focus: Point?

    public init(title: String, keys: [KeyHelp] = [KeyHelp("x", "stub action")], consumes: @escaping (InputEvent) -> Bool = { _ in false }) {
        self.title = title
        self.keyHelp = keys
        self.consumes = consumes
    }

    public func render(in context: RenderContext) -> Frame {
        var frame = Frame(size: context.size)
        frame.put(title, at: Point(column: 0, row: 0))
        frame.cursor = focus
        return frame
    }

    public func handle(_ event: InputEvent, in context: RenderContext) -> Bool {
        received.append(event)
        return consumes(event)
    }

    public func screenDidAppear() { appearances += 1 }
}

/// A ``SplitNavigator`` for router tests: records which detail screens were shown or replaced.
@MainActor
public final class RecordingSplitNavigator: SplitNavigator {
    public enum Call: Equatable { case show, replace, remove }
    public private(set) var calls: [Call] = []
    /// The detail screens, strongly held like a real split would.
    public private(set) var details: [any Screen] = []

    public init() {}

    public func showDetail(_ screen: any Screen) {
        calls.append(.show)
        details.append(screen)
    }

    public func replaceDetail(_ screen: any Screen) {
        calls.append(.replace)
        details.append(screen)
    }

    public func removeDetail() {
        calls.append(.remove)
    }
}
