// swift-tools-version: 6.0
import PackageDescription

// Helpers for the test targets of every package (never linked into an app): one seeded random
// generator instead of a copy in each fuzz suite, and one poll with a deadline instead of fixed sleeps.
let package = Package(
    name: "TestSupport",
    products: [
        .library(name: "TestSupport", targets: ["TestSupport"]),
    ],
    targets: [
        .target(name: "TestSupport"),
        .testTarget(name: "TestSupportTests", dependencies: ["TestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
