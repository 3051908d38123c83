// swift-tools-version: 6.0
// AppsCommandLine: apps-cli's command line, apart from the composition root that wires features:
// the options and their parser, `--help`'s texts, the config file and the effective settings, the
// shell completions and the manual page. It knows features only as CommandLineFeature values.
import PackageDescription

let package = Package(
    name: "AppsCommandLine",
    products: [
        .library(name: "AppsCommandLine", targets: ["AppsCommandLine"]),
    ],
    dependencies: [
        .package(path: "../FeatureKit"),
        .package(path: "../HTTPClient"),
        .package(path: "../Navigation"),
        .package(path: "../Storage"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextCells"),
    ],
    targets: [
        .target(name: "AppsCommandLine", dependencies: ["TextCells", "FeatureKit", "HTTPClient", "Navigation", "Storage", "TerminalKit", "TerminalUI"]),
        .testTarget(name: "AppsCommandLineTests", dependencies: ["AppsCommandLine", "FeatureKit", "HTTPClient", "Navigation", "TerminalKit", "TerminalUI", "TextCells"]),
    ],
    swiftLanguageModes: [.v6]
)
