// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTMLText",
    products: [
        .library(name: "HTMLText", targets: ["HTMLText"]),
    ],
    dependencies: [
        .package(path: "../TextCells"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "HTMLText", dependencies: ["TextCells"]),
        .testTarget(name: "HTMLTextTests", dependencies: ["HTMLText", "TextCells", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
