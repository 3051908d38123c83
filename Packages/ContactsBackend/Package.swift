// swift-tools-version: 6.0
import PackageDescription

// The contacts feature's embedded backend: the contacts server's REST contract served in-process from
// a SQLite file, and its import and export (`apps-cli contacts --import/--export`). Only the
// composition root, the feature's demo (Packages/ContactsDemo) and tests link it, so the feature itself
// never links SQLite. It shares ContactsCore (entities, rules, routes) with the feature, never the
// feature's UI: only its tests, which drive it through the feature's client, link the feature.
let package = Package(
    name: "ContactsBackend",
    products: [
        .library(name: "ContactsBackend", targets: ["ContactsBackend"]),
    ],
    dependencies: [
        .package(path: "../AppsCommandLine"),
        // For the tests only (the feature's client against the backend).
        .package(path: "../Contacts"),
        .package(path: "../ContactsCore"),
        .package(path: "../HTTPClient"),
        .package(path: "../JSONKit"),
        .package(path: "../ImageKit"),
        .package(path: "../Navigation"),
        .package(path: "../Storage"),
        .package(path: "../TextSearch"),
        .package(path: "../SystemActions"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(
            name: "ContactsBackend",
            dependencies: ["AppsCommandLine", "ContactsCore", "HTTPClient", "JSONKit", "ImageKit", "Storage", "TextSearch"],
            resources: [.copy("Resources/Demo")]
        ),
        .testTarget(
            name: "ContactsBackendTests",
            dependencies: [
                "ContactsBackend", .product(name: "Contacts", package: "Contacts"), "ContactsCore", "HTTPClient", "JSONKit", "ImageKit", "Navigation", "Storage", "SystemActions", "TerminalKit", "TerminalUI", "TextSearch",
                .product(name: "ContactsTesting", package: "Contacts"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "SystemActionsTesting", package: "SystemActions"),
                .product(name: "TestSupport", package: "TestSupport"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
