// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTMLText",
    products: [
        .library(name: "HTMLText", targets: ["HTMLText"]),
    ],
    dependencies: [
        .package(path: "../TerminalUI"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "HTMLText", dependencies: ["TerminalUI"]),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText", "TerminalUI", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
