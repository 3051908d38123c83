import Foundation
import HTTPClient
import Navigation
import Storage
import TerminalKit
import TerminalUI
import TextCells

/// `$XDG_CONFIG_HOME/apps-cli/config` (else `~/.config/apps-cli/config`): settings a person would
/// otherwise type at every launch, in a small `key = value` format with a `[feature]` section per
/// feature. Written by hand, read by hand (no third-party parser):
///
/// ```
/// # every feature
/// timeout = 20
/// images = half
///
/// [contacts]
/// base-url = http://127.0.0.1:8080
/// mouse = off
/// ```
///
/// A feature's section wins over the settings before any section; the environment
/// (`APPS_CLI_IMAGES`, `APPS_CLI_ACCESSIBLE`) wins over both, and the command line over everything.
///
/// Keys are remapped in `[keys]` (every feature's screens) and `[<feature>.keys]` (one feature's,
/// winning over `[keys]`), a binding's name and its new keys apart with commas:
///
/// ```
/// [keys]
/// quit = q, ctrl-c
/// filter = /, ctrl-f
///
/// [contacts.keys]
/// favorite = s
/// ```
///
/// A key that two bindings of one screen would then share is a mistake, named with its line.
public struct ConfigFile: Equatable {
    /// One `key = value` line.
    public struct Setting: Equatable {
        var value: String
        var line: Int
    }

    /// One `name = key, key` line of a `[keys]` section.
    public struct KeySetting: Equatable {
        public var keys: [Key]
        public var line: Int
    }

    /// The keys a config file may set, in the order `--print-config` lists them.
    public static let keys = ["base-url", "timeout", "images", "mouse", "theme", "accessible", "width"]
    /// More than any config a person writes: a bigger file is a mistake (or not a config).
    public static let maximumBytes = 64 * 1024

    public var path: String
    /// The settings before any `[section]`: every feature's.
    public var everywhere: [String: Setting] = [:]
    /// Each feature's own section.
    public var sections: [String: [String: Setting]] = [:]
    /// `[keys]`: the keys of named bindings on every feature's screens.
    public var keysEverywhere: [String: KeySetting] = [:]
    /// `[<feature>.keys]`: one feature's.
    public var featureKeys: [String: [String: KeySetting]] = [:]

    /// `$XDG_CONFIG_HOME/apps-cli/config` (when it is absolute, as the XDG spec asks), else
    /// `~/.config/apps-cli/config`; nil without a home directory.
    public static func path(environment: [String: String], home: String?) -> String? {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/apps-cli/config" }
        return home.map { $0 + "/.config/apps-cli/config" }
    }

    /// The config at `path`; nil when there is none (no file is no config, not an error).
    /// `keys`: each feature's screens and their keys, which `[keys]` sections remap (see ``parse(_:path:features:keys:)``).
    public static func load(path: String, features: [String], keys: [String: [KeyHelpSection]] = [:]) throws(ConfigError) -> ConfigFile? {
        let shown = ArgumentText.plain(path)
        let data: Data
        do throws(RegularFile.Problem) {
            data = try RegularFile.read(path, maximumBytes: maximumBytes)
        } catch {
            switch error {
            case .missing: return nil
            case .notRegular(let kind): throw ConfigError("\(shown) is \(kind), not a config file.")
            case .tooLarge: throw ConfigError("\(shown) is larger than \(maximumBytes / 1024) KB: not a config file.")
            case .unreadable(let reason): throw ConfigError("\(shown) cannot be read (\(reason)).")
            }
        }
        guard let text = String(data: data, encoding: .utf8) else { throw ConfigError("\(shown) is not UTF-8 text.") }
        return try parse(text, path: path, features: features, keys: keys)
    }

    /// Reads `text`; every mistake names its line: a line that is neither a setting nor a section, an
    /// unknown section or key, a value the option would refuse, a binding no screen has, a key that
    /// is not one, a key two bindings of one screen would share.
    /// `features` are the names the file's sections may take; `keys`, each feature's screens with
    /// their keys (the host's keys, every screen's, are added).
    public static func parse(_ text: String, path: String, features: [String], keys: [String: [KeyHelpSection]] = [:]) throws(ConfigError) -> ConfigFile {
        var config = ConfigFile(path: path)
        var section: String?
        // nil: not in a keys section; .some(nil): `[keys]`; .some(feature): `[feature.keys]`.
        var keysSection: String??
        let shown = ArgumentText.plain(path)
        // "\r\n" is one Character: a file written on Windows splits at it too.
        let lines = text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        for (offset, raw) in lines.enumerated() {
            let number = offset + 1
            let line = raw.trimmingCharacters(in: blanks)
            if line.isEmpty || line.hasPrefix("#") || line.hasPrefix(";") { continue }
            if line.hasPrefix("[") {
                guard line.hasSuffix("]") else {
                    throw ConfigError("\(shown):\(number): a section is written [feature], not \(ArgumentText.quoted(line)).")
                }
                let name = line.dropFirst().dropLast().trimmingCharacters(in: blanks)
                if name == "keys" {
                    keysSection = .some(nil)
                    continue
                }
                if name.hasSuffix(".keys"), features.contains(String(name.dropLast(".keys".count))) {
                    keysSection = .some(String(name.dropLast(".keys".count)))
                    continue
                }
                guard features.contains(name) else {
                    throw ConfigError("\(shown):\(number): unknown section [\(ArgumentText.name(name))]; the sections are the features (\(features.joined(separator: ", "))), [keys] and [<feature>.keys].")
                }
                section = name
                keysSection = nil
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                throw ConfigError("\(shown):\(number): expected 'key = value' or '[feature]', not \(ArgumentText.quoted(line)).")
            }
            let key = line[..<equals].trimmingCharacters(in: blanks).lowercased()
            var value = String(line[line.index(after: equals)...])
            // A comment may follow a value after white space (`theme = light  # the office`); no value
            // a key takes holds " #" (a base URL with a fragment is refused anyway; the keys `#` and `;`
            // are written `hash` and `semicolon`, or in quotes).
            let comment = value.range(of: #"[ \t][#;]"#, options: .regularExpression)
            if let comment { value = String(value[..<comment.lowerBound]) }
            value = value.trimmingCharacters(in: blanks)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
            if let keysSection {
                let names = KeyRemapping.names(for: keysSection, keys: keys)
                guard names.contains(key) else {
                    throw ConfigError("\(shown):\(number): no screen\(keysSection.map { " of \($0)" } ?? "") has a binding named \(ArgumentText.quoted(key, limit: ArgumentText.nameLimit)); the names are \(names.sorted().joined(separator: ", ")).")
                }
                let typingOnly = KeyRemapping.typingOnlyNames(for: keysSection, keys: keys).contains(key)
                let setting = KeySetting(keys: try KeyRemapping.keys(value, at: "\(shown):\(number)", for: key, afterComment: comment != nil,
                                                                     typingOnly: typingOnly),
                                         line: number)
                if let feature = keysSection { config.featureKeys[feature, default: [:]][key] = setting } else { config.keysEverywhere[key] = setting }
                continue
            }
            guard Self.keys.contains(key) else {
                throw ConfigError("\(shown):\(number): unknown key \(ArgumentText.quoted(key, limit: ArgumentText.nameLimit)); the keys are \(Self.keys.joined(separator: ", ")).")
            }
            do throws(UsageError) {
                _ = try ConfigValue.parse(key: key, value: value, option: key)
            } catch {
                throw ConfigError("\(shown):\(number): \(error.message)")
            }
            let setting = Setting(value: value, line: number)
            if let section { config.sections[section, default: [:]][key] = setting } else { config.everywhere[key] = setting }
        }
        try KeyRemapping.checkConflicts(config, features: features, keys: keys)
        return config
    }

    /// What the format takes for white space around names, values and lines: spaces and tabs. Not
    /// every Unicode space: a no-break or zero-width space around a key must reach the key's check
    /// (and be refused, said escaped), not vanish.
    static let blanks = CharacterSet(charactersIn: " \t")

    /// The keys `feature`'s screens answer to: `[keys]`, then its own `[<feature>.keys]` over it.
    public func keyMap(for feature: String?) -> KeyMap {
        var keys = keysEverywhere.mapValues(\.keys)
        if let feature { keys.merge(featureKeys[feature, default: [:]].mapValues(\.keys)) { _, own in own } }
        return KeyMap(keys)
    }

    /// The line that set `name`'s keys for `feature`, and its section.
    public func keySetting(_ name: String, feature: String?) -> (setting: KeySetting, section: String)? {
        if let feature, let setting = featureKeys[feature]?[name] { return (setting, feature + ".keys") }
        return keysEverywhere[name].map { ($0, "keys") }
    }

    /// The setting of `key` for `feature`: its section's, else the one before any section.
    public func setting(_ key: String, feature: String?) -> (setting: Setting, section: String?)? {
        if let feature, let setting = sections[feature]?[key] { return (setting, feature) }
        return everywhere[key].map { ($0, nil) }
    }
}

/// A config file that cannot be used: said with its path and line, exit 78 (EX_CONFIG).
public struct ConfigError: Error, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// A value of a config key, checked by the same rules as its command-line option.
public enum ConfigValue {
    case baseURL(URL)
    case timeout(Double)
    /// `auto` (nil) or a tier.
    case images(PictureTier?)
    case mouse(Bool)
    /// `auto` (nil) or a theme.
    case theme(ColorTheme.Name?)
    case accessible(Bool)
    /// `auto` (nil) or a width model's kind.
    case width(WidthModel.Kind?)

    public static func parse(key: String, value: String, option: String) throws(UsageError) -> ConfigValue {
        switch key {
        case "base-url": return .baseURL(try CommandLineParser.parseBaseURL(value))
        case "timeout": return .timeout(try CommandLineParser.parseTimeout(value, option: option))
        case "images": return .images(try CommandLineParser.parseImages(value, option: option))
        case "mouse": return .mouse(try CommandLineParser.parseSwitch(value, option: option))
        case "theme": return .theme(try CommandLineParser.parseTheme(value, option: option))
        case "accessible": return .accessible(try CommandLineParser.parseSwitch(value, option: option))
        case "width": return .width(try CommandLineParser.parseWidth(value, option: option))
        default: throw UsageError("unknown key \(ArgumentText.quoted(key, limit: ArgumentText.nameLimit)).")
        }
    }
}

/// The effective settings of a launch and where each came from, for `--print-config`.
public enum EffectiveConfig {
    /// Applies `config` to `options` for `feature`: every key the command line (or the environment)
    /// did not set.
    public static func apply(_ config: ConfigFile?, to options: inout LaunchOptions, feature: String?) {
        guard let config else { return }
        for key in ConfigFile.keys where !options.given.contains("--" + key) && !options.fromEnvironment.contains(key) {
            guard let (setting, _) = config.setting(key, feature: feature),
                  let value = try? ConfigValue.parse(key: key, value: setting.value, option: key) else { continue }
            switch value {
            case .baseURL(let url): options.baseURL = url
            case .timeout(let seconds): options.timeout = seconds
            case .images(let tier): options.images = tier
            case .mouse(let on): options.mouse = on
            case .theme(let name): options.theme = name
            case .accessible(let on): options.accessible = on
            case .width(let kind): options.width = kind
            }
            options.fromConfig.insert(key)
        }
        options.keyMap = config.keyMap(for: feature)
    }

    /// Each key's value and its source: the option, the environment, the config file's line, or the default.
    public static func lines(options: LaunchOptions, config: ConfigFile?, configPath: String?, feature: String?, environment: [String: String],
                      dataDirectory: String?) -> String {
        var rows: [(String, String, String)] = []
        func source(_ key: String) -> String {
            if options.given.contains("--" + key) { return "command line (--\(key))" }
            if options.fromEnvironment.contains(key) { return "environment (APPS_CLI_\(key.uppercased()))" }
            if options.fromConfig.contains(key), let config, let (setting, section) = config.setting(key, feature: feature) {
                return "\(ArgumentText.plain(config.path)):\(setting.line)" + (section.map { " [\($0)]" } ?? "")
            }
            return "default"
        }
        rows.append(("config", configPath.map { ArgumentText.plain($0) } ?? "(no home folder)",
                     config == nil ? "not there: every value is a default or an option" : "read"))
        rows.append(("base-url", options.baseURL.map(URLDisplay.redacted) ?? "(the bundled demo data)", source("base-url")))
        rows.append(("timeout", String(format: "%g", options.timeout), source("timeout")))
        rows.append(("images", options.images?.rawValue ?? "auto", source("images")))
        rows.append(("mouse", options.mouse ? "on" : "off", source("mouse")))
        rows.append(("theme", options.theme?.rawValue ?? "auto", source("theme")))
        rows.append(("accessible", options.accessible ? "on" : "off", source("accessible")))
        // Auto is decided by the terminal's answers when the screen starts; the log says what they were.
        rows.append(("width", options.width?.rawValue ?? "auto", source("width")
                     + (options.width == nil ? ": chosen at start-up from the terminal's answers (APPS_CLI_LOG says which and why)" : "")))
        rows.append(("data-dir", dataDirectory.map { ArgumentText.plain($0) } ?? "(no home folder)", options.given.contains("--data-dir") ? "command line (--data-dir)" : "default"))
        // The remapped keys (every other key is the screens' own, listed by `apps-cli <feature> --help`).
        for (name, keys) in options.keyMap.keys.sorted(by: { $0.key < $1.key }) {
            let from = config.flatMap { config in
                config.keySetting(name, feature: feature).map { "\(ArgumentText.plain(config.path)):\($0.setting.line) [\($0.section)]" }
            } ?? "config file"
            // As the file takes them (`up`, `hash`, not `↑`, `#`): a row can be pasted back.
            rows.append(("keys." + name, keys.map(KeySpec.name(of:)).joined(separator: ", "), from))
        }
        let keyWidth = rows.map(\.0.count).max() ?? 0, valueWidth = min(48, rows.map { $0.1.count }.max() ?? 0)
        let title = "# apps-cli\(feature.map { " " + $0 } ?? ""): every setting, its value and where it comes from"
        return ([title] + rows.map { key, value, from in
            key.padding(toLength: keyWidth, withPad: " ", startingAt: 0) + "  "
                + (value.count < valueWidth ? value.padding(toLength: valueWidth, withPad: " ", startingAt: 0) : value) + "  " + from
        }).joined(separator: "\n")
    }
}
