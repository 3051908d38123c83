import FeatureKit
import Navigation

/// What the command line knows of a feature: its command, its summary and its keys, for the
/// completions, the manual page and the config file's sections (the composition root's catalog
/// makes one from each feature's descriptor).
public struct CommandLineFeature: Sendable {
    /// The command (`apps-cli <name>`).
    public var name: String
    /// One line, in English.
    public var summary: String
    /// The same line in the language of its screens, when that is not English (its `--help`).
    public var localizedSummary: String?
    /// The keys of each screen, as the screens' `?` overlays list them.
    public var keys: [KeyHelpSection]
    /// The language of the host's words on the feature's screens (the keys every screen shares).
    public var texts: NavigationTexts
    /// The options it takes beyond the common ones, as it declares them.
    public var options: [FeatureOption]

    public init(name: String, summary: String, localizedSummary: String? = nil, keys: [KeyHelpSection], texts: NavigationTexts,
                options: [FeatureOption] = []) {
        self.name = name
        self.summary = summary
        self.localizedSummary = localizedSummary
        self.keys = keys
        self.texts = texts
        self.options = options
    }
}
