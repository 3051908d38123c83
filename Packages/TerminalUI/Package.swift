// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TerminalUI",
    products: [
        .library(name: "TerminalUI", targets: ["TerminalUI"]),
        .library(name: "TerminalUITesting", targets: ["TerminalUITesting"]),
    ],
    dependencies: [
        .package(path: "../TextCells"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "TerminalUI", dependencies: ["TextCells"]),
        .target(name: "TerminalUITesting", dependencies: ["TerminalUI"]),
        .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI", "TerminalUITesting", "TextCells",
                                                            .product(name: "TestSupport", package: "TestSupport")], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
