// swift-tools-version: 6.0
// WebBrowser: the in-app web view as a reusable VIPER module (page loader, back/forward history,
// links, loading/error/retry), built on HTMLText. Links it does not load itself (mailto:, tel: …)
// go to the feature that opened it.
import PackageDescription

let package = Package(
    name: "WebBrowser",
    products: [
        .library(name: "WebBrowser", targets: ["WebBrowser"]),
        .library(name: "WebBrowserTesting", targets: ["WebBrowserTesting"]),
    ],
    dependencies: [
        .package(path: "../Navigation"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextCells"),
        .package(path: "../HTTPClient"),
        .package(path: "../HTMLText"),
        .package(path: "../SystemActions"),
    ],
    targets: [
        .target(name: "WebBrowser", dependencies: ["TextCells", .product(name: "HTTPClientTexts", package: "HTTPClient"), "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "HTMLText", "SystemActions"]),
        .target(name: "WebBrowserTesting", dependencies: ["WebBrowser", "HTTPClient", .product(name: "NavigationTesting", package: "Navigation")]),
        .testTarget(
            name: "WebBrowserTests",
            dependencies: [
                "WebBrowser", "WebBrowserTesting", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "HTMLText", "SystemActions",
                .product(name: "SystemActionsTesting", package: "SystemActions"),
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
