import TerminalKit
import TerminalUI

extension PictureTier {
    /// The best tier this terminal draws, from its answers to ``TerminalProbe`` and its environment:
    /// kitty's protocol when it answered kitty's query; iTerm2's inline images in iTerm2; sixel when
    /// its device attributes list it; else sextants in terminals known to draw them themselves, and
    /// half blocks everywhere else. Inside tmux no picture protocol is assumed to pass through: tmux
    /// answers the probe itself and drops kitty's query, so it gets a symbol tier.
    public static func automatic(_ capabilities: TerminalCapabilities, environment: [String: String]) -> PictureTier {
        let version = (capabilities.version ?? "").lowercased()
        let program = (environment["TERM_PROGRAM"] ?? "").lowercased()
        let insideTmux = environment["TMUX"] != nil || version.hasPrefix("tmux") || program == "tmux"
            || (environment["TERM"] ?? "").hasPrefix("tmux") || (environment["TERM"] ?? "").hasPrefix("screen")
        if !insideTmux {
            if capabilities.kittyGraphics { return .kitty }
            if version.hasPrefix("iterm2") || program == "iterm.app" { return .iterm }
            if capabilities.sixel { return .sixel }
        }
        // Terminals that draw the sextant block themselves instead of taking it from a font.
        let drawsSextants = ["kitty", "foot", "wezterm", "ghostty", "contour"]
        let hints = [version, program, (environment["TERM"] ?? "").lowercased(), (environment["LC_TERMINAL"] ?? "").lowercased()]
        if environment["KITTY_WINDOW_ID"] != nil || hints.contains(where: { hint in drawsSextants.contains { hint.contains($0) } }) {
            return .sextants
        }
        return .halfBlocks
    }
}

extension GraphicsProtocol {
    /// How the renderer sends `tier`'s pictures here: kitty's protocol becomes its Unicode placeholders
    /// inside tmux, where direct placements would land in the outer terminal outside the pane.
    public static func forTier(_ tier: PictureTier, environment: [String: String]) -> GraphicsProtocol? {
        guard let graphics = tier.graphics else { return nil }
        return graphics == .kitty && environment["TMUX"] != nil ? .kittyPlaceholders : graphics
    }
}

extension PixelSize {
    init(_ size: CellPixels) {
        self.init(width: size.width, height: size.height)
    }
}

/// How pictures are drawn once the terminal has said what it can: the tier, and for a tier in the
/// terminal's pixels the cell size their boxes are sized by.
public struct PictureSetup: Equatable, Sendable {
    public var tier: PictureTier
    public var cell: PixelSize

    public init(tier: PictureTier, cell: PixelSize) {
        self.tier = tier
        self.cell = cell
    }

    /// `tier` as asked or detected, sized by the cell the terminal `reported` (`CSI 16 t`), else the one
    /// its window size gives (`windowCell`, TIOCGWINSZ), else 10 × 20. A cell that is no real terminal's
    /// (``CellPixels/isPlausible``: 100000 × 100000, 400 × 200 …) sizes nothing: a pixel tier falls back
    /// to the symbols this terminal would get without pixels, so no picture is ever allocated by it.
    public static func choose(tier: PictureTier, reported: CellPixels?, windowCell: CellPixels?,
                              environment: [String: String]) -> PictureSetup {
        guard tier.graphics != nil else { return PictureSetup(tier: tier, cell: .defaultCell) }
        switch reported ?? windowCell {
        case nil: return PictureSetup(tier: tier, cell: .defaultCell)
        case let cell? where cell.isPlausible: return PictureSetup(tier: tier, cell: PixelSize(cell))
        case _?:
            let symbols = PictureTier.automatic(.unknown, environment: environment)
            return PictureSetup(tier: symbols.graphics == nil ? symbols : .halfBlocks, cell: .defaultCell)
        }
    }
}
