import Foundation
import XCTest
@testable import Check24Overview

final class FormattingTests: XCTestCase {
    func testStarsAreRoundedDownToHalfSteps() {
        let table: [(Double, String)] = [
            (2.17, "★★☆☆☆"), (3.7, "★★★½☆"), (4.99, "★★★★½"), (5, "★★★★★"), (0, "☆☆☆☆☆"),
            (0.49, "☆☆☆☆☆"), (0.5, "½☆☆☆☆"), (1.0, "★☆☆☆☆"), (2.5, "★★½☆☆"), (4.5, "★★★★½"),
            (-1, "☆☆☆☆☆"), (7, "★★★★★"), (.nan, "☆☆☆☆☆"), (.infinity, "☆☆☆☆☆"),
        ]
        for (rating, stars) in table {
            XCTAssertEqual(Check24Formatting.stars(rating), stars, "rating \(rating)")
        }
    }

    func testPricesAreExactGermanEuros() {
        XCTAssertEqual(Check24Formatting.price(.init(value: 225.91, currency: "EUR")), "225,91 €")
        XCTAssertEqual(Check24Formatting.price(.init(value: 1299, currency: "EUR")), "1.299,00 €")
        XCTAssertEqual(Check24Formatting.price(.init(value: 0.99, currency: "eur")), "0,99 €")
        XCTAssertEqual(Check24Formatting.price(.init(value: 1.005, currency: "EUR")), "1,01 €", "rounded as written")
    }

    func testReleaseDatesAreDayMonthYear() {
        XCTAssertEqual(Check24Formatting.date(Date(timeIntervalSince1970: 1460629605)), "14.04.2016")
        XCTAssertEqual(Check24Formatting.date(Date(timeIntervalSince1970: 1459629605)), "02.04.2016")
        // 23:30 UTC on 31 Dec is already 1 Jan in Germany.
        XCTAssertEqual(Check24Formatting.date(Date(timeIntervalSince1970: 1483227000)), "01.01.2017")
    }
}
