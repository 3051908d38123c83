// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TerminalUI",
    products: [
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "TerminalUITesting", targets: ["TerminalUITesting"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "TerminalUI"),
        .target(name: "TerminalUITesting", dependencies: ["TerminalUI"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalUITesting", .product(name: "TestSupport", package: "TestSupport")], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
