import TerminalUI

// The ways an image becomes cells, and the one for a colour mode and a picture tier.

/// How an image becomes terminal cells.
public enum ImageRenderMode: Sendable, Equatable {
    /// Each cell shows two pixels: "▀" with the top pixel as foreground and the bottom one as background.
    /// Needs colors; use `.ascii` when the color mode is `.none`.
    case halfBlocks
    /// Each cell shows four pixels (two by two): the quadrant glyph and two colours that, of every
    /// way to split the four into two groups, leave the least colour error (as chafa and timg choose).
    case quadrants
    /// Each cell shows six pixels (two across, three down), chosen as for ``quadrants``, with the
    /// sextant glyphs of Unicode 13 (U+1FB00–1FB3B), ▌ and ▐.
    case sextants
    /// One character per cell from the luminance ramp " .:-=+*#%@" (dark = space), no colors; for `--plain`.
    case ascii

    /// Half blocks wherever colors exist; the ASCII ramp when the terminal shows none (NO_COLOR, TERM=dumb),
    /// where "▀" without colors would draw solid bars.
    public init(colorMode: ColorMode) {
        self = colorMode == .none ? .ascii : .halfBlocks
    }

    /// The mode for a picture tier; nil for `.none` (no pictures) and `.text` (words instead). Without colours every tier is the ramp;
    /// the pixel tiers draw with sextants where a picture cannot be placed (see ``ImageSlotView``).
    public init?(colorMode: ColorMode, tier: PictureTier) {
        switch tier {
        case .none, .text: return nil
        case _ where colorMode == .none, .ascii: self = .ascii
        case .halfBlocks: self = .halfBlocks
        case .kitty, .iterm, .sixel: self = .sextants
        case .quadrants: self = .quadrants
        case .sextants: self = .sextants
        }
    }
}
