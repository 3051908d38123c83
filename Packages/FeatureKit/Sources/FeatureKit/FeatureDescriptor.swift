import Foundation
import Navigation
import TerminalKit
import TerminalUI

/// A command-line option one feature takes beyond the common ones, declared by the feature itself:
/// its name, what its value is, and its words for `--help`, the manual page and the completions.
/// The command line checks the value; the feature's wiring reads it (``value`` is the text given).
public struct FeatureOption: Sendable, Equatable {
    /// What the option's value is, as the command line checks it.
    public enum Value: Sendable, Equatable {
        /// A whole number ≥ 0; `words` say it in a mistake ("a whole number ≥ 0 (0 = never)"), and the
        /// completions offer `examples`.
        case count(words: String, examples: [String])
        /// A file's path.
        case file
    }

    /// `--fail-every`.
    public var name: String
    /// What `--help` shows after the name: `N`, `FILE`.
    public var placeholder: String
    public var value: Value
    /// What it does, in English, and in German for a feature whose screens speak German ("" otherwise).
    public var english: String
    public var german: String

    public init(_ name: String, _ placeholder: String, value: Value, english: String, german: String = "") {
        self.name = name
        self.placeholder = placeholder
        self.value = value
        self.english = english
        self.german = german
    }

    /// `--fail-every N`, as `--help` lists it.
    public var term: String { "\(name) \(placeholder)" }
}

/// Everything the command line knows of a feature, exported by the feature's module: its name,
/// what it is, its keys by screen, the options it accepts beyond the common ones, the language of
/// its screens and how its first screen is built from its dependencies. The composition root's
/// catalog is a list of descriptors, each with the dependencies it wires; `--help`, the `?`
/// overlay's language and `<Name>Demo` read the same descriptor.
public struct FeatureDescriptor<Dependencies>: Sendable {
    /// The command (`apps-cli <name>`).
    public var name: String
    /// One line, in English, for `apps-cli --help`.
    public var summary: String
    /// The same line in the feature's own language, for its `--help`, when that is not English.
    public var localizedSummary: String?
    /// The keys of each screen, as the screens' `?` overlays list them.
    public var keys: [KeyHelpSection]
    /// The options beyond the common ones.
    public var options: [FeatureOption]
    /// The language of the host's words on the feature's screens (the `?` overlay, `? keys  q quit`).
    public var texts: NavigationTexts
    /// Builds the feature's first screen.
    public var make: @MainActor @Sendable (Dependencies, any ScreenHost) -> any Screen

    public init(name: String, summary: String, localizedSummary: String? = nil, keys: [KeyHelpSection], options: [FeatureOption] = [],
                texts: NavigationTexts = .english, make: @escaping @MainActor @Sendable (Dependencies, any ScreenHost) -> any Screen) {
        self.name = name
        self.summary = summary
        self.localizedSummary = localizedSummary
        self.keys = keys
        self.options = options
        self.texts = texts
        self.make = make
    }
}

/// Runs one feature alone, as every `<Name>Demo` does: full screen on a terminal, or with
/// `--plain` (or when stdout is not a terminal) the first settled screen printed as text.
public enum FeatureDemo {
    /// Runs `descriptor`'s first screen on `dependencies` and exits with the host's status.
    @MainActor
    public static func run<Dependencies>(_ descriptor: FeatureDescriptor<Dependencies>, dependencies: Dependencies,
                                         plainSize: Size = Size(columns: 80, rows: 24),
                                         arguments: [String] = CommandLine.arguments,
                                         environment: [String: String] = ProcessInfo.processInfo.environment) async -> Never {
        if arguments.contains("--plain") || isatty(STDOUT_FILENO) == 0 {
            let host = HeadlessHost(size: plainSize)
            host.controller.texts = descriptor.texts
            let frame = await host.run(root: descriptor.make(dependencies, host.controller), keys: [])
            print(PlainTextEncoder.encode(frame))
            exit(0)
        }
        let host = TerminalHost(session: TerminalSession(), colorMode: ColorMode.detect(environment: environment))
        host.controller.texts = descriptor.texts
        do {
            exit(try await host.run(root: descriptor.make(dependencies, host.controller)))
        } catch {
            fail("\(descriptor.name): the terminal could not be set up: \(error)")
        }
    }

    /// Says why a demo cannot start, on stderr, and exits 74.
    public static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("\(message)\n".utf8))
        exit(74)
    }
}
