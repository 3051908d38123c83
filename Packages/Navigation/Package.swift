// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Navigation",
    products: [
        .library(name: "Navigation", targets: ["Navigation"]),
        .library(name: "NavigationTesting", targets: ["NavigationTesting"]),
    ],
    dependencies: [
        .package(path: "../ImageKit"),
        .package(path: "../PictureUI"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextCells"),
        .package(path: "../TextSearch"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "Navigation", dependencies: ["TextCells", "PictureUI", "TerminalKit", "TerminalUI", "TextSearch"]),
        .target(name: "NavigationTesting", dependencies: ["Navigation", .product(name: "TestSupport", package: "TestSupport")]),
        .testTarget(name: "NavigationTests", dependencies: ["Navigation", "NavigationTesting", "PictureUI", "TerminalUI", "TextSearch",
                                                             .product(name: "ImageKit", package: "ImageKit")]),
    ],
    swiftLanguageModes: [.v6]
)
