// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TerminalKit",
    products: [
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
    ],
    targets: [
        .target(name: "TerminalKit"),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit"]),
    ],
    swiftLanguageModes: [.v6]
)
