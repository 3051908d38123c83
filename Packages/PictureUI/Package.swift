// swift-tools-version: 6.0
// PictureUI: pictures on the terminal, above ImageKit's decoding. How a decoded picture is drawn
// (symbols, or the terminal's own pixels: kitty, iTerm2, sixel), a picture's slot in a view model
// and its view, and the scheduler of the rows on screen (ImageSlots). Presenters and views import
// it; interactors import only ImageKit.
import PackageDescription

let package = Package(
    name: "PictureUI",
    products: [
        .library(name: "PictureUI", targets: ["PictureUI"]),
    ],
    dependencies: [
        .package(path: "../ImageKit"),
        .package(path: "../TerminalUI"),
        .package(path: "../TextCells"),
        .package(path: "../TestSupport"),
    ],
    targets: [
        .target(name: "PictureUI", dependencies: ["TextCells", .product(name: "ImageKit", package: "ImageKit"), "TerminalUI"]),
        .testTarget(
            name: "PictureUITests",
            dependencies: ["PictureUI", .product(name: "ImageKit", package: "ImageKit"), .product(name: "ImageKitTesting", package: "ImageKit"),
                           "TerminalUI", .product(name: "TestSupport", package: "TestSupport")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
