// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPClient",
    products: [
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        .library(name: "HTTPClientTesting", targets: ["HTTPClientTesting"]),
    ],
    targets: [
        .target(name: "HTTPClient"),
        .target(name: "HTTPClientTesting"),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPClientTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
