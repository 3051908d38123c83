/// How pictures are drawn with text, sharper down the list of symbol tiers: two pixels a cell (half
/// blocks, in every common font), four (quadrants, U+2596–259F, which DejaVu and Noto Sans Mono draw
/// but Liberation Mono does not), six (sextants, U+1FB00–1FB3B, which terminals such as kitty, foot
/// and WezTerm draw themselves), the luminance ramp without colours, or no pictures at all.
public enum PictureTier: String, Sendable, CaseIterable, Equatable {
    case halfBlocks = "half"
    case quadrants = "quadrant"
    case sextants = "sextant"
    case ascii
    case none
}
