import FeatureKit
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import HTTPClient
import Navigation
import TerminalKit
import TerminalUI
import TextCells

/// The options of `apps-cli <feature> [options]`, as the command-line contract defines them.
public struct LaunchOptions: Equatable, Sendable {
    public var baseURL: URL?
    public var dataDirectory: URL?
    public var plain = false
    /// `--svg`: as `--plain`, but the screen printed as an SVG picture, in colour, with its pictures.
    public var svg = false
    public var size = TerminalSize(columns: 80, rows: 24)
    public var keys: [[InputEvent]] = []
    public var timeout: TimeInterval = 15
    /// `--images`: how pictures are drawn; nil for auto (`APPS_CLI_IMAGES`, else what the terminal answers).
    public var images: PictureTier?
    public var showHelp = false
    /// The options the feature declares (``FeatureOption``), by name: their values as given, checked.
    public var featureOptions: [String: String] = [:]
    /// `--mouse on|off`: mouse reporting (clicks, wheel) in the interactive session.
    public var mouse = true
    /// `--theme`: dark, light or high contrast; nil for auto (what suits the terminal's background).
    public var theme: ColorTheme.Name?
    /// `--accessible` (or `APPS_CLI_ACCESSIBLE=1`): no box drawing or block pictures, a still spinner,
    /// the terminal's cursor on the focused element.
    public var accessible = false
    /// The config's `width`: how wide the terminal draws text (TextCells' `WidthModel`); nil for auto,
    /// which asks the terminal. `--plain` and `--svg` measure grapheme clusters whatever it says.
    public var width: WidthModel.Kind?
    /// `--print-config`: print every effective setting and where it comes from, then exit.
    public var printConfig = false
    /// The options given on the command line ("--timeout"): the config file does not override them.
    public var given: Set<String> = []
    /// The config keys the config file set ("timeout").
    public var fromConfig: Set<String> = []
    /// The keys the config file remaps for this feature (`[keys]`, `[<feature>.keys]`).
    public var keyMap = KeyMap.none
    /// The config keys the environment set (`images` from `APPS_CLI_IMAGES`, `accessible` from
    /// `APPS_CLI_ACCESSIBLE`): the config file does not override them.
    public var fromEnvironment: Set<String> = []

    public init() {}

    /// The value of the feature's count option, if given (`--fail-every 3`).
    public func count(_ option: FeatureOption) -> Int? { featureOptions[option.name].flatMap { Int($0) } }
    /// The value of the feature's file option, if given (`--import in.vcf`).
    public func file(_ option: FeatureOption) -> URL? { featureOptions[option.name].map { URL(fileURLWithPath: $0) } }
}

/// What the command line asks for.
public enum Command: Equatable, Sendable {
    case overview
    case version
    /// `--completion SHELL`: a completion script on stdout.
    case completion(CompletionShell)
    /// `--man`: the manual page, as roff.
    case manual
    /// `--print-config`: the settings every feature starts with, and where each comes from.
    case printConfig
    case launch(feature: String, options: LaunchOptions)
}

/// A usage error: printed on stderr with exit status 64.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Text from the command line as it may appear in a message: control characters (escape sequences,
/// newlines) become visible `\u{…}` escapes, so an argument can neither drive the terminal nor break
/// the one-line contract of an error, and long arguments are cut.
public enum ArgumentText {
    /// How much of a name (a section, a key, a feature) a message shows: a name longer than this is a
    /// mistake or an attack, and a screenful of it would bury the message.
    public static let nameLimit = 60

    /// `text` with control characters as visible escapes, without quotes, cut after `limit` characters
    /// (none by default: a message that names a file).
    public static func plain(_ text: String, limit: Int = .max) -> String {
        escaped(text, limit: limit)
    }

    /// `text` in quotes, escaped and cut as ``plain(_:limit:)`` does (200 characters by default). Text
    /// holding an `@` loses everything up to it (``URLDisplay/redacted(text:)``): an argument or a config
    /// line a person got wrong (`--baseurl=http://me:pw@host`, `base-url: …`) may carry a password.
    public static func quoted(_ text: String, limit: Int = 200) -> String {
        "'" + escaped(URLDisplay.redacted(text: text), limit: limit) + "'"
    }

    /// A name, escaped and cut to ``nameLimit`` (and redacted as ``quoted(_:limit:)`` does), for
    /// messages that name what they refuse.
    public static func name(_ text: String) -> String {
        escaped(URLDisplay.redacted(text: text), limit: nameLimit)
    }

    /// Escapes what could drive the terminal or hide, reorder or smear the message: controls, format
    /// characters (bidi controls, zero-width ones), separators, spaces but U+0020, private-use and
    /// unassigned code points, and a combining mark with no character of its own to sit on (it would
    /// sit on the quote before it).
    private static func escaped(_ text: String, limit: Int) -> String {
        var result = ""
        var previousShown = false
        for scalar in text.unicodeScalars.prefix(limit) {
            let hidden: Bool
            switch scalar.properties.generalCategory {
            case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .unassigned, .surrogate: hidden = true
            case .spaceSeparator: hidden = scalar != " "
            case .nonspacingMark, .spacingMark, .enclosingMark: hidden = !previousShown
            default: hidden = false
            }
            if hidden { result += "\\u{\(String(scalar.value, radix: 16))}" } else { result.unicodeScalars.append(scalar) }
            previousShown = !hidden && scalar != " "
        }
        return result + (text.unicodeScalars.count > limit ? "…" : "")
    }
}

/// Parses arguments by hand (no third-party argument parser): `--name value` and `--name=value`.
public enum CommandLineParser {
    /// `features` declare the options they take beyond the common ones.
    public static func parse(_ arguments: [String], features: [CommandLineFeature] = []) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .overview }
        switch first {
        case "--help", "-h", "help": return .overview
        case "--version": return .version
        case "--man": return .manual
        case "--print-config": return .printConfig
        case "--completion":
            let shells = CompletionShell.allCases.map(\.rawValue).joined(separator: ", ")
            guard arguments.count == 2 else { throw UsageError("--completion needs one shell: \(shells); for example apps-cli --completion bash.") }
            guard let shell = CompletionShell(rawValue: arguments[1]) else {
                throw UsageError("--completion takes one of \(shells), not \(ArgumentText.quoted(arguments[1])).")
            }
            return .completion(shell)
        default: break
        }
        if first.hasPrefix("-") {
            throw UsageError("unknown option \(ArgumentText.quoted(first, limit: ArgumentText.nameLimit)). Options come after the feature: apps-cli <feature> [options]; see 'apps-cli --help'.")
        }
        let feature = ArgumentText.quoted(first, limit: ArgumentText.nameLimit)
        var options = LaunchOptions()
        var index = 1
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard index < arguments.count else { throw UsageError("\(name) needs a value; see 'apps-cli \(first) --help'.") }
                defer { index += 1 }
                return arguments[index]
            }
            /// A flag takes no value: `--plain=no` is a mistake, not a way to turn plain mode off.
            func flag() throws(UsageError) {
                if let inlineValue { throw UsageError("\(name) takes no value, not \(ArgumentText.quoted(inlineValue)); write just \(name).") }
            }
            options.given.insert(name)
            switch name {
            case "--help", "-h": try flag(); options.showHelp = true
            case "--print-config": try flag(); options.printConfig = true
            case "--mouse": options.mouse = try parseSwitch(try value(), option: "--mouse")
            case "--theme": options.theme = try parseTheme(try value(), option: "--theme")
            // A flag, or `--accessible=off` to undo the config's or the environment's `on` for one launch.
            case "--accessible":
                if let inlineValue { options.accessible = try parseSwitch(inlineValue, option: "--accessible") } else { options.accessible = true }
            case "--plain": try flag(); options.plain = true
            case "--svg": try flag(); options.svg = true
            case "--base-url": options.baseURL = try parseBaseURL(try value())
            case "--data-dir":
                let path = try value()
                guard !path.isEmpty, !path.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                    throw UsageError("--data-dir needs a directory path, not \(ArgumentText.quoted(path)).")
                }
                options.dataDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--size": options.size = try parseSize(try value())
            case "--keys":
                do { options.keys = try KeySpec.parse(try value()) } catch let error as KeySpecError {
                    // KeySpecError's message already names the option and escapes the token.
                    throw UsageError(error.message)
                } catch let error as UsageError {
                    throw error
                } catch {
                    throw UsageError("--keys: \(error)")
                }
            case "--timeout": options.timeout = try parseTimeout(try value(), option: "--timeout")
            case "--images":
                options.images = try parseImages(try value(), option: "--images")
            default:
                // An option a feature declares: for that feature only (an unknown feature is said first, later).
                guard let declared = features.lazy.flatMap(\.options).first(where: { $0.name == name }) else {
                    throw UsageError("unknown option \(ArgumentText.quoted(argument, limit: ArgumentText.nameLimit)) for \(feature); see 'apps-cli \(first) --help'.")
                }
                let owners = features.filter { $0.options.contains(declared) }.map(\.name)
                if features.contains(where: { $0.name == first }), !owners.contains(first) {
                    throw UsageError("\(name) is for \(owners.joined(separator: " and ")) only; see 'apps-cli \(first) --help'.")
                }
                options.featureOptions[name] = try checked(try value(), of: declared)
            }
        }
        return .launch(feature: first, options: options)
    }

    /// The value of a feature's option, as its kind says it may be.
    private static func checked(_ text: String, of option: FeatureOption) throws(UsageError) -> String {
        switch option.value {
        case .count(let words, _):
            guard text.count <= 9, !text.isEmpty, text.allSatisfy(\.isASCIIDigit), Int(text) != nil else {
                throw UsageError("\(option.name) needs \(words), not \(ArgumentText.quoted(text)).")
            }
        case .file:
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
                throw UsageError("\(option.name) needs a file path, not \(ArgumentText.quoted(text)).")
            }
        }
        return text
    }

    /// `auto` (nil), or a picture tier by its name.
    public static func parseImages(_ text: String, option: String) throws(UsageError) -> PictureTier? {
        let text = text.lowercased()
        if text == "auto" { return nil }
        guard let tier = PictureTier(rawValue: text) else {
            let names = (["auto"] + PictureTier.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError("\(option) takes one of \(names), not \(ArgumentText.quoted(text)).")
        }
        return tier
    }

    /// `auto` (nil), or a width model: clusters, scalars or libc.
    static func parseWidth(_ text: String, option: String) throws(UsageError) -> WidthModel.Kind? {
        let text = text.lowercased()
        if text == "auto" { return nil }
        guard let kind = WidthModel.Kind(rawValue: text) else {
            let names = (["auto"] + WidthModel.Kind.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError("\(option) takes one of \(names), not \(ArgumentText.quoted(text)).")
        }
        return kind
    }

    /// `auto` (nil), or a theme by its name.
    static func parseTheme(_ text: String, option: String) throws(UsageError) -> ColorTheme.Name? {
        let text = text.lowercased()
        if text == "auto" { return nil }
        guard let name = ColorTheme.Name(rawValue: text) else {
            let names = (["auto"] + ColorTheme.Name.allCases.map(\.rawValue)).joined(separator: ", ")
            throw UsageError("\(option) takes one of \(names), not \(ArgumentText.quoted(text)).")
        }
        return name
    }

    /// Seconds from ``minimumTimeout`` to an hour, in plain decimal notation.
    static func parseTimeout(_ text: String, option: String) throws(UsageError) -> Double {
        guard let seconds = decimal(text), seconds >= minimumTimeout, seconds <= 3600 else {
            throw UsageError("\(option) needs a decimal number of seconds from \(minimumTimeout) to 3600, such as 15 or 2.5, not \(ArgumentText.quoted(text)).")
        }
        return seconds
    }

    /// on / off (also yes / no, true / false).
    static func parseSwitch(_ text: String, option: String) throws(UsageError) -> Bool {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return true
        case "off", "no", "false", "0": return false
        default: throw UsageError("\(option) takes on or off, not \(ArgumentText.quoted(text)).")
        }
    }

    /// The shortest `--timeout`: below a tenth of a second not even loopback answers reliably.
    static let minimumTimeout = 0.1

    /// Plain decimal notation only (`15`, `2.5`, `.5`): `Double("0x10")` would read hex, `1e3` an exponent.
    static func decimal(_ text: String) -> Double? {
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard !text.isEmpty, text.count <= 12, parts.count <= 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
              parts.contains(where: { !$0.isEmpty }) else { return nil }
        return Double(text)
    }

    /// An http(s) URL with a host, an optional port (1–65535) and path, and nothing else: a query or
    /// fragment would end up in the middle of every request path. Scheme and host are lowercased.
    static func parseBaseURL(_ text: String) throws(UsageError) -> URL {
        func invalid(_ reason: String) -> UsageError {
            UsageError("--base-url needs an http(s) URL such as http://127.0.0.1:8080\(reason), not \(ArgumentText.quoted(URLDisplay.redacted(text: text))).")
        }
        guard !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F }),
              var components = URLComponents(string: text),
              let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else { throw invalid("") }
        guard let host = components.host, !host.isEmpty else { throw invalid(" (with a host name or address)") }
        let hostInLowerCase: String
        if isValidHost(host) {
            hostInLowerCase = host.lowercased()
        } else if let literal = IPv6Literal(host) {
            hostInLowerCase = literal.normalized
        } else {
            throw invalid(" (with a host name or address)")
        }
        if let port = components.port, !(1...65535).contains(port) { throw invalid(" (ports are 1–65535)") }
        guard components.query == nil, components.fragment == nil else {
            throw invalid(" (without ?query or #fragment: request paths are added to it)")
        }
        components.scheme = scheme
        // Foundation writes a zone's `%` as `%25` again (RFC 6874), which is what libcurl reads.
        components.host = hostInLowerCase
        guard let url = components.url else { throw invalid("") }
        return url
    }

    /// A bracketed IPv6 address (`[::1]`, `[fe80::1]`), perhaps with a zone id, the interface a
    /// link-local address is reached through (`[fe80::1%eth0]`, written `%25eth0` in a URL by RFC 6874;
    /// the host arrives here decoded): libcurl connects to one as to any host.
    struct IPv6Literal {
        /// The address, as `inet_pton` reads it.
        var address: String
        /// The interface's name or number, nil without one.
        var zone: String?

        /// Nil unless `host` is `[address]` or `[address%zone]` with a zone of RFC 3986's unreserved
        /// characters (interface names are letters, digits, `.`, `-` and `_`): nothing else can reach a
        /// request line through it.
        init?(_ host: String) {
            guard host.hasPrefix("["), host.hasSuffix("]") else { return nil }
            let inside = host.dropFirst().dropLast()
            let parts = inside.split(separator: "%", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 {
                guard !parts[1].isEmpty, parts[1].unicodeScalars.allSatisfy(Self.zoneCharacters.contains) else { return nil }
                zone = String(parts[1])
            }
            address = String(parts[0])
            var bytes = in6_addr()
            guard !address.isEmpty, inet_pton(AF_INET6, address, &bytes) == 1 else { return nil }
        }

        /// The host with the address in lower case; the zone as written (interface names are case-sensitive).
        var normalized: String { "[" + address.lowercased() + (zone.map { "%" + $0 } ?? "") + "]" }

        private static let zoneCharacters = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~".unicodeScalars)
    }

    /// A DNS name or IPv4 address (letters, digits, dots, hyphens).
    private static func isValidHost(_ host: String) -> Bool {
        host.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "." || $0 == "-" }
            && !host.hasPrefix(".") && !host.hasPrefix("-")
    }

    static func parseSize(_ text: String) throws(UsageError) -> TerminalSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
              let columns = Int(parts[0]), let rows = Int(parts[1]),
              (20...TerminalSize.maximum.columns).contains(columns), (5...TerminalSize.maximum.rows).contains(rows) else {
            // The largest screen drawn, as for a real terminal's size (TerminalSize.maximum).
            throw UsageError("--size needs COLSxROWS with 20–\(TerminalSize.maximum.columns) columns and 5–\(TerminalSize.maximum.rows) rows, "
                             + "e.g. 80x24, not \(ArgumentText.quoted(text)).")
        }
        return TerminalSize(columns: columns, rows: rows)
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
