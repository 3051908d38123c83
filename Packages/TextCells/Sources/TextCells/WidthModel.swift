internal import CLibcWidth

/// How many columns a terminal gives text: there is no one right table, the right width is the
/// terminal's. Three models cover the terminals in use; the app picks the one of the terminal in front
/// of it from the terminal's own answers (WidthDetection), and every view and the
/// diff renderer measure with it.
///
/// - ``Kind/clusters``: a grapheme cluster (UAX #29, as Swift's `Character`) is one unit whose width is
///   its first scalar's: 2 for East Asian Wide and Fullwidth and for emoji presentation, 0 for marks,
///   format characters and conjoining Hangul vowels and finals, else 1; a VS16 after an emoji makes 2, a
///   VS15 makes 1, a regional indicator (a flag's pair, or one alone) is 2. What terminals with
///   grapheme-cluster mode (DEC mode 2027: WezTerm, foot, Ghostty, Contour) draw; also what `--plain`
///   and `--svg` use.
/// - ``Kind/scalars``: each scalar's own width, summed, as kitty draws text before its grapheme
///   support. Marks, spacing marks too, format characters, skin-tone modifiers and the Hangul fillers
///   add nothing; emoji whose default is text are 1 even where East Asian Width says W; a VS16 widens
///   an emoji to 2, a VS15 narrows one to 1; a second regional indicator joins the first. A ZWJ
///   sequence is the sum of its parts (👩‍💻 4, a family of four 8), a jamo sequence too (ᄀ + ᅡ is 3).
/// - ``Kind/libc``: glibc's own `wcwidth` under C.UTF-8, summed, as xterm, VTE and most others draw
///   (xterm 379: all of 159,801 scalars and 5,175 clusters); a scalar glibc calls unprintable counts 1,
///   as those terminals draw it. It is the C library of this machine: a terminal on another machine
///   (over SSH) with another glibc may know other Unicode.
///
/// The tables (``UnicodeVersion``) come from the Unicode Character Database through
/// Scripts/dev/make-width-tables. A terminal built with older tables than ours draws the newer wide
/// characters narrow: ``UnicodeVersion/v15_0`` is what kitty 0.26 and glibc 2.36 know; the app finds
/// out which the terminal knows from a Unicode 16 wide character (U+2630).
///
/// Measured against the terminals by Tests/EndToEndTests/RealTerminalWidthTests (4,910 scalars, one of
/// every run of the tables and more, and 5,496 clusters): xterm 379 agrees with *libc* on all of them,
/// kitty 0.26.5 with *scalars* (Unicode 15.0) on all scalars and on all clusters but one kind: kitty
/// narrows any wide character before a VS15 (an ideograph followed by U+FE0E is 1 there), where the
/// model narrows only emoji, as the standard's variation sequences do. Run over every assigned scalar
/// (Scripts/dev/measure-widths), xterm agrees on 159,801 of 159,801 and kitty on 159,801 of 159,801.
/// tmux 3.3a answers as glibc does except that it draws a ZWJ sequence as one two-column glyph: the
/// detection gives it *libc* (3 of 4 sentinels, the best), and ZWJ sequences are then 2 columns off.
/// Splitting a cluster into cells (``cells(in:)``) follows the terminal: in the *scalars* and *libc*
/// models each scalar that has a width starts a cell of its own.
public struct WidthModel: Hashable, Sendable, CustomStringConvertible {
    /// How text is split into units and each unit measured (see ``WidthModel``).
    public enum Kind: String, CaseIterable, Sendable {
        case clusters, scalars, libc
    }

    /// The Unicode version of the tables a *clusters* or *scalars* model measures with.
    public enum UnicodeVersion: String, CaseIterable, Sendable, Comparable {
        case v15_0 = "15.0"
        case v17_0 = "17.0"

        public static func < (lhs: UnicodeVersion, rhs: UnicodeVersion) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }

    public let kind: Kind
    /// The tables' Unicode version; the *libc* model is glibc's whatever this says.
    public let unicode: UnicodeVersion

    public init(_ kind: Kind, unicode: UnicodeVersion = .v17_0) {
        self.kind = kind
        self.unicode = kind == .libc ? .v17_0 : unicode
    }

    /// Grapheme clusters with the current tables: `--plain`, `--svg`, and any measure taken outside a host.
    public static let clusters = WidthModel(.clusters)
    public static let scalars = WidthModel(.scalars)
    public static let libc = WidthModel(.libc)

    /// "clusters", "scalars (Unicode 15.0)", "libc".
    public var description: String {
        kind == .libc ? kind.rawValue : "\(kind.rawValue) (Unicode \(unicode.rawValue))"
    }

    /// The number of columns `character` occupies in this model (0 for controls).
    public func width(of character: Character) -> Int {
        if let ascii = character.asciiValue {
            // "\r\n" is one ASCII Character too; like every control it has no width.
            return ascii >= 0x20 && ascii != 0x7F ? 1 : 0
        }
        let scalars = character.unicodeScalars
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        if iterator.next() == nil { return singleWidth(first) }
        switch kind {
        case .clusters: return clusterWidth(scalars)
        case .scalars, .libc:
            var total = 0
            forEachUnit(of: scalars) { _, width in total += width }
            return total
        }
    }

    /// The number of columns `string` occupies: the sum of its clusters' widths.
    public func width(of string: String) -> Int {
        var total = 0
        for character in string { total += width(of: character) }
        return total
    }

    /// Each cell's worth of `text`, in order: the part of the text the terminal draws as one glyph,
    /// and its width (0, 1 or 2). In the *clusters* model that is each grapheme cluster; in the others a
    /// cluster whose scalars each have a width (👩‍💻, ᄀ + ᅡ) gives several, as the terminal draws them
    /// side by side. Zero-width scalars stay with the glyph before them. The widths add up to
    /// ``width(of:)-(String)``.
    public func cells(in text: String) -> Cells { Cells(model: self, text: text) }

    /// The cells of a text in one model (see ``cells(in:)``).
    public struct Cells: Sequence {
        let model: WidthModel
        let text: String

        public func makeIterator() -> Iterator { Iterator(model: model, text: text, index: text.startIndex) }

        public struct Iterator: IteratorProtocol {
            let model: WidthModel
            let text: String
            var index: String.Index
            /// The cells of a cluster drawn as several, after the first.
            var pending: [(text: Substring, width: Int)] = []
            var pendingIndex = 0

            public mutating func next() -> (text: Substring, width: Int)? {
                if pendingIndex < pending.count {
                    pendingIndex += 1
                    return pending[pendingIndex - 1]
                }
                guard index < text.endIndex else { return nil }
                let start = index
                index = text.index(after: start)
                let character = text[start]
                if model.kind == .clusters || character.asciiValue != nil || character.unicodeScalars.count == 1 {
                    return (text[start..<index], model.width(of: character))
                }
                pending.removeAll(keepingCapacity: true)
                let scalars = text.unicodeScalars
                var unitStart = start, unitWidth = 0, started = false
                let end = index
                model.forEachUnit(of: character.unicodeScalars) { offset, width in
                    let scalarIndex = scalars.index(start, offsetBy: offset)
                    if started { pending.append((Substring(scalars[unitStart..<scalarIndex]), unitWidth)) }
                    started = true
                    unitStart = scalarIndex
                    unitWidth = width
                }
                pending.append((Substring(scalars[unitStart..<end]), unitWidth))
                pendingIndex = 1
                return pending[0]
            }
        }
    }

    // MARK: - Measuring

    /// One scalar alone as a cluster.
    private func singleWidth(_ scalar: Unicode.Scalar) -> Int {
        switch kind {
        case .clusters:
            if Self.isRegionalIndicator(scalar) { return 2 }
            return Int(attributes(scalar) >> 2 & 3)
        case .scalars: return Int(attributes(scalar) & 3)
        case .libc: return Self.libcWidth(scalar)
        }
    }

    private func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        let first = scalars.first!
        if Self.isRegionalIndicator(first) { return 2 }
        let firstAttributes = attributes(first)
        if firstAttributes & Self.emojiBit != 0 {
            if scalars.contains(Self.variationSelector16) { return 2 }
            if scalars.contains(Self.variationSelector15) { return 1 }
        }
        let base = Int(firstAttributes >> 2 & 3)
        if base > 0 { return base }
        // A cluster that starts with a zero-width scalar (conjoining jamo alone, a mark after a control)
        // is as wide as the widest scalar in it.
        return scalars.dropFirst().map { Int(attributes($0) >> 2 & 3) }.max() ?? 0
    }

    /// The units of one cluster of several scalars in the *scalars* and *libc* models: each scalar
    /// with a width starts one (`offset` is its place among the cluster's scalars); zero-width scalars
    /// belong to the unit before them, and a cluster that starts with one makes a unit of width 0.
    fileprivate func forEachUnit(of scalars: Character.UnicodeScalarView, _ body: (_ offset: Int, _ width: Int) -> Void) {
        var unitOffset = -1
        var unitWidth = 0
        var unitBase: Unicode.Scalar?
        for (offset, scalar) in scalars.enumerated() {
            var width: Int
            if kind == .scalars {
                width = Int(attributes(scalar) & 3)
                if let base = unitBase {
                    // The variation selectors change the glyph they follow; a second regional indicator joins the first.
                    let baseAttributes = attributes(base)
                    if scalar == Self.variationSelector16, baseAttributes & Self.emojiBit != 0, unitWidth == 1 { unitWidth = 2 }
                    if scalar == Self.variationSelector15, baseAttributes & Self.presentationBit != 0, unitWidth == 2 { unitWidth = 1 }
                    if Self.isRegionalIndicator(scalar), Self.isRegionalIndicator(base), offset == unitOffset + 1 { width = 0 }
                }
            } else {
                width = Self.libcWidth(scalar)
            }
            if width > 0 || unitOffset < 0 {
                if unitOffset >= 0 { body(unitOffset, unitWidth) }
                unitOffset = offset
                unitWidth = width
                unitBase = scalar
            }
        }
        if unitOffset >= 0 { body(unitOffset, unitWidth) }
    }

    static let emojiBit: UInt8 = 1 << 4
    static let presentationBit: UInt8 = 1 << 5
    private static let variationSelector15: Unicode.Scalar = "\u{FE0E}"
    private static let variationSelector16: Unicode.Scalar = "\u{FE0F}"

    static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }

    /// The scalar's attribute byte in this model's tables (see Scripts/dev/make-width-tables).
    func attributes(_ scalar: Unicode.Scalar) -> UInt8 {
        switch unicode {
        case .v15_0: Self.lookUp(scalar.value, starts: WidthTables.unicode15_0Starts, values: WidthTables.unicode15_0Values)
        case .v17_0: Self.lookUp(scalar.value, starts: WidthTables.unicode17_0Starts, values: WidthTables.unicode17_0Values)
        }
    }

    /// The value of the run that holds `value`: the last run starting at or before it.
    private static func lookUp(_ value: UInt32, starts: [UInt32], values: [UInt8]) -> UInt8 {
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle } else { high = middle }
        }
        return values[low]
    }

    /// glibc's width of one scalar; controls 0, and 1 for what it calls unprintable, as terminals draw it.
    static func libcWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (0x7F...0x9F).contains(value) { return 0 }
        let width = text_cells_libc_width(value)
        return width < 0 ? 1 : Int(width)
    }

    /// Whether the C library can measure at all (it has a C.UTF-8 locale: glibc since 2.35 always does).
    public static var libcIsAvailable: Bool { text_cells_libc_width(0x41) != -2 }
}

extension WidthModel {
    /// The model the host chose for its terminal, for everything measured while it runs; outside a
    /// host (`--plain`, `--svg`, tests) it is ``clusters``. A task-local value, bound by the host
    /// around its run: each host (and each test) binds its own, and nothing else can change it.
    @TaskLocal public static var current: WidthModel = .clusters
}
