// swift-tools-version: 6.0
// Storage: a small SQLite 3 wrapper (serialized connection, transactions, WAL, migrations,
// typed rows, typed errors) and a favorites store on top of it.
import PackageDescription

let package = Package(
    name: "Storage",
    products: [
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "StorageTesting", targets: ["StorageTesting"]),
    ],
    dependencies: [],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .target(name: "Storage", dependencies: ["CSQLite"]),
        .target(name: "StorageTesting", dependencies: ["Storage"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "StorageTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
