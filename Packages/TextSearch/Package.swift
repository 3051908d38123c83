// swift-tools-version: 6.0
// The one matching rule of every `/` filter and of the contacts store's index (one folding; every word
// of the query starts a word of the text), with texts folded once per load and matches kept between
// keys. No UI: interactors and stores use it without linking the terminal's packages.
import PackageDescription

let package = Package(
    name: "TextSearch",
    products: [
        .library(name: "TextSearch", targets: ["TextSearch"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "TextSearch"),
        .testTarget(name: "TextSearchTests", dependencies: ["TextSearch", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
