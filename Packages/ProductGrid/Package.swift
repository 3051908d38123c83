// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ProductGrid",
    products: [
        .library(name: "ProductGrid", targets: ["ProductGrid"]),
        .library(name: "ProductGridTesting", targets: ["ProductGridTesting"]),
        .executable(name: "ProductGridDemo", targets: ["ProductGridDemo"]),
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
        .package(path: "../Money"),
    ],
    targets: [
        .target(
            name: "ProductGrid",
            dependencies: ["TextCells", "TextSearch", .product(name: "HTTPClientTexts", package: "HTTPClient"), "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit", "Money", "PictureUI", "FeatureKit"],
            resources: [.copy("Resources/Demo")]
        ),
        .target(name: "ProductGridTesting", dependencies: ["ProductGrid", "ImageKit", .product(name: "NavigationTesting", package: "Navigation")]),
        .executableTarget(name: "ProductGridDemo", dependencies: ["ProductGrid", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "FeatureKit"]),
        .testTarget(
            name: "ProductGridTests",
            dependencies: [
                "TextSearch",
                "ProductGrid", "ProductGridTesting", "Navigation", "HTTPClient", "JSONKit",
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
