/// How pictures are drawn with text, sharpest last among the symbol tiers: two pixels a cell (half
/// blocks, in every common font), four (quadrants, U+2596–259F, which DejaVu and Noto Sans Mono draw
/// but Liberation Mono does not), the luminance ramp without colours, or no pictures at all.
public enum PictureTier: String, Sendable, CaseIterable, Equatable {
    case halfBlocks = "half"
    case quadrants = "quadrant"
    case ascii
    case none
}
