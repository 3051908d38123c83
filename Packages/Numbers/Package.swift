// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Numbers",
    products: [
        .library(name: "Numbers", targets: ["Numbers"]),
        .library(name: "NumbersTesting", targets: ["NumbersTesting"]),
        .executable(name: "NumbersDemo", targets: ["NumbersDemo"]),
    ],
    dependencies: [
        .package(path: "../Navigation"),
        .package(path: "../FeatureKit"),
        .package(path: "../TextSearch"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextCells"),
        .package(path: "../HTTPClient"),
        .package(path: "../JSONKit"),
        .package(path: "../ImageKit"),
        .package(path: "../PictureUI"),
    ],
    targets: [
        .target(
            name: "Numbers",
            dependencies: ["TextCells", "TextSearch", .product(name: "HTTPClientTexts", package: "HTTPClient"), "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit", "PictureUI", "FeatureKit"],
            resources: [.copy("Resources/Demo")]
        ),
        .target(name: "NumbersTesting", dependencies: ["Numbers", .product(name: "NavigationTesting", package: "Navigation")]),
        .executableTarget(name: "NumbersDemo", dependencies: ["Numbers", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "FeatureKit"]),
        .testTarget(
            name: "NumbersTests",
            dependencies: [
                "TextSearch",
                "Numbers", "NumbersTesting", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit",
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
