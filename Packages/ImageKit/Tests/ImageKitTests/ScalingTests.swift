import XCTest
@testable import ImageKit
import ImageKitTesting

final class ScalingTests: XCTestCase {
    func testHalvingAveragesEachTwoByTwoBlockExactly() {
        // Left half: a black/white checkerboard; right half: solid red over solid blue rows.
        let w = RGBPixel.white, k = RGBPixel.black
        let image = RGBImage(rows: [
            [w, k, .pureRed, .pureRed],
            [k, w, .pureRed, .pureRed],
            [w, k, .pureBlue, .pureBlue],
            [k, w, .pureRed, .pureBlue],
        ])
        let half = image.resized(width: 2, height: 2)
        XCTAssertEqual(half.width, 2)
        XCTAssertEqual(half.height, 2)
        XCTAssertEqual(half[0, 0], .grey(128), "(255+0+0+255)/4 = 127.5 rounds half up")
        XCTAssertEqual(half[1, 0], .pureRed)
        XCTAssertEqual(half[0, 1], .grey(128))
        // three blue, one red: red 255/4 = 63.75 → 64, blue 3·255/4 = 191.25 → 191
        XCTAssertEqual(half[1, 1], RGBPixel(red: 64, green: 0, blue: 191))
    }

    func testNonIntegerRatioWeighsPartialPixels() {
        let image = RGBImage(rows: [[.grey(0), .grey(90), .grey(180)]])
        let scaled = image.resized(width: 2, height: 1)
        // target 0 covers source [0, 1.5): (0 + 90·0.5) / 1.5 = 30; target 1 covers [1.5, 3): (45 + 180) / 1.5 = 150
        XCTAssertEqual(scaled[0, 0], .grey(30))
        XCTAssertEqual(scaled[1, 0], .grey(150))
    }

    func testAreaWeightsCoverEverySourcePixelOnce() {
        for (source, target) in [(7, 3), (3, 7), (96, 40), (40, 96), (5, 5)] {
            let weights = RGBImage.areaWeights(source: source, target: target)
            XCTAssertEqual(weights.count, target)
            for entry in weights { XCTAssertEqual(entry.reduce(0) { $0 + $1.weight }, source) }
            var perSource = [Int](repeating: 0, count: source)
            for entry in weights { for item in entry { perSource[item.index] += item.weight } }
            XCTAssertEqual(Set(perSource), [target], "\(source)→\(target)")
        }
    }

    func testFitKeepsTheAspectRatio() {
        let wide = RGBImage(width: 100, height: 50, filledWith: .pureRed)
        let fitted = wide.scaled(toFit: (width: 10, height: 10))
        XCTAssertEqual([fitted.width, fitted.height], [10, 5])
        XCTAssertEqual(fitted[9, 4], .pureRed)

        let tall = RGBImage(width: 30, height: 90, filledWith: .pureBlue)
        let fittedTall = tall.scaled(toFit: (width: 20, height: 12))
        XCTAssertEqual([fittedTall.width, fittedTall.height], [4, 12])

        let thin = RGBImage(width: 1000, height: 1, filledWith: .pureGreen)
        let fittedThin = thin.scaled(toFit: (width: 10, height: 10))
        XCTAssertEqual([fittedThin.width, fittedThin.height], [10, 1], "never smaller than one pixel")
    }

    func testIntegerEnlargementRepeatsPixels() {
        let image = RGBImage(rows: [[.pureRed, .pureGreen], [.pureBlue, .white]])
        let large = image.scaled(toFit: (width: 4, height: 6))
        XCTAssertEqual([large.width, large.height], [4, 4])
        XCTAssertEqual(large, RGBImage(rows: [
            [.pureRed, .pureRed, .pureGreen, .pureGreen],
            [.pureRed, .pureRed, .pureGreen, .pureGreen],
            [.pureBlue, .pureBlue, .white, .white],
            [.pureBlue, .pureBlue, .white, .white],
        ]))
    }

    func testEmptyInputsGiveAnEmptyImage() {
        let image = RGBImage(width: 4, height: 4, filledWith: .pureRed)
        XCTAssertTrue(image.scaled(toFit: (width: 0, height: 5)).isEmpty)
        XCTAssertTrue(RGBImage(width: 0, height: 0, pixels: []).scaled(toFit: (width: 5, height: 5)).isEmpty)
        XCTAssertEqual(image.resized(width: 4, height: 4), image)
    }
}
