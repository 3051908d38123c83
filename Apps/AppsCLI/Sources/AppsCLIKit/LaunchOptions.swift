import Foundation
import TerminalKit

/// The options of `apps-cli <feature> [options]`, as the command-line contract defines them.
public struct LaunchOptions: Equatable, Sendable {
    public var baseURL: URL?
    public var dataDirectory: URL?
    public var plain = false
    public var size = TerminalSize(columns: 80, rows: 24)
    public var keys: [[InputEvent]] = []
    public var timeout: TimeInterval = 15
    public var failEvery: Int?
    public var showHelp = false

    public init() {}
}

/// What the command line asks for.
public enum Command: Equatable, Sendable {
    case overview
    case version
    case launch(feature: String, options: LaunchOptions)
}

/// A usage error: printed on stderr with exit status 64.
public struct UsageError: Error, Equatable, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
}

/// Parses arguments by hand (no third-party argument parser): `--name value` and `--name=value`.
public enum CommandLineParser {
    public static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let first = arguments.first else { return .overview }
        switch first {
        case "--help", "-h", "help": return .overview
        case "--version": return .version
        default: break
        }
        if first.hasPrefix("-") {
            throw UsageError("unknown option '\(first)'. Options come after the feature: apps-cli <feature> [options]; see 'apps-cli --help'.")
        }
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
            switch name {
            case "--help", "-h": options.showHelp = true
            case "--plain": options.plain = true
            case "--base-url": options.baseURL = try parseBaseURL(try value())
            case "--data-dir":
                let path = try value()
                guard !path.isEmpty else { throw UsageError("--data-dir needs a directory path.") }
                options.dataDirectory = URL(fileURLWithPath: path, isDirectory: true)
            case "--size": options.size = try parseSize(try value())
            case "--keys":
                do { options.keys = try KeySpec.parse(try value()) } catch let error as KeySpecError {
                    throw UsageError("--keys: \(error.message)")
                } catch let error as UsageError {
                    throw error
                } catch {
                    throw UsageError("--keys: \(error)")
                }
            case "--timeout":
                let text = try value()
                guard let seconds = Double(text), seconds > 0, seconds <= 3600 else {
                    throw UsageError("--timeout needs a number of seconds between 0 and 3600, not '\(text)'.")
                }
                options.timeout = seconds
            case "--fail-every":
                let text = try value()
                guard let count = Int(text), count >= 0 else {
                    throw UsageError("--fail-every needs a whole number ≥ 0 (0 = never), not '\(text)'.")
                }
                options.failEvery = count
            default:
                throw UsageError("unknown option '\(argument)' for \(first); see 'apps-cli \(first) --help'.")
            }
        }
        return .launch(feature: first, options: options)
    }

    static func parseBaseURL(_ text: String) throws(UsageError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              url.host?.isEmpty == false else {
            throw UsageError("--base-url needs an http(s) URL such as http://127.0.0.1:8080, not '\(text)'.")
        }
        return url
    }

    static func parseSize(_ text: String) throws(UsageError) -> TerminalSize {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (20...1000).contains(columns), (5...500).contains(rows) else {
            throw UsageError("--size needs COLSxROWS with 20–1000 columns and 5–500 rows, e.g. 80x24, not '\(text)'.")
        }
        return TerminalSize(columns: columns, rows: rows)
    }
}
