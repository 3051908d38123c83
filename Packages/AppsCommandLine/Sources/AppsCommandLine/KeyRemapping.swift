import Foundation
import Navigation
import TerminalKit

/// The config file's `[keys]` sections checked against the screens they remap: which names a
/// section may use, what a value's keys are, and the keys two bindings of one screen would share.
enum KeyRemapping {
    /// The host's keys, under every screen (their names do not depend on the language).
    static var globalKeys: [KeyHelp] { NavigationTexts.english.globalKeys }

    /// The screens `[keys]` (`feature` nil: every feature's) or `[<feature>.keys]` remaps.
    private static func screens(for feature: String?, keys: [String: [KeyHelpSection]]) -> [KeyHelpSection] {
        feature.map { keys[$0] ?? [] } ?? keys.values.flatMap { $0 }
    }

    /// The names a config file remaps `helps` by: a binding's, or each of its parts'.
    private static func names(of helps: [KeyHelp]) -> Set<String> {
        Set(helps.flatMap { help in help.parts.isEmpty ? [help.name].compactMap { $0 } : help.parts.map(\.name) })
    }

    /// The names `[keys]` (`feature` nil: any feature's, or the host's) or `[<feature>.keys]` may remap:
    /// those of every state of the screens (the error view's `retry` too) and the host's.
    static func names(for feature: String?, keys: [String: [KeyHelpSection]]) -> Set<String> {
        names(of: screens(for: feature, keys: keys).flatMap(\.states).flatMap(\.keys) + globalKeys)
    }

    /// The names of bindings found only in states that take typing (the contact form's save, the
    /// email's send): a printable key is text wherever they work, so it can never be theirs.
    static func typingOnlyNames(for feature: String?, keys: [String: [KeyHelpSection]]) -> Set<String> {
        let states = screens(for: feature, keys: keys).flatMap(\.states)
        let typed = names(of: states.filter(\.takesTyping).flatMap(\.keys))
        return typed.subtracting(names(of: states.filter { !$0.takesTyping }.flatMap(\.keys) + globalKeys))
    }

    /// `value`'s keys ("q, ctrl-c"), for the binding `name` on the line `place`; `afterComment`: the
    /// line went on with a comment, which may have taken a `#` or `;` meant as a key; `typingOnly`:
    /// the binding works only where printable keys are text (``typingOnlyNames(for:keys:)``).
    static func keys(_ value: String, at place: String, for name: String, afterComment: Bool = false, typingOnly: Bool = false) throws(ConfigError) -> [Key] {
        let commentHint = afterComment ? "; # and ; after white space begin a comment, so those keys are written hash and semicolon" : ""
        guard !value.isEmpty else {
            throw ConfigError("\(place): \(name) needs a key after = (\(name) = q, ctrl-c)\(commentHint).")
        }
        let tokens = value.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: ConfigFile.blanks) }
        guard !tokens.contains(where: \.isEmpty) else {
            let hint = commentHint.isEmpty ? "; the comma key is written comma" : commentHint
            throw ConfigError("\(place): \(name) needs its keys apart with commas (\(name) = q, ctrl-c), not \(ArgumentText.quoted(value))\(hint).")
        }
        var keys: [Key] = []
        for token in tokens {
            let key: Key
            do throws(KeySpecError) {
                key = try KeySpec.key(token)
            } catch {
                throw ConfigError("\(place): \(ArgumentText.quoted(token)) \(error.reason); keys are \(KeySpec.bindableKeysDescription).")
            }
            // ctrl-c always quits (the host takes it before any binding), so no other binding can have it.
            if key == .ctrl("c"), name != "quit" {
                throw ConfigError("\(place): ctrl-c always quits; \(name) cannot have it.")
            }
            // A binding of screens that take typing: a printable key there is text, never the binding.
            if typingOnly, case .character = key {
                throw ConfigError("\(place): \(name) is a key of a screen you type in, where \(ArgumentText.quoted(token)) is text; give it a ctrl- key or another named key.")
            }
            if !keys.contains(key) { keys.append(key) }
        }
        return keys
    }

    /// The first key two bindings of one screen would share under `config`, said with the line that
    /// remapped it: each feature's screens in each of their states (loaded, showing an error, typing),
    /// with `[keys]` and its own section applied, the host's keys under each.
    static func checkConflicts(_ config: ConfigFile, features: [String], keys: [String: [KeyHelpSection]]) throws(ConfigError) {
        guard !config.keysEverywhere.isEmpty || !config.featureKeys.isEmpty else { return }
        for feature in features {
            let map = config.keyMap(for: feature)
            for screen in keys[feature] ?? [] {
                for state in screen.states {
                    guard let conflict = map.conflicts(in: state.keys + globalKeys, typing: state.takesTyping).first,
                          let (setting, section) = config.keySetting(conflict.name, feature: feature) else { continue }
                    let key = KeyBinding.name(of: conflict.key)
                    let other = conflict.other.name ?? "“\(conflict.other.action)”"
                    throw ConfigError("\(ArgumentText.plain(config.path)):\(setting.line): [\(section)] gives \(key) to \(conflict.name), but \(key) "
                                      + "already means \(other) on the \(screen.title) screen of \(feature)\(state.name.map { " " + $0 } ?? ""); choose another key.")
                }
            }
        }
    }
}
