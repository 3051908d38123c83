import AppsCommandLine
import Foundation
import Navigation
import TerminalKit
import TerminalUI
#if canImport(Glibc)
import Glibc
#endif

/// The `apps-cli` command: parses the command line and runs a feature interactively or `--plain`.
public enum AppsCLI {
    public static let version = "0.1.0"

    /// Runs the command and returns the process exit status.
    @MainActor
    public static func run(arguments: [String], environment: [String: String]) async -> Int32 {
        let command: Command
        do {
            command = try CommandLineParser.parse(arguments, features: FeatureCatalog.commandLine)
        } catch {
            Console.printError("apps-cli: \(error.message)")
            return 64
        }
        switch command {
        case .overview:
            return Console.printOutput(overview())
        case .version:
            return Console.printOutput(BuildInfo.line)
        case .completion(let shell):
            return Console.printOutput(CompletionScript.script(for: shell, features: FeatureCatalog.commandLine))
        case .manual:
            return Console.printOutput(ManualPage.render(version: version, features: FeatureCatalog.commandLine))
        case .printConfig:
            return printConfig(LaunchOptions(), feature: nil, environment: environment)
        case .launch(let name, let options):
            guard let feature = FeatureCatalog.feature(named: name) else {
                Console.printError("apps-cli: unknown feature \(ArgumentText.quoted(name, limit: ArgumentText.nameLimit)). Features: \(FeatureCatalog.all.map(\.name).joined(separator: ", ")). See 'apps-cli --help'.")
                return 64
            }
            if options.showHelp {
                // The keys in effect: the config file's remapping (a mistake in it is said, exit 78).
                switch loadConfig(environment: environment) {
                case .success(let config): return Console.printOutput(help(for: feature, keyMap: config?.keyMap(for: name) ?? .none))
                case .failure(let error):
                    Console.printError("apps-cli: \(error.message)")
                    return 78
                }
            }
            let make = feature.make
            // A data directory that is a file is wrong for every feature, including those that only
            // cache there: said at once, before a feature half-starts without its storage.
            if let directory = options.dataDirectory, let file = Self.fileInTheWay(of: directory) {
                let where_ = file == directory.standardizedFileURL.path ? "is a file" : "is inside the file \(ArgumentText.quoted(file))"
                Console.printError("apps-cli: --data-dir \(ArgumentText.quoted(directory.path)) \(where_), not a folder; choose a folder (it is created if missing).")
                return 73
            }
            var options = options
            do throws(UsageError) {
                try applyEnvironment(to: &options, environment: environment)
            } catch {
                Console.printError("apps-cli: \(error.message)")
                return 64
            }
            if options.printConfig { return printConfig(options, feature: name, environment: environment) }
            // The config file fills in what the command line and the environment left open.
            switch loadConfig(environment: environment) {
            case .success(let config): EffectiveConfig.apply(config, to: &options, feature: name)
            case .failure(let error):
                Console.printError("apps-cli: \(error.message)")
                return 78
            }
            let launch = LaunchEnvironment(options: options, environment: environment)
            if let status = feature.command?(launch) { return status }
            do {
                let status = try await FeatureRun.run(make, texts: feature.texts, launch: launch)
                launch.endOfRun.report()
                return status
            } catch let error as LaunchError {
                Console.printError("apps-cli: \(error.message)")
                return error.status
            } catch {
                Console.printError("apps-cli: \(name) could not start: \(error)")
                return 69
            }
        }
    }

    /// `APPS_CLI_IMAGES` and `APPS_CLI_ACCESSIBLE`, where their options were not given.
    private static func applyEnvironment(to options: inout LaunchOptions, environment: [String: String]) throws(UsageError) {
        if !options.given.contains("--images"), let setting = environment["APPS_CLI_IMAGES"], !setting.isEmpty {
            options.images = try CommandLineParser.parseImages(setting, option: "APPS_CLI_IMAGES")
            options.fromEnvironment.insert("images")
        }
        // Like NO_COLOR: set and not empty means on (0, off and no mean off, as a person would mean them).
        if !options.given.contains("--accessible"), let setting = environment["APPS_CLI_ACCESSIBLE"], !setting.isEmpty {
            options.accessible = !["0", "off", "no", "false"].contains(setting.lowercased())
            options.fromEnvironment.insert("accessible")
        }
    }

    /// The config file, if there is one; a mistake in it is an error (exit 78), never skipped silently.
    private static func loadConfig(environment: [String: String]) -> Result<ConfigFile?, ConfigError> {
        let home = LaunchEnvironment(options: LaunchOptions(), environment: environment).homeDirectory
        guard let path = ConfigFile.path(environment: environment, home: home) else { return .success(nil) }
        let keys = Dictionary(uniqueKeysWithValues: FeatureCatalog.commandLine.map { ($0.name, $0.keys) })
        do throws(ConfigError) {
            return .success(try ConfigFile.load(path: path, features: FeatureCatalog.all.map(\.name), keys: keys))
        } catch {
            return .failure(error)
        }
    }

    /// `--print-config`: every setting of a launch of `feature` (nil: before any section), its value and source.
    private static func printConfig(_ given: LaunchOptions, feature: String?, environment: [String: String]) -> Int32 {
        var options = given
        // After a feature the launch has read the environment already.
        if feature == nil { try? applyEnvironment(to: &options, environment: environment) }
        let config: ConfigFile?
        switch loadConfig(environment: environment) {
        case .success(let loaded): config = loaded
        case .failure(let error):
            Console.printError("apps-cli: \(error.message)")
            return 78
        }
        EffectiveConfig.apply(config, to: &options, feature: feature)
        let launch = LaunchEnvironment(options: options, environment: environment)
        let path = ConfigFile.path(environment: environment, home: launch.homeDirectory)
        return Console.printOutput(EffectiveConfig.lines(options: options, config: config, configPath: path, feature: feature,
                                                 environment: environment, dataDirectory: (try? launch.dataDirectory)?.path))
    }

    /// The path of a file standing where `directory` or one of its ancestors should be a folder, if any.
    private static func fileInTheWay(of directory: URL) -> String? {
        var path = directory.standardizedFileURL.path
        while true {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) { return isDirectory.boolValue ? nil : path }
            let parent = (path as NSString).deletingLastPathComponent
            if parent == path || parent.isEmpty { return nil }
            path = parent
        }
    }

    static func overview(width: Int = HelpText.width()) -> String {
        HelpText.overview(version: version, features: FeatureCatalog.commandLine, width: width)
    }

    static func help(for feature: Feature, width: Int = HelpText.width(), keyMap: KeyMap = .none) -> String {
        HelpText.help(for: feature.commandLine, among: FeatureCatalog.commandLine, width: width, keyMap: keyMap)
    }
}
