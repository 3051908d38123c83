// swift-tools-version: 6.0
// The workspace root: builds the composition root `apps-cli` (Apps/AppsCLI) so that
// `swift run apps-cli <feature>` works from here, and holds the workspace tests (Tests/).
// Every feature and shared package is its own package under Packages/, referenced by path.
import PackageDescription

let package = Package(
    name: "apps-cli",
    products: [
        .executable(name: "apps-cli", targets: ["AppsCLI"]),
        .executable(name: "apps-cli-bench", targets: ["AppsBench"]),
        .executable(name: "apps-cli-picture-bench", targets: ["AppsPictureBench"]),
    ],
    dependencies: [
        .package(path: "Packages/TerminalKit"),
        .package(path: "Packages/TestSupport"),
        .package(path: "Packages/TerminalUI"),
        .package(path: "Packages/TextCells"),
        .package(path: "Packages/Navigation"),
        .package(path: "Packages/FeatureKit"),
        .package(path: "Packages/AppsCommandLine"),
        .package(path: "Packages/HTTPClient"),
        .package(path: "Packages/JSONKit"),
        .package(path: "Packages/ImageKit"),
        .package(path: "Packages/PictureUI"),
        .package(path: "Packages/ProductGrid"),
        .package(path: "Packages/Numbers"),
        .package(path: "Packages/ResourceDirectory"),
        .package(path: "Packages/Check24Overview"),
        .package(path: "Packages/Contacts"),
        .package(path: "Packages/ContactsCore"),
        .package(path: "Packages/ContactsBackend"),
        .package(path: "Packages/HTMLText"),
        .package(path: "Packages/Storage"),
        .package(path: "Packages/SystemActions"),
        .package(path: "Packages/WebBrowser"),
        // Scripts/new-feature adds a feature's package above this line.
    ],
    targets: [
        .target(
            name: "AppsCLIKit",
            dependencies: [
                "AppsCommandLine", "TerminalKit", "TerminalUI", "Navigation", "FeatureKit", "HTTPClient", .product(name: "HTTPClientLive", package: "HTTPClient"),
                .product(name: "HTTPClientTexts", package: "HTTPClient"),
                "ImageKit", "ProductGrid", "Check24Overview", "Contacts", "ContactsCore", "ContactsBackend", "Numbers", "ResourceDirectory", "WebBrowser",
                // The composition root creates the XDGOpener that features get, and moves damaged stores aside.
                "SystemActions", "Storage",
                // Scripts/new-feature adds a feature's library above this line.
            ],
            path: "Apps/AppsCLI/Sources/AppsCLIKit",
            plugins: ["BuildInfoPlugin"]
        ),
        // The commit of the build, written into AppsCLIKit at build time (`--version`).
        .plugin(name: "BuildInfoPlugin", capability: .buildTool(), path: "Apps/AppsCLI/Plugins/BuildInfoPlugin"),
        .executableTarget(name: "AppsCLI", dependencies: ["AppsCLIKit"], path: "Apps/AppsCLI/Sources/AppsCLI"),
        // Scripts/bench: speed and output-size goals on a release build.
        .executableTarget(
            name: "AppsBench",
            dependencies: ["Check24Overview", .product(name: "Check24OverviewTesting", package: "Check24Overview"),
                           "Contacts", "ContactsCore", .product(name: "ContactsTesting", package: "Contacts"),
                           "ResourceDirectory", .product(name: "ResourceDirectoryTesting", package: "ResourceDirectory"),
                           .product(name: "SystemActionsTesting", package: "SystemActions"),
                           .product(name: "ImageKitTesting", package: "ImageKit"),
                           .product(name: "WebBrowserTesting", package: "WebBrowser"),
                           "HTMLText", "HTTPClient", "JSONKit", "ImageKit", "PictureUI", "Navigation", "Storage", "TerminalKit", "TerminalUI", "TextCells", "WebBrowser"],
            path: "Apps/AppsBench/Sources/AppsBench"
        ),
        // Scripts/benchmarks.py: a picture drawn as a whole process, beside chafa (statically linked).
        .executableTarget(
            name: "AppsPictureBench",
            dependencies: ["ImageKit", "PictureUI", "TerminalUI"],
            path: "Apps/AppsBench/Sources/AppsPictureBench"
        ),
        .testTarget(
            name: "AppsCLITests",
            dependencies: ["AppsCLIKit", .product(name: "AppsCommandLine", package: "AppsCommandLine"), .product(name: "HTTPClient", package: "HTTPClient"), .product(name: "HTTPClientTesting", package: "HTTPClient"), .product(name: "TestSupport", package: "TestSupport"),
                           .product(name: "TerminalUI", package: "TerminalUI"), .product(name: "Storage", package: "Storage"),
                           .product(name: "StorageTesting", package: "Storage"), .product(name: "ContactsCore", package: "ContactsCore"),
                           .product(name: "TextCells", package: "TextCells")],
            path: "Tests/AppsCLITests"
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                "AppsCLI",
                // The feature catalog: the contract covers every feature it lists.
                "AppsCLIKit",
                .product(name: "AppsCommandLine", package: "AppsCommandLine"),
                .product(name: "HTTPClientTesting", package: "HTTPClient"),
                // One poll with a deadline, as every package's tests have.
                .product(name: "TestSupport", package: "TestSupport"),
                // The loopback contacts server that `--base-url` tests talk to.
                .product(name: "ContactsTesting", package: "Contacts"),
                .product(name: "TerminalUITesting", package: "TerminalUI"),
                // The probe's queries, the one thing written before the renderer's first frame.
                .product(name: "TerminalKit", package: "TerminalKit"),
                // Screenshots of real terminals are decoded and compared with the source picture.
                .product(name: "ImageKit", package: "ImageKit"),
                .product(name: "PictureUI", package: "PictureUI"),
                // The width models the real-terminal width test compares the terminals with.
                .product(name: "TextCells", package: "TextCells"),
            ],
            path: "Tests/EndToEndTests",
            exclude: ["__Snapshots__", "Fonts"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
