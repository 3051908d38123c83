// swift-tools-version: 6.0
// ImageKit: JPEG/PNG decoding (libjpeg-turbo, libpng), area-average scaling and an image
// repository with memory + disk caches: no UI (interactors import it; drawing is PictureUI's).
import PackageDescription

// Our C wrappers read untrusted pictures: glibc's checked string and memory functions in release
// builds (fortify needs the optimizer, so debug builds go without).
let fortified: [CSetting] = [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]

let package = Package(
    name: "ImageKit",
    products: [
        .library(name: "ImageKit", targets: ["ImageKit"]),
        .library(name: "ImageKitTesting", targets: ["ImageKitTesting"]),
    ],
    dependencies: [
        .package(path: "../TestSupport"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // zlib (libpng's own): kitty's compressed transmissions (`o=z`).
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // Our own C wrapper: libjpeg's default error handler calls exit() and prints warnings,
        // so decoding goes through a setjmp error manager with silenced messages.
        .target(
            name: "CJPEGDecode",
            dependencies: ["CLibJPEG"],
            cSettings: fortified,
            linkerSettings: [.linkedLibrary("jpeg")]
        ),
        // Our own C wrapper for libpng's row API (setjmp errors, silenced messages): PNG rows go
        // through the scaler as they are read.
        .target(
            name: "CPNGRows",
            dependencies: ["CLibPNG"],
            cSettings: fortified,
            linkerSettings: [.linkedLibrary("png16")]
        ),
        .target(name: "ImageKit", dependencies: ["CJPEGDecode", "CPNGRows", "CLibPNG", "CZlib"]),
        .target(name: "ImageKitTesting", dependencies: ["ImageKit"]),
        .testTarget(
            name: "ImageKitTests",
            dependencies: ["ImageKit", "ImageKitTesting", .product(name: "TestSupport", package: "TestSupport")],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
