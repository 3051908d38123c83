// swift-tools-version: 6.0
// The one matching rule of every `/` filter (case, diacritics and width folded; every word of the
// query somewhere in the text), with texts folded once per load and matches kept between keys. No UI:
// interactors and stores use it without linking the terminal's packages.
import PackageDescription

let package = Package(
    name: "TextSearch",
    products: [
        .library(name: "TextSearch", targets: ["TextSearch"]),
    ],
    targets: [
        .target(name: "TextSearch"),
        .testTarget(name: "TextSearchTests", dependencies: ["TextSearch"]),
    ],
    swiftLanguageModes: [.v6]
)
