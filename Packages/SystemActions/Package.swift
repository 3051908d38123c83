// swift-tools-version: 6.0
// SystemActions: validated links (https, http, mailto, tel, sms, geo) and the desktop opener that hands
// them to `xdg-open` by argument vector, never through a shell.
import PackageDescription

let package = Package(
    name: "SystemActions",
    products: [
        .library(name: "SystemActions", targets: ["SystemActions"]),
        .library(name: "SystemActionsTesting", targets: ["SystemActionsTesting"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "SystemActions"),
        .target(name: "SystemActionsTesting", dependencies: ["SystemActions"]),
        .testTarget(name: "SystemActionsTests", dependencies: ["SystemActions", "SystemActionsTesting", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
