@testable import Money
import TestSupport
import XCTest

final class MoneyFormatterTests: XCTestCase {
    private let german = MoneyFormatter(locale: .deDE)
    private let english = MoneyFormatter(locale: .enUS)

    private func eur(_ minorUnits: Int) -> Money { Money(minorUnits: minorUnits, currency: .eur) }

    func testGermanEuroTable() {
        let table: [(Int, String)] = [
            (0, "0,00 €"), (5, "0,05 €"), (99, "0,99 €"), (100, "1,00 €"), (120, "1,20 €"),
            (100_000, "1.000,00 €"), (-120, "-1,20 €"), (-5, "-0,05 €"), (123_456_789, "1.234.567,89 €"),
            (99_999, "999,99 €"), (10_000_000, "100.000,00 €"),
        ]
        for (minorUnits, expected) in table {
            XCTAssertEqual(german.string(for: eur(minorUnits)), expected, "\(minorUnits)")
        }
        XCTAssertEqual(MoneyFormatter().string(for: eur(120)), "1,20 €", "German is the default")
    }

    func testEnglishEuroTable() {
        let table: [(Int, String)] = [
            (0, "€0.00"), (5, "€0.05"), (120, "€1.20"), (100_000, "€1,000.00"), (-120, "-€1.20"), (123_456_789, "€1,234,567.89"),
        ]
        for (minorUnits, expected) in table {
            XCTAssertEqual(english.string(for: eur(minorUnits)), expected, "\(minorUnits)")
        }
    }

    func testExtremesDoNotCrash() {
        XCTAssertEqual(german.string(for: eur(.max)), "92.233.720.368.547.758,07 €")
        XCTAssertEqual(german.string(for: eur(.min)), "-92.233.720.368.547.758,08 €")
        XCTAssertEqual(english.string(for: Money(minorUnits: .min, currency: .jpy)), "-¥9,223,372,036,854,775,808")
        let manyDigits = Currency(code: "XXX", minorUnitDigits: 40)
        XCTAssertEqual(manyDigits.minorUnitDigits, 18)
        XCTAssertEqual(german.string(for: Money(minorUnits: .min, currency: manyDigits)), "-9,223372036854775808 XXX")
    }

    func testYenHasNoMinorUnits() {
        XCTAssertEqual(german.string(for: Money(minorUnits: 1235, currency: .jpy)), "1.235 ¥")
        XCTAssertEqual(english.string(for: Money(minorUnits: 1235, currency: .jpy)), "¥1,235")
        XCTAssertEqual(english.string(for: Money(minorUnits: 0, currency: .jpy)), "¥0")
    }

    func testACurrencyWithoutSymbolIsWrittenWithItsCode() {
        let usd = Currency(isoCode: "usd")
        XCTAssertEqual(usd, Currency(code: "USD", minorUnitDigits: 2))
        XCTAssertEqual(german.string(for: Money(minorUnits: 120, currency: usd)), "1,20 USD")
        XCTAssertEqual(english.string(for: Money(minorUnits: 120, currency: usd)), "USD 1.20")
        XCTAssertEqual(english.string(for: Money(minorUnits: -120, currency: usd)), "-USD 1.20")
        XCTAssertEqual(german.string(for: Money(minorUnits: 1234, currency: Currency(isoCode: "KWD"))), "1,234 KWD")
    }

    func testISOCodesFindTheKnownCurrencies() {
        XCTAssertEqual(Currency(isoCode: "EUR"), .eur)
        XCTAssertEqual(Currency(isoCode: " eur "), .eur)
        XCTAssertEqual(Currency(isoCode: "JPY"), .jpy)
        XCTAssertEqual(Currency(isoCode: "KRW").minorUnitDigits, 0)
    }

    func testSpacesAreOrdinarySpaces() {
        XCTAssertFalse(german.string(for: eur(100_000)).unicodeScalars.contains { $0.value == 0xA0 || $0.value == 0x202F })
    }
}

final class MoneyFromMajorUnitsTests: XCTestCase {
    private func cents(_ value: Double) -> Int { Money.fromMajorUnits(value, currency: .eur).minorUnits }

    func testPricesFromJSONDoublesAreExact() {
        XCTAssertEqual(cents(225.91), 22591)
        XCTAssertEqual(cents(0.29), 29)
        XCTAssertEqual(cents(19.99), 1999)
        XCTAssertEqual(cents(0.1 + 0.2), 30, "0.30000000000000004 is 30 cents")
        XCTAssertEqual(cents(1), 100)
        XCTAssertEqual(cents(0), 0)
        XCTAssertEqual(cents(-0.0), 0)
        XCTAssertEqual(cents(1234567.89), 123456789)
    }

    func testRoundsHalfAwayFromZeroAsWritten() {
        XCTAssertEqual(cents(1.005), 101, "rounded as written, not as its binary value 1.00499999…")
        XCTAssertEqual(cents(-1.005), -101)
        XCTAssertEqual(cents(0.125), 13)
        XCTAssertEqual(cents(0.124), 12)
        XCTAssertEqual(cents(-0.125), -13)
        XCTAssertEqual(cents(0.005), 1)
        XCTAssertEqual(cents(0.0049), 0)
        XCTAssertEqual(cents(1e-5), 0)
        XCTAssertEqual(cents(5e-3), 1, "written as 0.005")
    }

    func testOtherDigitCounts() {
        XCTAssertEqual(Money.fromMajorUnits(1234.5, currency: .jpy).minorUnits, 1235)
        XCTAssertEqual(Money.fromMajorUnits(1234.4, currency: .jpy).minorUnits, 1234)
        XCTAssertEqual(Money.fromMajorUnits(1.2345, currency: Currency(isoCode: "KWD")).minorUnits, 1235)
        XCTAssertEqual(Money.fromMajorUnits(1.5e20, currency: .jpy).minorUnits, .max)
    }

    /// The shortcut for values with no more decimals than minor units gives what reading the written
    /// digits gives: seeded prices with 0 to 6 decimals, of every size and sign, and random bit patterns.
    func testTheShortcutIsTheDigitByDigitReading() {
        var generator = SeededGenerator(seed: 0xC0FFEE)
        func next() -> UInt64 { generator.next() >> 11 }
        var values: [Double] = []
        for _ in 0..<8_000 {
            let decimals = Int(next() % 7), magnitude = Double(next() % 1_000_000_000_000) / 1000
            let written = (magnitude * Double(next() % 2 == 0 ? 1 : -1) * pow(10, Double(decimals))).rounded() / pow(10, Double(decimals))
            values.append(written)
            values.append(Double(bitPattern: next() << 11 | next() & 0x7FF))
        }
        values += [0.005, 1.005, 999_999_999.99, 1e9, 1e9 - 0.001, 4503599627370496.5, -0.0, .leastNonzeroMagnitude]
        for value in values where value.isFinite {
            for digits in 0...4 {
                XCTAssertEqual(DecimalRounding.minorUnits(value, digits: digits), DecimalRounding.minorUnitsFromDigits(value, digits: digits),
                               "\(value) to \(digits) digits")
            }
        }
    }

    func testNonFiniteAndHugeValuesAreClamped() {
        XCTAssertEqual(cents(.nan), 0)
        XCTAssertEqual(cents(.infinity), .max)
        XCTAssertEqual(cents(-.infinity), .min)
        XCTAssertEqual(cents(1e300), .max)
        XCTAssertEqual(cents(-1e300), .min)
        XCTAssertEqual(cents(92233720368547758.07), .max, "the nearest Double is just above Int.max cents")
        XCTAssertEqual(cents(1e16), 1_000_000_000_000_000_000)
    }
}
