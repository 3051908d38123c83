import Foundation

/// Why a `--keys` specification was rejected; `message` is meant for a usage error (exit 64).
public struct KeySpecError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offending token, as written.
    public let token: String
    /// A one-line explanation naming the token and listing what is valid.
    public let message: String
    /// Why the token is not a key ("is not a key name"), without the token.
    public var reason: String = ""

    /// The same as ``message``.
    public var description: String { message }
}

/// Parses the `--keys "K K …"` command-line contract into input events.
public enum KeySpec {
    /// Named keys, in the order the usage text lists them.
    public static let namedKeys: [(name: String, key: Key)] = [
        ("up", .up), ("down", .down), ("left", .left), ("right", .right),
        ("enter", .enter), ("esc", .escape), ("tab", .tab), ("backtab", .backtab),
        ("space", .character(" ")), ("backspace", .backspace),
        ("pgup", .pageUp), ("pgdn", .pageDown), ("home", .home), ("end", .end), ("delete", .delete),
        // A config file's line takes `#` and `;` for a comment and `,` between keys: by name, they can be bound.
        ("hash", .character("#")), ("semicolon", .character(";")), ("comma", .character(",")),
    ]

    /// Every accepted token form, for usage and error messages.
    public static let validTokensDescription =
        namedKeys.map(\.name).joined(separator: " ")
        + " ctrl-<letter> <any single character> click:COL,ROW press:COL,ROW release:COL,ROW wheelup wheeldown"

    /// Parses space-separated tokens; each token becomes one array of events (a click is a press
    /// and a release). Mouse coordinates in `click:COL,ROW` are 1-based; events are 0-based.
    public static func parse(_ spec: String) throws(KeySpecError) -> [[InputEvent]] {
        var result: [[InputEvent]] = []
        for token in spec.split(whereSeparator: \.isWhitespace) {
            result.append(try events(for: String(token)))
        }
        return result
    }

    private static func events(for token: String) throws(KeySpecError) -> [InputEvent] {
        if let named = namedKeys.first(where: { $0.name == token }) {
            return [.key(named.key)]
        }
        if token.count == 1, let character = token.first {
            guard !character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw error(token, reason: "is a control character")
            }
            return [.key(.character(character))]
        }
        switch token {
        case "wheelup":
            return [.mouse(MouseEvent(kind: .wheelUp, column: 0, row: 0))]
        case "wheeldown":
            return [.mouse(MouseEvent(kind: .wheelDown, column: 0, row: 0))]
        default:
            break
        }
        if token.hasPrefix("ctrl-") {
            return [.key(try controlKey(token))]
        }
        for prefix in ["click:", "press:", "release:"] where token.hasPrefix(prefix) {
            let (column, row) = try coordinates(token, prefix: prefix)
            let press = InputEvent.mouse(MouseEvent(kind: .press(button: 0), column: column, row: row))
            let release = InputEvent.mouse(MouseEvent(kind: .release, column: column, row: row))
            // A click is both; press and release alone show the touched state between them.
            switch prefix {
            case "press:": return [press]
            case "release:": return [release]
            default: return [press, release]
            }
        }
        throw error(token, reason: "is not a key name")
    }

    /// `ctrl-x`: the same key the decoder reports for that control byte.
    private static func controlKey(_ token: String) throws(KeySpecError) -> Key {
        let rest = token.dropFirst("ctrl-".count)
        guard rest.count == 1, let letter = rest.first, letter.isASCII, letter.isLetter,
              let lower = letter.lowercased().first
        else {
            throw error(token, reason: "needs one letter a–z after ctrl-")
        }
        switch lower {
        case "i": return .tab
        case "m", "j": return .enter
        case "h": return .backspace
        default: return .ctrl(lower)
        }
    }

    /// `PREFIX:COL,ROW` with 1-based numbers, as 0-based column and row.
    private static func coordinates(_ token: String, prefix: String) throws(KeySpecError) -> (column: Int, row: Int) {
        let coordinates = token.dropFirst(prefix.count).split(separator: ",", omittingEmptySubsequences: false)
        guard coordinates.count == 2,
              let column = Int(coordinates[0]), let row = Int(coordinates[1]),
              (1...9999).contains(column), (1...9999).contains(row)
        else {
            throw error(token, reason: "needs 1-based numbers as \(prefix)COL,ROW (e.g. \(prefix)10,3)")
        }
        return (column - 1, row - 1)
    }

    private static func error(_ token: String, reason: String) -> KeySpecError {
        KeySpecError(
            token: token,
            message: "--keys: \"\(printable(token))\" \(reason); valid keys: \(validTokensDescription)",
            reason: reason
        )
    }

    /// The keys a key binding can be given (a config file's `[keys]`): the named keys, `shift-tab`
    /// (backtab as help writes it), `ctrl-<letter>` and one visible character (``invisibleReason(_:)``); not the mouse.
    public static let bindableKeysDescription = namedKeys.map(\.name).joined(separator: " ") + " shift-tab ctrl-<letter> <one character you can see>"

    /// One key, for a key binding: as `--keys` writes it, `shift-tab`, or an arrow as help writes it
    /// (`↑`: the up key, not the character); mouse tokens are refused, and so is a character that is
    /// not a visible key (``invisibleReason(_:)``): a binding's key is shown in key bars and `--help`.
    public static func key(_ token: String) throws(KeySpecError) -> Key {
        if token == "shift-tab" { return .backtab }
        if let arrow = arrows[token] { return arrow }
        // As a terminal sends it: one scalar, composed (`e` and U+0301 arrive as `é`).
        let token = token.precomposedStringWithCanonicalMapping
        guard case .key(let key)? = try events(for: token).first, !token.contains(":"), !token.hasPrefix("wheel") else {
            throw error(token, reason: "is the mouse, not a key")
        }
        if case .character(let character) = key, let reason = invisibleReason(character) { throw error(token, reason: reason) }
        return key
    }

    /// Help's arrows (``key(_:)``).
    private static let arrows: [String: Key] = ["↑": .up, "↓": .down, "←": .left, "→": .right]

    /// Why `character` cannot be a key binding's key, nil when it can: it must be one scalar (a
    /// terminal sends a key's characters one by one, so a cluster never arrives as one key) that a
    /// person sees in a key bar and can type: not a control, a format character (bidi controls such as
    /// U+202E, zero-width ones), a combining mark without its base, white space other than the space
    /// bar, a private-use or unassigned code point.
    public static func invisibleReason(_ character: Character) -> String? {
        guard character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first else {
            return "is more than one character, and a terminal sends a key's characters one by one"
        }
        switch scalar.properties.generalCategory {
        case .control: return "is a control character"
        case .format: return "is an invisible format character (a bidi control or a zero-width one)"
        case .nonspacingMark, .spacingMark, .enclosingMark: return "is a combining mark without a character to sit on"
        case .spaceSeparator where scalar != " ", .lineSeparator, .paragraphSeparator: return "is white space (the space bar is space)"
        case .privateUse: return "is a private-use character, which no keyboard types"
        case .unassigned, .surrogate: return "is not a character Unicode has assigned"
        default: return nil
        }
    }

    /// How a key binding's `key` is written so that ``key(_:)`` reads it back: `up`, `shift-tab`,
    /// `ctrl-f`, `space`, `hash`, `q`. What `--print-config` shows, to be pasted into a config file.
    public static func name(of key: Key) -> String {
        // As help writes it (`backtab` reads back too).
        if key == .backtab { return "shift-tab" }
        if let named = namedKeys.first(where: { $0.key == key }) { return named.name }
        switch key {
        case .character(let character): return invisibleReason(character) == nil ? String(character) : printable(String(character))
        case .ctrl(let letter): return "ctrl-" + String(letter)
        // Keys no binding is given (a config file cannot name them), as help writes them.
        case .insert: return "insert"
        case .function(let number): return "f\(number)"
        default: return String(describing: key) // every other key is named above
        }
    }

    /// Escapes what ``invisibleReason(_:)`` refuses (and so every control character), so a message
    /// can neither drive the terminal it is printed to nor hide or reorder what it says.
    private static func printable(_ token: String) -> String {
        var text = ""
        for scalar in token.unicodeScalars {
            if invisibleReason(Character(scalar)) != nil, scalar != " " {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}
