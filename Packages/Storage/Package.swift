// swift-tools-version: 6.0
// Storage: a small SQLite 3 wrapper (serialized connection, transactions, WAL, migrations,
// typed rows, typed errors) and the stores on top of it: favorites, the outbox, and the kept answers
// of the revalidating transport (its archive).
import PackageDescription

let package = Package(
    name: "Storage",
    products: [
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StorageTesting", targets: ["StorageTesting"]),
    ],
    dependencies: [
        // The answers ResponseStore keeps are HTTPClient's StoredAnswer, one type for the network and the
        // file (both packages are of the I/O layer; HTTPClient's library is plain Swift, no libcurl).
        .package(path: "../HTTPClient"),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "Storage", dependencies: ["CSQLite", .product(name: "HTTPClient", package: "HTTPClient")]),
        .target(name: "StorageTesting", dependencies: ["Storage"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StorageTesting", .product(name: "HTTPClient", package: "HTTPClient")]),
    ],
    swiftLanguageModes: [.v6]
)
