/// An amount of money as an integer count of minor units (cents), so sums and formatting are exact.
public struct Money: Sendable, Hashable {
    /// The amount in minor units: 120 EUR minor units are 1,20 €.
    public var minorUnits: Int
    public var currency: Currency

    public init(minorUnits: Int, currency: Currency) {
        self.minorUnits = minorUnits
        self.currency = currency
    }

    /// Converts a price given as a floating-point number of major units (check24's `225.91`) to minor units,
    /// rounding half away from zero.
    ///
    /// The value is rounded **as it is written** — its shortest decimal representation, the digits a JSON
    /// file or a person wrote — not as its binary approximation: `0.29` → 29, `19.99` → 1999, `225.91` → 22591, and
    /// `1.005` → 101 (whereas `(1.005 * 100).rounded()` gives 100, because 1.005 is stored as 1.00499999…).
    /// NaN becomes 0; values beyond `Int`'s range become `Int.max` / `Int.min` minor units.
    public static func fromMajorUnits(_ value: Double, currency: Currency) -> Money {
        Money(minorUnits: DecimalRounding.minorUnits(value, digits: currency.minorUnitDigits), currency: currency)
    }
}

/// Exact decimal rounding of a `Double`'s shortest representation ("225.91", "1e-05", "1.5e+20").
enum DecimalRounding {
    static func minorUnits(_ value: Double, digits: Int) -> Int {
        // Most prices have no more decimals than minor units ("225.91"): then the scaled, rounded
        // value divided back is the value itself, and is its exact decimal. Below a billion with at
        // most four digits, no other decimal of that many digits is the same Double, so this is what
        // reading the written digits gives, without writing them.
        if (0...4).contains(digits), value.magnitude < 1e9 {
            let scale = powersOfTen[digits]
            let scaled = (value * scale).rounded()
            if scaled / scale == value { return Int(scaled) }
        }
        return minorUnitsFromDigits(value, digits: digits)
    }

    private static let powersOfTen: [Double] = [1, 10, 100, 1000, 10000]

    /// From the value's shortest decimal representation, digit by digit.
    static func minorUnitsFromDigits(_ value: Double, digits: Int) -> Int {
        if value.isNaN { return 0 }
        if value.isInfinite { return value < 0 ? .min : .max }
        let negative = value < 0
        var text = Substring(value.magnitude.description)
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = text[..<e]
        }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        let integerDigits = parts[0]
        let fractionDigits = parts.count > 1 ? parts[1] : ""
        let allDigits = Array((integerDigits + fractionDigits).compactMap { $0.wholeNumberValue })
        // How many of `allDigits` land before the decimal point once scaled to minor units.
        let keep = integerDigits.count + exponent + digits
        var magnitude = 0
        var overflow = false
        for index in 0..<max(keep, 0) {
            let digit = index < allDigits.count ? allDigits[index] : 0
            let (times10, o1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, o2) = times10.addingReportingOverflow(digit)
            if o1 || o2 { overflow = true; break }
            magnitude = sum
        }
        if overflow { return negative ? .min : .max }
        // Half away from zero on the exact decimal: the first dropped digit decides.
        if keep >= 0, keep < allDigits.count, allDigits[keep] >= 5 {
            if magnitude == .max { return negative ? .min : .max }
            magnitude += 1
        }
        return negative ? -magnitude : magnitude
    }
}
