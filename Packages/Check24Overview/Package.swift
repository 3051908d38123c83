// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Check24Overview",
    products: [
        .library(name: "Check24Overview", targets: ["Check24Overview"]),
        .library(name: "Check24OverviewTesting", targets: ["Check24OverviewTesting"]),
        .executable(name: "Check24OverviewDemo", targets: ["Check24OverviewDemo"]),
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
        .package(path: "../Storage"),
        .package(path: "../WebBrowser"),
        .package(path: "../SystemActions"),
    ],
    targets: [
        .target(
            name: "Check24Overview",
            dependencies: ["TextCells", "TextSearch", .product(name: "HTTPClientTexts", package: "HTTPClient"), "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit", "Money", "Storage", "WebBrowser", "SystemActions", "PictureUI", "FeatureKit"],
            resources: [.copy("Resources/Demo")]
        ),
        .target(name: "Check24OverviewTesting", dependencies: ["Check24Overview", "HTTPClient", "ImageKit", "Storage", .product(name: "NavigationTesting", package: "Navigation")]),
        .executableTarget(
            name: "Check24OverviewDemo",
            dependencies: ["Check24Overview", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "Storage", "WebBrowser", "SystemActions", "FeatureKit"]
        ),
        .testTarget(
            name: "Check24OverviewTests",
            dependencies: [
                "TextSearch",
                "Check24Overview", "Check24OverviewTesting", "Navigation", "HTTPClient", "JSONKit", "Storage", "WebBrowser", "SystemActions",
                .product(name: "SystemActionsTesting", package: "SystemActions"),
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "WebBrowserTesting", package: "WebBrowser"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
