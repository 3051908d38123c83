// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Contacts",
    products: [
        .library(name: "Contacts", targets: ["Contacts"]),
        .library(name: "ContactsTesting", targets: ["ContactsTesting"]),
    ],
    dependencies: [
        .package(path: "../ContactsCore"),
        .package(path: "../Navigation"),
        .package(path: "../FeatureKit"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextCells"),
        .package(path: "../HTTPClient"),
        .package(path: "../JSONKit"),
        .package(path: "../ImageKit"),
        .package(path: "../PictureUI"),
        .package(path: "../SystemActions"),
        .package(path: "../TestSupport"),
        .package(path: "../Storage"),
        .package(path: "../TextSearch"),
    ],
    targets: [
        .target(
            name: "Contacts",
            dependencies: ["TextCells", "ContactsCore", .product(name: "HTTPClientTexts", package: "HTTPClient"), "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit", "SystemActions", "Storage", "TextSearch", "PictureUI", "FeatureKit"]
        ),
        // Fakes of the service, and the launcher of the loopback contacts server (Scripts/contacts_server.py,
        // a Python 3 standard-library implementation of the REST contract) that remote-client tests talk to.
        .target(name: "ContactsTesting", dependencies: ["Contacts", "ContactsCore", "HTTPClient", .product(name: "HTTPClientTesting", package: "HTTPClient"), "JSONKit", .product(name: "NavigationTesting", package: "Navigation")]),
        .testTarget(
            name: "ContactsTests",
            dependencies: [
                "Contacts", "ContactsCore", "ContactsTesting", "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "JSONKit", "ImageKit", "PictureUI", "SystemActions",
                .product(name: "NavigationTesting", package: "Navigation"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                .product(name: "SystemActionsTesting", package: "SystemActions"),
                .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "ImageKitTesting", package: "ImageKit"),
                .product(name: "TestSupport", package: "TestSupport"),
                "Storage",
                .product(name: "StorageTesting", package: "Storage"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
