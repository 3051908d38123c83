// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResourceDirectory",
    products: [
        .library(name: "ResourceDirectory", targets: ["ResourceDirectory"]),
        .library(name: "ResourceDirectoryTesting", targets: ["ResourceDirectoryTesting"]),
        .executable(name: "ResourceDirectoryDemo", targets: ["ResourceDirectoryDemo"]),
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
        .package(path: "../HTMLText"),
        .package(path: "../WebBrowser"),
        .package(path: "../SystemActions"),
    ],
    targets: [
        .target(
            name: "ResourceDirectory",
            dependencies: ["TextCells", "TextSearch", .product(name: "HTTPClientTexts", package: "HTTPClient"), "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit", "HTMLText", "WebBrowser", "SystemActions", "PictureUI", "FeatureKit"],
            resources: [.copy("Resources/Demo")]
        ),
        .target(name: "ResourceDirectoryTesting", dependencies: ["ResourceDirectory", .product(name: "NavigationTesting", package: "Navigation")]),
        .executableTarget(name: "ResourceDirectoryDemo", dependencies: [
            "ResourceDirectory", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "WebBrowser", "SystemActions", "FeatureKit",
        ]),
        .testTarget(
            name: "ResourceDirectoryTests",
            dependencies: [
                "TextSearch",
                "ResourceDirectory", "ResourceDirectoryTesting", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit",
                "WebBrowser", "SystemActions",
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "WebBrowserTesting", package: "WebBrowser"),
                .product(name: "SystemActionsTesting", package: "SystemActions"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
