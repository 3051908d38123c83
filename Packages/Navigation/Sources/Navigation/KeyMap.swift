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

    /// The keys `help`'s binding answers to under this map.
    public func keys(of help: KeyHelp) -> [Key] {
        help.name.flatMap { keys[$0] } ?? help.boundKeys
    }

    /// `help` as the `?` overlay, the key bar and `--help` show it under this map: the remapped keys
    /// by their names ("ctrl-f//"), the bar's key part too.
    public func remapped(_ help: KeyHelp) -> KeyHelp {
        guard let name = help.name, let mapped = keys[name] else { return help }
        var shown = help
        shown.keys = mapped.map(KeyBinding.name(of:)).joined(separator: " ")
        shown.boundKeys = mapped
        if let bar = help.bar {
            // The bar is "<keys> <words>": its first word gives way to the new keys.
            let words = bar.firstIndex(of: " ").map { String(bar[$0...]) } ?? ""
            shown.bar = Self.barKeys(shown) + words
        }
        return shown
    }

    public func remapped(_ helps: [KeyHelp]) -> [KeyHelp] {
        isEmpty ? helps : helps.map(remapped)
    }

    /// The keys of `help` as its bar shows them: the first two, apart with a slash.
    static func barKeys(_ help: KeyHelp) -> String {
        help.boundKeys.prefix(2).map(KeyBinding.name(of:)).joined(separator: "/")
    }

    /// How a key bar names the keys of `name` ("quit", "keys"): as remapped, else `fallback`.
    public func barKeys(_ name: String, else fallback: String) -> String {
        keys[name].map { $0.prefix(2).map(KeyBinding.name(of:)).joined(separator: "/") } ?? fallback
    }

    /// What reaches a screen whose keys are `screenKeys`, under the host's `globalKeys`, for `event`:
    /// the event itself, the first own key of the binding the map gave the key to, or nil for a key
    /// a remapped binding gave up. `typing`: the screen takes printable keys as text.
    public func translate(_ event: InputEvent, screenKeys: [KeyHelp], globalKeys: [KeyHelp], typing: Bool) -> InputEvent? {
        guard !isEmpty, case .key(let key) = event else { return event }
        if typing, case .character = key { return event }
        if key == .ctrl("c") { return event }
        for help in screenKeys + globalKeys where keys(of: help).contains(key) {
            guard let name = help.name, keys[name] != nil else { return event }
            return help.boundKeys.first.map { .key($0) } ?? event
        }
        // A key its binding gave up, and no other binding took: nothing.
        let givenUp = (screenKeys + globalKeys).contains { help in
            help.name.map { keys[$0] != nil } == true && help.boundKeys.contains(key)
        }
        return givenUp ? nil : event
    }

    /// The keys two bindings of one screen would share under this map, with the remapped name that
    /// brought each: a key shared by two bindings that keep their own keys is the screen's design,
    /// not a conflict. Typing bindings are left out (printable keys are text there).
    public func conflicts(in helps: [KeyHelp]) -> [(key: Key, name: String, other: KeyHelp)] {
        var found: [(key: Key, name: String, other: KeyHelp)] = []
        for (index, help) in helps.enumerated() {
            guard let name = help.name, let mapped = keys[name] else { continue }
            for key in mapped {
                for (otherIndex, other) in helps.enumerated() where otherIndex != index && keys(of: other).contains(key) {
                    found.append((key, name, other))
                }
            }
        }
        return found
    }
}
