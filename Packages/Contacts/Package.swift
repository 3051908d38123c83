// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Contacts",
    products: [
        .library(name: "Contacts", targets: ["Contacts"]),
        .library(name: "ContactsTesting", targets: ["ContactsTesting"]),
        .executable(name: "ContactsDemo", targets: ["ContactsDemo"]),
    ],
    dependencies: [
        .package(path: "../Navigation"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../HTTPClient"),
        .package(path: "../ImageKit"),
        .package(path: "../Storage"),
        .package(path: "../SystemActions"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(
            name: "Contacts",
            dependencies: ["Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "Storage", "SystemActions"],
            resources: [.copy("Resources/Demo")]
        ),
        // Fakes of the service, and the loopback contacts server (a Python 3 standard-library
        // implementation of the REST contract) that remote-client tests talk to.
        .target(name: "ContactsTesting", dependencies: ["Contacts", "HTTPClient", .product(name: "NavigationTesting", package: "Navigation")], resources: [.copy("Resources/contacts_server.py")]),
        .executableTarget(name: "ContactsDemo", dependencies: [
            "Contacts", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "SystemActions",
        ]),
        .testTarget(
            name: "ContactsTests",
            dependencies: [
                "Contacts", "ContactsTesting", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "Storage",
                "SystemActions",
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "SystemActionsTesting", package: "SystemActions"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
                .product(name: "StorageTesting", package: "Storage"),
                .product(name: "TestSupport", package: "TestSupport"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
