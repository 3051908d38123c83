// swift-tools-version: 6.0
// FeatureKit: what the features and the composition root share about a feature as a command, and
// nothing of navigation: its descriptor (name, summary, keys by screen, options, language, how its
// first screen is built) and the runner of a feature alone (every <Name>Demo).
import PackageDescription

let package = Package(
    name: "FeatureKit",
    products: [
        .library(name: "FeatureKit", targets: ["FeatureKit"]),
    ],
    dependencies: [
        .package(path: "../Navigation"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
    ],
    targets: [
        .target(name: "FeatureKit", dependencies: ["Navigation", "TerminalKit", "TerminalUI"]),
        .testTarget(
            name: "FeatureKitTests",
            dependencies: ["FeatureKit", "Navigation", "TerminalUI", .product(name: "NavigationTesting", package: "Navigation")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
