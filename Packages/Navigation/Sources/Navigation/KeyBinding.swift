import TerminalKit

/// A key binding, after bubbles' `key.Binding`: the keys it matches and its words in the key bar,
/// the `?` overlay, `--help` and the man page. A screen matches its input through its bindings and
/// shows their words, so what the help says and what the keys do cannot drift apart.
public struct KeyBinding: Sendable, Equatable {
    /// The keys it matches.
    public var keys: [Key]
    /// Its words: the keys as help writes them, what they do, and the key bar's short form.
    public var help: KeyHelp
    /// Whether it also matches every printable character (typing into a field); its help then starts
    /// with "typing".
    public var matchesTyping: Bool

    /// `name`: what a config file's `[keys]` remaps it by (see ``KeyMap``); nil when it cannot be.
    /// `parts`: for a binding that does several things (the list's moves), each thing's name and keys.
    public init(_ keys: [Key], _ help: KeyHelp, matchesTyping: Bool = false, name: String? = nil, parts: [KeyPart] = []) {
        self.keys = keys
        self.help = help
        self.help.name = name
        self.help.boundKeys = keys
        self.help.parts = parts
        self.help.matchesTyping = matchesTyping
        self.matchesTyping = matchesTyping
    }

    /// The name a config file remaps it by.
    public var name: String? { help.name }

    /// Whether `event` is one of the binding's keys.
    public func matches(_ event: InputEvent) -> Bool {
        guard case .key(let key) = event else { return false }
        return matches(key)
    }

    /// Whether `key` is one of the binding's keys.
    public func matches(_ key: Key) -> Bool {
        if matchesTyping, case .character = key { return true }
        return keys.contains(key)
    }

    /// A key's name as help writes it: "↑", "k", "pgdn", "space", "enter", "ctrl-c", "f1"; a character
    /// no one could see in a key bar (a bidi override, a lone combining mark) as an escape, never raw.
    public static func name(of key: Key) -> String {
        switch key {
        case .character(" "): "space"
        case .character(let character) where KeySpec.invisibleReason(character) != nil: KeySpec.name(of: key)
        case .character(let character): String(character)
        case .enter: "enter"
        case .tab: "tab"
        case .backtab: "shift-tab"
        case .backspace: "backspace"
        case .escape: "esc"
        case .delete: "delete"
        case .insert: "insert"
        case .up: "↑"
        case .down: "↓"
        case .left: "←"
        case .right: "→"
        case .home: "home"
        case .end: "end"
        case .pageUp: "pgup"
        case .pageDown: "pgdn"
        case .ctrl(let character): "ctrl-" + String(character)
        case .function(let number): "f\(number)"
        }
    }

    /// The words of help that are not keys (the mouse).
    static let mouseWords: Set<String> = ["wheel", "click", "drag"]

    /// The keys the binding matches that its help does not name. Help writes keys apart with a space
    /// or a slash ("pgup/pgdn home"), and single-character keys may stand together ("↑↓ jk").
    public var unnamedKeys: [Key] {
        // Typing is named by the word "typing"; the keys that move and erase by their names.
        if matchesTyping, !help.keys.hasPrefix("typing") { return [.character("a")] }
        // Words apart with a space, and the parts of a longer word with slashes ("/" alone is the slash key).
        let words = help.keys.split(separator: " ").flatMap { word in
            [String(word)] + (word.count > 1 ? word.split(separator: "/").map(String.init) : [])
        }
        let names = Set(keys.map(Self.name(of:)))
        return keys.filter { key in
            let name = Self.name(of: key)
            if words.contains(name) { return false }
            // "jk": a word that is no key's name and no mouse word names each of its characters.
            guard name.count == 1 else { return true }
            return !words.contains { word in
                word.count > 1 && !names.contains(word) && !Self.mouseWords.contains(word) && !Self.longNames.contains(word)
                    && word.contains(name)
            }
        }
    }

    /// Names longer than one character, which never stand for their letters.
    static let longNames: Set<String> = ["space", "enter", "tab", "shift-tab", "backspace", "esc", "delete", "insert", "home", "end", "pgup", "pgdn"]
}

extension Array where Element == KeyBinding {
    /// The bindings' words, in order: the `?` overlay's lines and the key bar's.
    public var help: [KeyHelp] { map(\.help) }

    /// The first binding that matches `event`.
    public func first(matching event: InputEvent) -> KeyBinding? { first { $0.matches(event) } }

    /// Keys that two of these bindings share (a typing binding shares every character another binds).
    public var sharedKeys: [Key] {
        var seen: Set<Key> = [], shared: [Key] = []
        for key in flatMap(\.keys) where !seen.insert(key).inserted { shared.append(key) }
        if contains(where: \.matchesTyping) {
            shared += flatMap(\.keys).filter { if case .character = $0 { true } else { false } }
        }
        return shared
    }

    /// Whether one of these bindings matches `key`.
    public func match(_ key: Key) -> Bool { contains { $0.matches(key) } }
}

extension KeyBinding {
    /// A screen's plain keys as a table: runs the action of the first binding that matches `event`;
    /// whether one did. Each row says a binding (its keys and its help) and what it tells the presenter.
    @MainActor
    public static func perform(_ event: InputEvent, _ actions: KeyValuePairs<KeyBinding, () -> Void>) -> Bool {
        guard let action = actions.first(where: { $0.key.matches(event) })?.value else { return false }
        action()
        return true
    }
}
