import ImageKit
import PictureUI
import TerminalUI
import TextCells

/// A contact's picture in a rectangle: the photo, or (without one) the initials on a color of the
/// contact's own, as the iOS Contacts app draws them (also while the photo loads, or when it cannot). Without colors the initials stand in brackets.
enum AvatarView {
    /// Soft, distinct background colors; white initials read on each.
    static let palette: [Color] = [
        .rgb(0x5C, 0x6B, 0xC0, fallback: 61), .rgb(0x00, 0x79, 0x6B, fallback: 29), .rgb(0xBF, 0x36, 0x0C, fallback: 130),
        .rgb(0x8E, 0x24, 0xAA, fallback: 91), .rgb(0x00, 0x69, 0x5C, fallback: 23), .rgb(0xD8, 0x1B, 0x60, fallback: 161),
        .rgb(0x6D, 0x4C, 0x41, fallback: 94), .rgb(0x15, 0x65, 0xC0, fallback: 25),
    ]

    @MainActor
    static func draw(_ avatar: AvatarModel, into frame: inout Frame, rect: Rect, colorMode: ColorMode, tier: PictureTier = .halfBlocks,
                     tick: Int, cache: PictureRenderCache?) {
        guard !rect.isEmpty else { return }
        // Until the photo is there (or when it cannot be), the initials stand in, as on a phone.
        if case .loaded = avatar.picture {
            ImageSlotView.draw(avatar.picture, into: &frame, rect: rect, colorMode: colorMode, tier: tier, tick: tick, cache: cache)
            return
        }
        // Initials that would not fit (a double-width letter and another) keep what fits, brackets whole.
        let room = colorMode == .none ? rect.columns - 2 : rect.columns
        var initials = ""
        for letter in avatar.initials where DisplayWidth.of(initials + String(letter)) <= room { initials.append(letter) }
        let label = colorMode == .none ? "(\(initials))" : initials
        var style = Style(bold: true)
        if colorMode != .none {
            style = Style(foreground: .brightWhite, background: palette[((avatar.colorSeed % palette.count) + palette.count) % palette.count],
                          bold: true)
            frame.fill(rect, style: style)
        }
        let width = DisplayWidth.of(label)
        frame.put(label, at: Point(column: rect.column + max(0, (rect.columns - width) / 2), row: rect.row + (rect.rows - 1) / 2),
                  style: style, maxColumns: rect.columns)
    }
}
