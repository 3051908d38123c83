import TerminalKit

/// The keys a person chose for named bindings (the config file's `[keys]` and `[<feature>.keys]`,
/// as lazygit, k9s and yazi let their config remap keys): each name, the keys it now answers to.
/// A binding the map does not name keeps its own keys.
///
/// Screens keep matching their own keys. The navigation controller translates at the door: a key
/// the map gives a binding of the top screen (or of the host's) arrives as that binding's first own
/// key; a key a remapped binding gave up arrives as nothing. The screen's own bindings come first,
/// so a key a screen uses for something else (a question's `y`) keeps that meaning there. While a
/// screen takes typing, printable keys are text and are never translated. ctrl-c always quits.
public struct KeyMap: Sendable, Equatable {
    /// The keys of each remapped name.
    public var keys: [String: [Key]]

    public init(_ keys: [String: [Key]] = [:]) {
        self.keys = keys
    }

    /// No remapping: every binding keeps its keys.
    public static let none = KeyMap()

    public var isEmpty: Bool { keys.isEmpty }

    /// One thing a key can do: a binding, or a named part of one (the list's `down`).
    struct Entry {
        var name: String?
        var bound: [Key]
        var help: KeyHelp
    }

    /// `helps` as the things their keys do: a binding with parts is one entry a part.
    static func entries(_ helps: [KeyHelp]) -> [Entry] {
        helps.flatMap { help in
            help.parts.isEmpty ? [Entry(name: help.name, bound: help.boundKeys, help: help)]
                : help.parts.map { Entry(name: $0.name, bound: $0.keys, help: help) }
        }
    }

    private func keys(of entry: Entry) -> [Key] {
        entry.name.flatMap { keys[$0] } ?? entry.bound
    }

    private func isRemapped(_ entry: Entry) -> Bool {
        entry.name.map { keys[$0] != nil } ?? false
    }

    /// The keys `help`'s binding answers to under this map.
    public func keys(of help: KeyHelp) -> [Key] {
        Self.entries([help]).flatMap(keys(of:))
    }

    /// `help` as the `?` overlay, the key bar and `--help` show it under this map: the remapped keys
    /// by their names ("/ ctrl-f"), the bar's key part too.
    public func remapped(_ help: KeyHelp) -> KeyHelp {
        let entries = Self.entries([help])
        guard entries.contains(where: isRemapped) else { return help }
        var shown = help
        shown.keys = entries.flatMap(keys(of:)).map(KeyBinding.name(of:)).joined(separator: " ")
        shown.boundKeys = entries.flatMap(keys(of:))
        shown.parts = help.parts.map { KeyPart($0.name, keys[$0.name] ?? $0.keys) }
        if let bar = help.bar {
            // The bar is "<keys> <words>": its first word gives way to the new keys (of a binding with
            // parts, the first key of its first two).
            let words = bar.firstIndex(of: " ").map { String(bar[$0...]) } ?? ""
            let barKeys = shown.parts.isEmpty ? Array(shown.boundKeys.prefix(2)) : shown.parts.prefix(2).compactMap(\.keys.first)
            shown.bar = Self.barNames(barKeys) + words
        }
        return shown
    }

    public func remapped(_ helps: [KeyHelp]) -> [KeyHelp] {
        isEmpty ? helps : helps.map(remapped)
    }

    /// How a key bar names the keys of `name` ("quit", "keys"): as remapped, else `fallback`.
    public func barKeys(_ name: String, else fallback: String) -> String {
        keys[name].map { Self.barNames(Array($0.prefix(2))) } ?? fallback
    }

    /// Keys as a bar writes them: apart with a slash ("x/ctrl-c"), or a space when one is the slash key.
    static func barNames(_ keys: [Key]) -> String {
        let names = keys.map(KeyBinding.name(of:))
        return names.joined(separator: names.contains("/") ? " " : "/")
    }

    /// What reaches a screen whose keys are `screenKeys`, under the host's `globalKeys`, for `event`:
    /// the event itself, the first own key of the binding the map gave the key to, or nil for a key
    /// a remapped binding gave up. `typing`: the screen takes printable keys as text.
    public func translate(_ event: InputEvent, screenKeys: [KeyHelp], globalKeys: [KeyHelp], typing: Bool) -> InputEvent? {
        guard !isEmpty, case .key(let key) = event else { return event }
        if typing, case .character = key { return event }
        if key == .ctrl("c") { return event }
        let entries = Self.entries(screenKeys + globalKeys)
        for entry in entries where keys(of: entry).contains(key) {
            guard isRemapped(entry), let own = entry.bound.first else { return event }
            // While typing, a key never becomes a character: it would be typed as text.
            if typing, case .character = own { return event }
            return .key(own)
        }
        // A key its binding gave up, and no other binding took: nothing; while typing it keeps its
        // meaning in the field (backspace, enter, ←, ctrl-s), which the screen's help does not list.
        if typing { return event }
        return entries.contains { isRemapped($0) && $0.bound.contains(key) } ? nil : event
    }

    /// The keys two bindings of one screen would share under this map, with the remapped name that
    /// brought each: a key shared by two bindings that keep their own keys is the screen's design,
    /// not a conflict. Typing bindings are left out (printable keys are text there).
    ///
    /// `typing`: the state takes typing, as ``translate(_:screenKeys:globalKeys:typing:)`` then does:
    /// printable keys are text, so none conflicts, and a remapped binding whose own key is printable
    /// does nothing there; the others (back, open, the moves) would take a key from the field.
    public func conflicts(in helps: [KeyHelp], typing: Bool = false) -> [(key: Key, name: String, other: KeyHelp)] {
        let entries = Self.entries(helps).filter { entry in
            guard typing, isRemapped(entry), case .character? = entry.bound.first else { return true }
            return false
        }
        var found: [(key: Key, name: String, other: KeyHelp)] = []
        for (index, entry) in entries.enumerated() {
            guard let name = entry.name, let mapped = keys[name] else { continue }
            for key in mapped {
                if typing, case .character = key { continue }
                for (otherIndex, other) in entries.enumerated() where otherIndex != index && keys(of: other).contains(key) {
                    // The other by its own name: a part's (`down`), else its binding's.
                    var named = other.help
                    named.name = other.name
                    found.append((key, name, named))
                }
            }
        }
        return found
    }
}
