/// Which ``WidthModel`` the terminal in front of us draws with, from its own answers to the launch
/// probe: whether it has grapheme-cluster mode (DEC mode 2027, DECRQM), and how wide it drew a few
/// sentinel strings that the models measure differently (cursor position reports after each).
///
/// The sentinels tell the models apart: a ZWJ sequence (one glyph in *clusters*, its parts elsewhere),
/// an emoji with VS15 (text, one column, except in *libc*), a character that became wide in Unicode 16
/// (U+2630: which tables the terminal has), and a jamo sequence (one syllable in *clusters*, its letters
/// side by side in *scalars*, the vowel zero in *libc*).
public enum WidthDetection {
    /// Written in this order where nobody sees them (see TerminalKit's `TerminalProbe.widthQueries`).
    public static let sentinels = ["\u{1F469}\u{200D}\u{1F4BB}", "\u{231A}\u{FE0E}", "\u{2630}", "\u{1100}\u{1161}"]

    /// The models a terminal may draw with, in the order a tie is settled: glibc's first (most
    /// terminals), then kitty's, then grapheme clusters.
    public static let candidates = [WidthModel.libc, WidthModel(.scalars, unicode: .v17_0), WidthModel(.scalars, unicode: .v15_0),
                                    WidthModel(.clusters, unicode: .v17_0), WidthModel(.clusters, unicode: .v15_0)]

    /// A model and why it was chosen, for the log and `--print-config`.
    public struct Choice: Equatable, Sendable {
        public var model: WidthModel
        public var reason: String
        /// Whether grapheme-cluster mode is to be turned on (the terminal has it, reset).
        public var setsGraphemeClusterMode: Bool

        public init(model: WidthModel, reason: String, setsGraphemeClusterMode: Bool = false) {
            self.model = model
            self.reason = reason
            self.setsGraphemeClusterMode = setsGraphemeClusterMode
        }
    }

    /// The model of a terminal that answered DECRQM 2027 with `graphemeClusterMode` (nil: no answer)
    /// and drew the ``sentinels`` `sentinelWidths` columns wide (empty: it reported no cursor).
    /// `requested` is the config's `width` (nil: auto): its kind is kept, and only the tables' version
    /// is taken from the terminal's answer.
    public static func choose(graphemeClusterMode: Int?, sentinelWidths: [Int], requested: WidthModel.Kind? = nil) -> Choice {
        let measured = sentinelWidths.count == sentinels.count ? sentinelWidths : nil
        let drawn = measured.map { widths in
            "the terminal drew " + zip(sentinels, widths).map { "\(describe($0)) \($1)" }.joined(separator: ", ") + " columns"
        }
        // U+2630 is two columns in Unicode 16's tables and later, one before.
        let unicode: WidthModel.UnicodeVersion = measured.map { $0[2] == 1 ? .v15_0 : .v17_0 } ?? .v17_0
        if let requested {
            let model = WidthModel(requested, unicode: unicode)
            return Choice(model: model, reason: "the config's width = \(requested.rawValue)" + (drawn.map { "; \($0)" } ?? ""),
                          setsGraphemeClusterMode: requested == .clusters && graphemeClusterMode == 2)
        }
        switch graphemeClusterMode {
        case 1, 3:
            return Choice(model: WidthModel(.clusters, unicode: unicode), reason: "the terminal is in grapheme-cluster mode (DEC mode 2027)")
        case 2:
            return Choice(model: WidthModel(.clusters, unicode: unicode), reason: "the terminal has grapheme-cluster mode (DEC mode 2027), turned on",
                          setsGraphemeClusterMode: true)
        default: break
        }
        guard let measured, let drawn else {
            return Choice(model: .libc, reason: "the terminal reported no cursor positions: glibc's widths, as most terminals draw")
        }
        var best = candidates[0], bestScore = -1
        for candidate in candidates {
            let score = zip(sentinels, measured).filter { candidate.width(of: $0) == $1 }.count
            if score > bestScore { (best, bestScore) = (candidate, score) }
        }
        return Choice(model: best, reason: "\(drawn), as \(best) measures \(bestScore) of \(sentinels.count)")
    }

    /// A sentinel as the log shows it: its scalars (the log may be read where they do not display).
    private static func describe(_ sentinel: String) -> String {
        sentinel.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }.joined(separator: " ")
    }
}
