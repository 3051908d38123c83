import Foundation
import Money

/// How the check24 screens format values (German market).
enum Check24Formatting {
    /// Five positions of `★` full, `½` half, `☆` empty; the rating is rounded *down* to 0.5 steps
    /// and clamped to 0…5 (2.17 → ★★☆☆☆, 3.7 → ★★★½☆, 4.99 → ★★★★½).
    static func stars(_ rating: Double) -> String {
        let clamped = rating.isFinite ? min(5, max(0, rating)) : 0
        let halves = Int((clamped * 2).rounded(.down))
        let full = halves / 2
        let half = halves % 2
        return String(repeating: "★", count: full) + String(repeating: "½", count: half)
            + String(repeating: "☆", count: 5 - full - half)
    }

    /// `225.91 EUR` → `225,91 €` (exact: the value is rounded as written, never through binary cents).
    static func price(_ price: Check24Price) -> String {
        let currency = Currency(isoCode: price.currency.uppercased())
        return MoneyFormatter(locale: .deDE).string(for: .fromMajorUnits(price.value, currency: currency))
    }

    /// `dd.MM.yyyy` in German time, as the original app showed it to German users.
    static func date(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? TimeZone(secondsFromGMT: 3600)!
        let parts = calendar.dateComponents([.day, .month, .year], from: date)
        return String(format: "%02d.%02d.%04d", parts.day ?? 0, parts.month ?? 0, parts.year ?? 0)
    }
}
