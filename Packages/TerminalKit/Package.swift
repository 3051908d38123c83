// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TerminalKit",
    products: [
        .library(name: "TerminalKit", targets: ["TerminalKit"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        // Our own tiny C target: async-signal-safe crash teardown and a few libc calls that
        // Swift cannot express cleanly (sigaction's handler union, the variadic ioctl).
        .target(name: "CTerminalGuard"),
        .target(name: "TerminalKit", dependencies: ["CTerminalGuard"]),
        // Test support only (no product): opens pseudo-terminal pairs for the session tests.
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        .testTarget(name: "TerminalKitTests", dependencies: ["TerminalKit", "CPseudoTerminal", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
