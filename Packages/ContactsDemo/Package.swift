// swift-tools-version: 6.0
import PackageDescription

// The contacts feature alone on its embedded backend, seeded with the demo contacts: a package of its
// own because it links both, and a backend never depends on its feature (nor the feature on it).
let package = Package(
    name: "ContactsDemo",
    products: [
        .executable(name: "ContactsDemo", targets: ["ContactsDemo"]),
    ],
    dependencies: [
        .package(path: "../Contacts"),
        .package(path: "../ContactsBackend"),
        .package(path: "../FeatureKit"),
        .package(path: "../HTTPClient"),
        .package(path: "../ImageKit"),
        .package(path: "../Navigation"),
        .package(path: "../SystemActions"),
        .package(path: "../TerminalKit"),
        .package(path: "../TerminalUI"),
    ],
    targets: [
        .executableTarget(name: "ContactsDemo", dependencies: [
            .product(name: "ContactsBackend", package: "ContactsBackend"), .product(name: "Contacts", package: "Contacts"),
            "Navigation", "TerminalKit", "TerminalUI", "HTTPClient", "ImageKit", "SystemActions", "FeatureKit",
        ]),
        // Runs the built demo (it is built with the tests) and reads its first screen.
        .testTarget(name: "ContactsDemoTests", dependencies: ["ContactsDemo"]),
    ],
    swiftLanguageModes: [.v6]
)
