/// A cell color as the frame describes it; the renderer maps it to what the terminal supports.
public enum Color: Hashable, Sendable {
    /// The terminal's own default foreground/background.
    case `default`
    /// One of the 256 palette colors.
    case indexed(UInt8)
    /// A 24-bit color; `fallback` is the 256-color index to use where truecolor is unavailable
    /// (nil: the nearest palette color is computed).
    case rgb(UInt8, UInt8, UInt8, fallback: UInt8? = nil)

    public static let black = Color.indexed(0)
    public static let red = Color.indexed(1)
    public static let green = Color.indexed(2)
    public static let yellow = Color.indexed(3)
    public static let blue = Color.indexed(4)
    public static let magenta = Color.indexed(5)
    public static let cyan = Color.indexed(6)
    public static let white = Color.indexed(7)
    public static let gray = Color.indexed(8)
    public static let brightWhite = Color.indexed(15)
}

/// What the terminal can show.
public enum ColorMode: Sendable, Equatable {
    case trueColor
    case palette256
    /// No colors at all (NO_COLOR, TERM=dumb): selection and emphasis rely on reverse/bold.
    case none

    /// Detects the mode from environment variables (COLORTERM, TERM, NO_COLOR).
    public static func detect(environment: [String: String]) -> ColorMode {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .none }
        let term = environment["TERM"] ?? ""
        if term == "dumb" { return .none }
        let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        return .palette256
    }
}

/// Text attributes of a cell.
public struct Style: Hashable, Sendable {
    public var foreground: Color
    public var background: Color
    public var bold: Bool
    public var dim: Bool
    public var italic: Bool
    public var underline: Bool
    public var reverse: Bool
    /// The hyperlink the cell belongs to (OSC 8): an id into its frame's ``Frame/links``; 0 for none.
    /// Part of the style, so a cell whose link changed is written again, and the link ends where it does.
    public var link: UInt64 = 0

    public init(foreground: Color = .default, background: Color = .default, bold: Bool = false,
                dim: Bool = false, italic: Bool = false, underline: Bool = false, reverse: Bool = false) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.italic = italic
        self.underline = underline
        self.reverse = reverse
    }

    public static let plain = Style()
}
