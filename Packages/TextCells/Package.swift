// swift-tools-version: 6.0
import PackageDescription

// Text as terminals draw it: display widths (three models, chosen per terminal), sanitizing of
// untrusted text, truncation. CLibcWidth reaches glibc's wcwidth, which Swift's Glibc module hides.
let package = Package(
    name: "TextCells",
    products: [
        .library(name: "TextCells", targets: ["TextCells"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "CLibcWidth"),
        .target(name: "TextCells", dependencies: ["CLibcWidth"]),
        .testTarget(name: "TextCellsTests", dependencies: ["TextCells", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
