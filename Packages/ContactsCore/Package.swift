// swift-tools-version: 6.0
// ContactsCore: what the contacts feature and its embedded backend share, without UI: the entities
// (a contact, its summary, its changes and their sync state), the rules a contact's fields follow,
// the order of the list, the REST contract's routes and the directory the home list pages.
import PackageDescription

let package = Package(
    name: "ContactsCore",
    products: [
        .library(name: "ContactsCore", targets: ["ContactsCore"]),
    ],
    dependencies: [
        .package(path: "../HTTPClient"),
        .package(path: "../JSONKit"),
        .package(path: "../TextSearch"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "ContactsCore", dependencies: ["HTTPClient", "JSONKit", "TextSearch"]),
        .testTarget(name: "ContactsCoreTests", dependencies: ["ContactsCore", "HTTPClient", "JSONKit", "TextSearch",
                                                               .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
