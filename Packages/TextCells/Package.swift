// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "TextCells",
    products: [
        .library(name: "TextCells", targets: ["TextCells"]),
    ],
    targets: [
        .target(name: "TextCells"),
        .testTarget(name: "TextCellsTests", dependencies: ["TextCells"]),
    ],
    swiftLanguageModes: [.v6]
)
