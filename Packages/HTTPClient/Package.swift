// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "HTTPClient",
    products: [
        .library(name: "HTTPClient", targets: ["HTTPClient"]),
        // The live network (libcurl): only the composition root and tests import it, so a feature
        // can never reach the network except through the transport it is given.
        .library(name: "HTTPClientLive", targets: ["HTTPClientLive"]),
        .library(name: "HTTPClientTesting", targets: ["HTTPClientTesting"]),
        // The words for a request's failures, in English and German: features word them here, the
        // transport has none of its own.
        .library(name: "HTTPClientTexts", targets: ["HTTPClientTexts"]),
    ],
    dependencies: [
        .package(path: "../JSONKit"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "HTTPClient", dependencies: ["JSONKit"]),
        // libcurl (the live transport's HTTP), and our C wrapper of its variadic calls.
        .systemLibrary(
            name: "CLibCurl",
            pkgConfig: "libcurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // glibc's checked string and memory functions in release builds (fortify needs the optimizer).
        .target(name: "CCurlShim", dependencies: ["CLibCurl"],
                cSettings: [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))],
                linkerSettings: [.linkedLibrary("curl")]),
        .target(name: "HTTPClientLive", dependencies: ["HTTPClient", "CCurlShim"]),
        // The loopback test servers; their controls and recorded requests are asked over the live transport.
        .target(name: "HTTPClientTesting", dependencies: ["HTTPClient", "HTTPClientLive"]),
        .target(name: "HTTPClientTexts", dependencies: ["HTTPClient"]),
        .testTarget(name: "HTTPClientTests", dependencies: ["HTTPClient", "HTTPClientTexts", "JSONKit", "HTTPClientLive", "HTTPClientTesting", .product(name: "TestSupport", package: "TestSupport")]),
    ],
    swiftLanguageModes: [.v6]
)
