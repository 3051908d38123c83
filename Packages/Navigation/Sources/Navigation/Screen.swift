import TerminalKit
import TerminalUI

/// The width class a screen lays itself out for, after UIKit's horizontal size class:
/// `regular` from 100 columns (a landscape tablet: master and detail side by side), `compact` below
/// (a phone: one pane at a time). Features decide master/detail from this, never from their own constants.
public enum SizeClass: Sendable, Equatable {
    case compact
    case regular

    /// The first width that is `regular`.
    public static let regularMinimumColumns = 100

    public init(columns: Int) {
        self = columns >= Self.regularMinimumColumns ? .regular : .compact
    }
}

/// What a screen needs to know to draw one frame.
public struct RenderContext: Sendable, Equatable {
    /// The size of the area the screen owns.
    public var size: Size
    /// What the terminal can show; `.none` also means "plain text output" (images as a luminance ramp).
    public var colorMode: ColorMode
    /// Advances while work is pending, so spinners animate without the screen owning a timer.
    public var tick: Int
    /// How pictures are drawn (`--images`); without colours they are the luminance ramp whatever this says.
    public var pictures: PictureTier
    /// The accessible mode (`--accessible`): pictures in words, a still spinner, no box drawing, the
    /// cursor on the focus. The hosts apply it; a screen may read it to say more in words.
    public var accessible: Bool
    /// The keys the person chose (the config file's `[keys]`): a screen's key bar shows them. The
    /// navigation controller sets it, and matches keys through it before a screen sees them.
    public var keyMap: KeyMap

    public init(size: Size, colorMode: ColorMode = .trueColor, tick: Int = 0, pictures: PictureTier = .halfBlocks, accessible: Bool = false,
                keyMap: KeyMap = .none) {
        self.size = size
        self.colorMode = colorMode
        self.tick = tick
        self.pictures = pictures
        self.accessible = accessible
        self.keyMap = keyMap
    }

    /// `regular` from 100 columns, else `compact` (see ``SizeClass``).
    public var sizeClass: SizeClass { SizeClass(columns: size.columns) }
}

/// The keys of one screen under a title, for `apps-cli <feature> --help`; each screen's `keyHelp`
/// (the `?` overlay) returns the same list, so the two can never drift apart.
public struct KeyHelpSection: Sendable, Equatable {
    public var title: String
    public var keys: [KeyHelp]
    /// The screen's states whose keys are not ``keys`` (its error view, its filter being typed):
    /// `--help` lists ``keys``, and a config file's remapping is checked against every one of ``states``.
    public var otherStates: [KeyState]

    public init(_ title: String, _ keys: [KeyHelp], otherStates: [KeyState] = []) {
        self.title = title
        self.keys = keys
        self.otherStates = otherStates
    }

    /// Every state of the screen: as `--help` shows it, then the others.
    public var states: [KeyState] { [KeyState(nil, keys)] + otherStates }

    /// A list screen with a `/` filter (``FilteredListView``, or a grid like one): its loaded keys, its
    /// error view's (`failedKeys`), and the loaded keys with the field's while the filter is typed.
    public static func filteredList(_ title: String, keys: [KeyHelp], failedKeys: [KeyHelp]) -> KeyHelpSection {
        KeyHelpSection(title, keys, otherStates: [.error(failedKeys), .typingFilter(over: keys)])
    }
}

/// The keys one state of a screen answers to (what its `keyHelp` returns then), and whether printable
/// keys are text in it: what a config file's remapping is checked against, state by state.
public struct KeyState: Sendable, Equatable {
    /// How a message says the state ("showing an error"); nil for the screen as `--help` shows it.
    public var name: String?
    public var keys: [KeyHelp]

    public init(_ name: String?, _ keys: [KeyHelp]) {
        self.name = name
        self.keys = keys
    }

    /// Whether printable keys are text here: one of its bindings takes typing (``KeyBinding/matchesTyping``),
    /// so the screen declares it with the keys it shows.
    public var takesTyping: Bool { keys.contains(where: \.matchesTyping) }

    /// The error view, with its `keys` (``ListInput/retryBinding(_:)``'s, and back where there is one).
    public static func error(_ keys: [KeyHelp]) -> KeyState { KeyState("showing an error", keys) }

    /// A `/` filter being typed over a list whose keys are `listKeys`: those still reach the screen
    /// (↑↓ move the selection while typing), and the field's keys (``SearchInput/typingBindings``) come first.
    public static func typingFilter(over listKeys: [KeyHelp]) -> KeyState {
        KeyState("while its filter is typed", SearchInput.typingBindings.help + listKeys)
    }
}

/// One line of the `?` overlay; with `bar`, also its short form in the screen's key bar.
public struct KeyHelp: Sendable, Equatable {
    public var keys: String
    public var action: String
    /// The key bar's words for this key ("↑↓ move"): the keys, a space, what they do; nil keeps it
    /// out of the bar.
    public var bar: String?
    /// The name a config file remaps it by (`[keys]`: `filter = /, ctrl-f`); nil when it cannot be.
    /// Set from its ``KeyBinding``.
    public var name: String?
    /// The keys its binding matches (set from its ``KeyBinding``; empty for words alone).
    public var boundKeys: [Key]
    /// The named parts of a binding that does several things under one line ("↑↓ jk pgup/pgdn…":
    /// up, down, page-up…), each remapped on its own.
    public var parts: [KeyPart] = []
    /// Whether its binding takes every printable character (typing into a field): a screen showing it
    /// takes typing (set from its ``KeyBinding``).
    public var matchesTyping = false

    public init(_ keys: String, _ action: String, bar: String? = nil) {
        self.keys = keys
        self.action = action
        self.bar = bar
        self.name = nil
        self.boundKeys = []
    }
}

/// One named part of a binding's keys (``KeyHelp/parts``): `down` is ↓ and j of the list's moves.
public struct KeyPart: Sendable, Equatable {
    public var name: String
    public var keys: [Key]
    public init(_ name: String, _ keys: [Key]) {
        self.name = name
        self.keys = keys
    }
}

extension Array where Element == KeyHelp {
    /// The key bar for these keys: their `bar` forms, then `? keys` and `q quit`, so the bar, the `?`
    /// overlay and `--help` come from one list.
    public var keyBar: String { keyBar(.english) }

    /// The key bar with the host's words for `?` and `q` in `texts`' language, and the keys of
    /// `keyMap` where it remaps them (the `?` and `q` too).
    public func keyBar(_ texts: NavigationTexts, _ keyMap: KeyMap = .none) -> String {
        (keyMap.remapped(self).compactMap(\.bar)
            + [keyMap.barKeys("keys", else: "?") + " " + texts.keysBar, keyMap.barKeys("quit", else: "q") + " " + texts.quitBar])
            .joined(separator: "  ")
    }
}

/// A full-screen module as the host sees it: the VIPER view of a module's top layer.
///
/// The host renders the top screen after every input event, after tracked work finishes and on
/// resize; a screen therefore never schedules its own redraws.
@MainActor
public protocol Screen: AnyObject {
    /// Draws the current view model. Must be pure: same state and context, same frame.
    func render(in context: RenderContext) -> Frame
    /// Offers an input event; returns `true` when the screen consumed it.
    /// Unconsumed events fall through to the host's global keys (esc/backspace back, q quit, ? help).
    func handle(_ event: InputEvent, in context: RenderContext) -> Bool
    /// Called once, when the screen is first shown (start loading here).
    func screenDidAppear()
    /// The keys this screen understands, for the `?` overlay and `--help`.
    var keyHelp: [KeyHelp] { get }
    /// `true` while the screen edits text, so printable keys such as `q` and `?` belong to it.
    var capturesText: Bool { get }
}

extension Screen {
    public var capturesText: Bool { false }
    public var keyHelp: [KeyHelp] { [] }
}
