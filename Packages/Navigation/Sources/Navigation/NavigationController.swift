import TerminalKit
import TerminalUI
import TextCells

/// What the host should do after an event went through the navigation controller.
public enum HostAction: Equatable, Sendable {
    case none
    /// Quit normally (q), exit status 0.
    case quit
    /// ctrl-c: quit with exit status 130, as after SIGINT.
    case interrupt
    /// ctrl-z: suspend the process and repaint on resume.
    case suspend
}

/// The keys the host takes when the screen does not (``NavigationTexts/globalBindings`` says them).
public enum HostKeys {
    /// Back: pops the screen, or dismisses the modal one.
    public static let back: [Key] = [.escape, .backspace]
    /// Shows or hides the keys overlay (not while a screen takes typing).
    public static let keys: [Key] = [.character("?")]
    /// Suspends the process, always.
    public static let suspend: [Key] = [.ctrl("z")]
    /// Quits (not while a screen takes typing).
    public static let quit: [Key] = [.character("q")]
    /// Quits with status 130, as after SIGINT, always.
    public static let interrupt: [Key] = [.ctrl("c")]
}

/// The navigation stack, modal slot and global keys shared by the interactive and the headless host.
///
/// Owns every screen on the stack; routers reach it through the weak ``Navigator`` they hold.
@MainActor
public final class NavigationController: ScreenHost {
    public let work = WorkTracker()
    public private(set) var stack: [any Screen] = []
    public private(set) var modal: (any Screen)?
    public private(set) var isShowingHelp = false
    public private(set) var quitRequested = false
    /// Global keys listed under every screen's own keys in the `?` overlay (in English).
    public nonisolated static let globalKeyHelp: [KeyHelp] = NavigationTexts.english.globalKeys
    /// The overlay's words; the composition root sets the feature's language before the first frame.
    public var texts = NavigationTexts.english
    /// The keys the person chose (the config file's `[keys]`): every key goes through it before the
    /// screen sees it, and every frame is drawn with it (key bars, the `?` overlay).
    public var keyMap = KeyMap.none
    /// Where ``copyToClipboard(_:)`` writes: the interactive host sets it (OSC 52); nil in plain output.
    public var clipboard: (@MainActor ([UInt8]) -> Void)?

    public func copyToClipboard(_ text: String) -> Bool {
        // One line of text from data: controls become stand-ins, never sequences of their own.
        guard let clipboard, let bytes = ClipboardSequence.bytes(for: Sanitizer.sanitize(text)) else { return false }
        clipboard(bytes)
        return true
    }

    public init() {}

    /// The screen that receives input and is drawn.
    public var topScreen: (any Screen)? { modal ?? stack.last }

    /// Makes `screen` the only screen on the stack.
    public func setRoot(_ screen: any Screen) {
        stack = [screen]
        modal = nil
        screen.screenDidAppear()
    }

    // MARK: Navigator

    public func push(_ screen: any Screen) {
        stack.append(screen)
        screen.screenDidAppear()
    }

    public func pop() {
        guard stack.count > 1 else { return }
        stack.removeLast()
    }

    public func present(_ screen: any Screen) {
        modal = screen
        screen.screenDidAppear()
    }

    public func dismiss() {
        modal = nil
    }

    public func quit() {
        quitRequested = true
    }

    // MARK: Events and drawing

    /// Offers `event` to the top screen, then applies the global keys it did not consume.
    public func dispatch(_ event: InputEvent, in context: RenderContext) -> HostAction {
        var context = context
        context.keyMap = keyMap
        guard let event = keyMap.translate(event, screenKeys: isShowingHelp ? [] : topScreen?.keyHelp ?? [], globalKeys: texts.globalKeys,
                                           typing: !isShowingHelp && topScreen?.capturesText == true) else {
            // A key its binding gave up: it closes the overlay, as any key does, and does nothing else.
            isShowingHelp = false
            return .none
        }
        if case .key(let key) = event, HostKeys.interrupt.contains(key) { return .interrupt }
        if case .key(let key) = event, HostKeys.suspend.contains(key) { return .suspend }
        if isShowingHelp {
            // Any key closes the overlay; q still quits.
            isShowingHelp = false
            if case .key(let key) = event, HostKeys.quit.contains(key) { return .quit }
            return .none
        }
        guard let screen = topScreen else { return .quit }
        if screen.handle(event, in: context) {
            return quitRequested ? .quit : .none
        }
        guard case .key(let key) = event else { return quitRequested ? .quit : .none }
        if HostKeys.back.contains(key) {
            if modal != nil { dismiss() } else { pop() }
        } else if HostKeys.quit.contains(key), !screen.capturesText {
            return .quit
        } else if HostKeys.keys.contains(key), !screen.capturesText {
            isShowingHelp = true
        }
        return quitRequested ? .quit : .none
    }

    /// The top screen's frame, with the key overlay on top when it is shown. A modal that is an
    /// ``OverlayScreen`` (a question) is drawn over the screen it was presented on.
    public func render(in context: RenderContext) -> Frame {
        var context = context
        context.keyMap = keyMap
        guard let screen = topScreen else { return Frame(size: context.size) }
        var frame: Frame
        if let overlay = modal as? any OverlayScreen, let below = stack.last {
            frame = below.render(in: context)
            overlay.draw(over: &frame, in: context)
        } else {
            frame = screen.render(in: context)
        }
        if isShowingHelp {
            // "esc/backspace back" only where there is somewhere to go back to (a screen's own esc is in its keys).
            let global = stack.count > 1 || modal != nil ? texts.globalKeys : texts.globalKeys.filter { $0 != texts.globalKeys.first }
            KeyHelpOverlay.draw(keyMap.remapped(screen.keyHelp + global), title: texts.keysTitle, into: &frame, colorMode: context.colorMode)
        }
        return frame
    }
}
