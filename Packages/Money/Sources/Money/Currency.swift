/// A currency: its ISO 4217 code, how many minor-unit digits it has, and a symbol where the apps know one.
public struct Currency: Sendable, Hashable {
    /// The ISO 4217 code, upper case ("EUR").
    public let code: String
    /// Digits after the decimal separator: 2 for EUR (cents), 0 for JPY. Kept within 0...18 so 10^digits fits an `Int`.
    public let minorUnitDigits: Int
    /// The sign written next to amounts ("€"), or `nil` to write the code instead ("USD").
    public let symbol: String?

    public init(code: String, minorUnitDigits: Int, symbol: String? = nil) {
        self.code = code.uppercased()
        self.minorUnitDigits = min(max(minorUnitDigits, 0), 18)
        self.symbol = symbol
    }

    /// Euro: 2 digits, "€".
    public static let eur = Currency(code: "EUR", minorUnitDigits: 2, symbol: "€")
    /// Japanese yen: no minor units, "¥".
    public static let jpy = Currency(code: "JPY", minorUnitDigits: 0, symbol: "¥")

    /// The currency for an ISO code from an API ("EUR", "eur", "JPY"): the known ones with their symbol;
    /// any other code with its ISO minor-unit digits (2 unless listed) and no symbol, so it is written as its code.
    public init(isoCode: String) {
        let code = String(isoCode.filter { !$0.isWhitespace }).uppercased()
        switch code {
        case Currency.eur.code: self = .eur
        case Currency.jpy.code: self = .jpy
        case "KRW", "ISK", "CLP", "VND", "XAF", "XOF", "UGX", "PYG": self.init(code: code, minorUnitDigits: 0)
        case "BHD", "KWD", "JOD", "OMR", "TND", "IQD", "LYD": self.init(code: code, minorUnitDigits: 3)
        default: self.init(code: code, minorUnitDigits: 2)
        }
    }
}
