import Foundation
import XCTest
import TerminalUI

/// Measures what a frame's text looks like in a ``ColorTheme``: for every cell with a glyph, the
/// contrast of its colour (as the theme draws it) with its background (its own, else each of the
/// theme's reference backgrounds), in truecolor and in the 256 colours of the fallbacks.
///
/// Text on the terminal's own background must reach the theme's ``ColorTheme/minimumContrast``; text
/// on a colour of its own (the spec's favourite rows, touched and selected rows, avatars, overlays)
/// 4.5:1 (WCAG AA). The terminal's own foreground is the user's choice and is not measured, and
/// neither are pictures drawn in blocks (their colours are the photo's) nor dim text outside high
/// contrast (the terminal blends it; high contrast drops dim).
public enum ContrastAudit {
    /// One cell that does not reach its contrast.
    public struct Finding: CustomStringConvertible, Sendable {
        public var column: Int
        public var row: Int
        public var grapheme: String
        public var ratio: Double
        public var required: Double
        public var colors: String
        public var description: String {
            "(\(column),\(row)) “\(grapheme)” \(colors): \(String(format: "%.2f", ratio)):1, needs \(String(format: "%.1f", required)):1"
        }
    }

    /// The cells of `frame` that fall short in `theme`; the first of each run of equal findings only.
    public static func findings(in frame: Frame, theme: ColorTheme) -> [Finding] {
        var findings: [Finding] = []
        var lastKey: String?
        for row in 0..<frame.size.rows {
            for column in 0..<frame.size.columns {
                let cell = frame[column, row]
                guard !cell.isContinuation, !cell.isPicture, !isPictureGlyph(cell.grapheme) else { continue }
                let styled = theme.resolve(cell.style)
                if styled.dim, theme.name != .highContrast { continue }
                // A blank shows only its background; nothing to read.
                if cell.grapheme == " " { continue }
                // Reverse video draws the text in the background's colour on the foreground's.
                let textColor = styled.reverse ? styled.background : styled.foreground
                let behindColor = styled.reverse ? styled.foreground : styled.background
                // The terminal's own foreground is unknown (the user's choice); its background is one
                // of the theme's reference backgrounds.
                let textIsTerminals = textColor == .default && !styled.reverse
                let behindIsTerminals = behindColor == .default && styled.reverse
                func note(_ ratio: Double, _ required: Double, _ colors: String) {
                    let key = "\(row) \(colors)"
                    if key != lastKey {
                        findings.append(Finding(column: column, row: row, grapheme: cell.grapheme, ratio: ratio, required: required, colors: colors))
                    }
                    lastKey = key
                }
                if textIsTerminals || behindIsTerminals {
                    // The terminal's pair (plain or reversed) reads; the terminal's colour with one of ours may not.
                    let ours = textIsTerminals ? behindColor : textColor
                    if ours != .default { note(1, 4.5, "the terminal's foreground with \(name(ours))") }
                    continue
                }
                func shades(_ color: Color) -> [(RGB?, RGB?)] {
                    color == .default ? theme.referenceBackgrounds.map { ($0, $0) } : [(trueColor(color), palette(color))]
                }
                // On the terminal's background, the theme's contrast; on a colour of ours, 4.5:1.
                let required = behindColor == .default ? theme.minimumContrast : 4.5
                for (textTrue, textPalette) in shades(textColor) {
                    for (behindTrue, behindPalette) in shades(behindColor) {
                        for (text, behind) in [(textTrue, behindTrue), (textPalette, behindPalette)] {
                            guard let text, let behind else {
                                note(0, required, "\(name(textColor)) on \(name(behindColor)): a system colour no theme shades")
                                continue
                            }
                            let ratio = text.contrast(with: behind)
                            if ratio < required { note(ratio, required, "\(name(textColor)) on \(name(behindColor))") }
                        }
                    }
                }
            }
        }
        return findings
    }

    /// Fails when any cell of `frame` falls short in any of the four themes (dark, light, and high
    /// contrast on either background).
    public static func assertReadable(_ frame: Frame, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        for theme in allThemes {
            let findings = findings(in: frame, theme: theme)
            XCTAssert(findings.isEmpty, "\(label) in \(theme.name.rawValue) on \(theme.background.rawValue): "
                      + findings.prefix(8).map(\.description).joined(separator: "; "), file: file, line: line)
        }
    }

    /// Every theme, high contrast on both backgrounds.
    public static let allThemes: [ColorTheme] = [.dark, .light, ColorTheme(.highContrast, background: .dark), ColorTheme(.highContrast, background: .light)]

    /// The colour as truecolor draws it; nil for a system colour (each scheme has its own).
    static func trueColor(_ color: Color) -> RGB? {
        switch color {
        case .rgb(let red, let green, let blue, _): return RGB(red, green, blue)
        case .indexed(let index): return RGB(paletteIndex: index)
        case .default: return nil
        }
    }

    /// The colour as 256 colours draw it (its fallback, else the nearest palette colour).
    static func palette(_ color: Color) -> RGB? {
        switch color {
        case .rgb(let red, let green, let blue, let fallback):
            return RGB(paletteIndex: fallback ?? RGB(red, green, blue).nearestPaletteIndex)
        case .indexed(let index): return RGB(paletteIndex: index)
        case .default: return nil
        }
    }

    private static func name(_ color: Color) -> String {
        switch color {
        case .default: return "default"
        case .indexed(let index): return "index \(index)"
        case .rgb(let red, let green, let blue, let fallback):
            return String(format: "#%02X%02X%02X", red, green, blue) + (fallback.map { "/\($0)" } ?? "")
        }
    }

    /// Block elements, quadrants and sextants: a picture's pixels, not text.
    private static func isPictureGlyph(_ grapheme: String) -> Bool {
        guard let scalar = grapheme.unicodeScalars.first else { return false }
        return (0x2580...0x259F).contains(scalar.value) || (0x1FB00...0x1FB3B).contains(scalar.value)
    }
}
