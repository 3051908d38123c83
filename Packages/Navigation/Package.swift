// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Navigation",
    products: [
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
    ],
    dependencies: [
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextSearch"),
    ],
    targets: [
        .target(name: "Navigation", dependencies: ["TerminalKit", "TerminalUI", "TextSearch"]),
        .target(name: "NavigationTesting", dependencies: ["Navigation"]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "NavigationTesting", "TextSearch"]),
    ],
    swiftLanguageModes: [.v6]
)
