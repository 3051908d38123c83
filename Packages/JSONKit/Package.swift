// swift-tools-version: 6.0
import PackageDescription

// The JSON engine: a lazy decoder over the bytes (only what an entity reads is parsed), concurrent
// decoding of large arrays, lossy elements, decoding problems a feature can word, and a writer that
// keeps key order. Not transport: entities import it, and nothing of the network.
let package = Package(
    name: "JSONKit",
    products: [
        .library(name: "JSONKit", targets: ["JSONKit"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "JSONKit"),
        .testTarget(name: "JSONKitTests", dependencies: ["JSONKit", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
