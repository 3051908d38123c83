// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "ResourceDirectory",
    products: [
        .library(name: "ResourceDirectory", targets: ["ResourceDirectory"]),
        .library(name: "ResourceDirectoryTesting", targets: ["ResourceDirectoryTesting"]),
    ],
    dependencies: [
        .package(path: "../Navigation"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../HTTPClient"),
        .package(path: "../ImageKit"),
        .package(path: "../HTMLText"),
    ],
    targets: [
        .target(
            name: "ResourceDirectory",
            dependencies: ["Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "HTMLText"],
            resources: [.copy("Resources/Demo")]
        ),
        .target(name: "ResourceDirectoryTesting", dependencies: ["ResourceDirectory", .product(name: "NavigationTesting", package: "Navigation")]),
        .testTarget(
            name: "ResourceDirectoryTests",
            dependencies: [
                "ResourceDirectory", "ResourceDirectoryTesting", "Navigation", "HTTPClient", "ImageKit",
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
