/// How amounts are written in one locale.
public struct MoneyLocale: Sendable, Hashable {
    /// Where the currency sign goes.
    public enum SymbolPlacement: Sendable, Hashable {
        /// "€1.20"; a code is followed by a space: "USD 1.20".
        case beforeAmount
        /// "1,20 €", "1,20 USD": after a space.
        case afterAmount
    }

    public var decimalSeparator: String
    public var groupingSeparator: String
    public var symbolPlacement: SymbolPlacement

    public init(decimalSeparator: String, groupingSeparator: String, symbolPlacement: SymbolPlacement) {
        self.decimalSeparator = decimalSeparator
        self.groupingSeparator = groupingSeparator
        self.symbolPlacement = symbolPlacement
    }

    /// German: "1.000,00 €", "-1,20 €".
    public static let deDE = MoneyLocale(decimalSeparator: ",", groupingSeparator: ".", symbolPlacement: .afterAmount)
    /// US English: "€1,000.00", "-€1.20".
    public static let enUS = MoneyLocale(decimalSeparator: ".", groupingSeparator: ",", symbolPlacement: .beforeAmount)
}

/// Writes ``Money`` as text with integer arithmetic only (no floating point, no Foundation locale data),
/// so the result is identical on every machine.
///
/// The space between amount and sign is a normal space (U+0020), not the no-break space CLDR uses:
/// terminal output, snapshots and tests stay predictable, and the UI never wraps inside a price anyway.
public struct MoneyFormatter: Sendable, Hashable {
    public var locale: MoneyLocale

    public init(locale: MoneyLocale = .deDE) {
        self.locale = locale
    }

    /// "1,20 €" (de-DE) or "€1.20" (en-US); a currency without symbol is written with its code.
    public func string(for money: Money) -> String {
        let digits = money.currency.minorUnitDigits
        // `magnitude` is a UInt, so Int.min is fine.
        let magnitude = money.minorUnits.magnitude
        var divisor: UInt = 1
        for _ in 0..<digits { divisor *= 10 }
        let major = magnitude / divisor
        let minor = magnitude % divisor

        var amount = grouped(major)
        if digits > 0 {
            let minorText = String(minor)
            amount += locale.decimalSeparator + String(repeating: "0", count: digits - minorText.count) + minorText
        }
        let sign = money.minorUnits < 0 ? "-" : ""
        switch (locale.symbolPlacement, money.currency.symbol) {
        case (.afterAmount, let symbol):
            return "\(sign)\(amount) \(symbol ?? money.currency.code)"
        case (.beforeAmount, let symbol?):
            return "\(sign)\(symbol)\(amount)"
        case (.beforeAmount, nil):
            return "\(sign)\(money.currency.code) \(amount)"
        }
    }

    /// "1234567" → "1.234.567" with the locale's grouping separator.
    private func grouped(_ value: UInt) -> String {
        let plain = String(value)
        var result = ""
        for (index, character) in plain.enumerated() {
            if index > 0, (plain.count - index) % 3 == 0 { result += locale.groupingSeparator }
            result.append(character)
        }
        return result
    }
}
