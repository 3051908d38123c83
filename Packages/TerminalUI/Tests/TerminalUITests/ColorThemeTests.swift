import XCTest
@testable import TerminalUI
import TerminalUITesting

final class ColorThemeTests: XCTestCase {
    /// Every role's colour, as each theme draws it, against each of its backgrounds.
    func testEveryRoleReachesItsThemesContrastInTruecolorAndIn256Colours() {
        let roles: [(String, Style)] = [("error", Theme.error), ("selection", Theme.selection), ("price", Theme.price),
                                        ("rating", Theme.rating), ("notice", Theme.notice), ("rule", Theme.rule),
                                        ("link", Theme.link), ("code", Theme.code)]
        for theme in ContrastAudit.allThemes {
            for (role, style) in roles {
                guard case .rgb(let red, let green, let blue, let fallback?) = theme.resolve(style.foreground) else {
                    XCTFail("\(role) in \(theme.name) is not a measured shade: \(theme.resolve(style.foreground))")
                    continue
                }
                let shades = [RGB(red, green, blue), RGB(paletteIndex: fallback)]
                for background in theme.referenceBackgrounds {
                    for shade in shades {
                        guard let shade else { return XCTFail("\(role): fallback \(fallback) is a system colour") }
                        XCTAssertGreaterThanOrEqual(shade.contrast(with: background), theme.minimumContrast,
                                                    "\(role) in \(theme.name) on \(theme.background): \(shade) on \(background)")
                    }
                }
            }
        }
    }

    /// The spec's row colours stay in every theme, and their text reads on them (4.5:1).
    func testSpecColoursStayAndTheirTextReadsInEveryTheme() {
        for theme in ContrastAudit.allThemes {
            for mode in [ColorMode.trueColor, .palette256] {
                var frame = Frame(size: Size(columns: 3, rows: 3))
                frame.put("abc", at: Point(column: 0, row: 0), style: Theme.touched(mode))
                frame.put("abc", at: Point(column: 0, row: 1), style: Theme.selectedCell(mode))
                frame.put("abc", at: Point(column: 0, row: 2), style: Theme.overlay(mode))
                XCTAssertEqual(ContrastAudit.findings(in: frame, theme: theme).map(\.description), [], "\(theme)")
            }
            XCTAssertEqual(theme.resolve(Theme.touched(.trueColor)).background, .rgb(0x1E, 0x63, 0xC8, fallback: 26), "the numbers' touched blue")
            XCTAssertEqual(theme.resolve(Theme.selectedCell(.trueColor)).background, .rgb(0xC6, 0x28, 0x28, fallback: 160), "the numbers' selected red")
        }
    }

    /// The audit finds what falls short: the palette's own blue on black, default text on a colour,
    /// and yellow (unshaded) on white would all be findings.
    func testTheAuditFindsTextThatDoesNotRead() {
        var frame = Frame(size: Size(columns: 6, rows: 3))
        frame.put("dark", at: Point(column: 0, row: 0), style: Style(foreground: .rgb(0x1E, 0x1E, 0x50)))
        frame.put("none", at: Point(column: 0, row: 1), style: Style(background: .rgb(0xD1, 0xC4, 0xE9)))
        frame.put("pale", at: Point(column: 0, row: 2), style: Style(foreground: .rgb(0xFF, 0xEE, 0x88, fallback: 229)))
        XCTAssertEqual(ContrastAudit.findings(in: frame, theme: .dark).map(\.row), [0, 1])
        XCTAssertEqual(Set(ContrastAudit.findings(in: frame, theme: .light).map(\.row)), [1, 2])
    }

    func testHighContrastDropsDimAndFollowsTheBackground() {
        XCTAssertFalse(ColorTheme(.highContrast).resolve(Style(foreground: .gray, dim: true)).dim)
        let disabled = ColorTheme(.highContrast).resolve(Style(dim: true))
        XCTAssertFalse(disabled.dim)
        XCTAssertEqual(disabled.foreground, ColorTheme(.highContrast).resolve(Color.gray), "dim text stays apart, in the measured gray")
        XCTAssertTrue(ColorTheme.light.resolve(Style(dim: true)).dim)
        XCTAssertEqual(ColorTheme(.highContrast, background: .light).background, .light)
        XCTAssertEqual(ColorTheme(.highContrast).background, .dark, "unknown: dark")
        XCTAssertEqual(ColorTheme(.dark, background: .light).background, .dark, "dark is dark whatever the terminal")
        XCTAssertEqual(ColorTheme.chosen(nil, background: .light), .light)
        XCTAssertEqual(ColorTheme.chosen(nil, background: nil), .dark)
        XCTAssertEqual(ColorTheme.chosen(.dark, background: .light), .dark, "asked for wins over the background")
    }

    func testColorFGBGIsReadAsVimReadsIt() {
        XCTAssertEqual(ColorTheme.background(colorFGBG: "15;0"), .dark)
        XCTAssertEqual(ColorTheme.background(colorFGBG: "0;15"), .light)
        XCTAssertEqual(ColorTheme.background(colorFGBG: "0;default;7"), .light)
        XCTAssertEqual(ColorTheme.background(colorFGBG: "7;8"), .dark)
        XCTAssertNil(ColorTheme.background(colorFGBG: "15;default"))
        XCTAssertNil(ColorTheme.background(colorFGBG: "junk"))
        XCTAssertNil(ColorTheme.background(colorFGBG: "0;99"))
        XCTAssertNil(ColorTheme.background(colorFGBG: nil))
    }

    func testContrastRatioIsWCAGs() {
        XCTAssertEqual(RGB(0, 0, 0).contrast(with: RGB(255, 255, 255)), 21, accuracy: 0.01)
        XCTAssertEqual(RGB(0x76, 0x76, 0x76).contrast(with: RGB(255, 255, 255)), 4.54, accuracy: 0.01)
        XCTAssertTrue(RGB(0xFD, 0xF6, 0xE3).isLight)
        XCTAssertFalse(RGB(0x28, 0x2C, 0x34).isLight)
        XCTAssertEqual(RGB(paletteIndex: 231), RGB(255, 255, 255))
        XCTAssertEqual(RGB(paletteIndex: 25), RGB(0, 95, 175))
        XCTAssertEqual(RGB(paletteIndex: 244), RGB(128, 128, 128))
        XCTAssertNil(RGB(paletteIndex: 4))
    }

    /// The renderer draws role colours in the theme's shades. (A kitty placeholder's colour is a picture
    /// id from 16 up, which no theme shades; the renderer passes it unthemed all the same.)
    func testTheRendererDrawsRolesInTheThemesShades() {
        var frame = Frame(size: Size(columns: 2, rows: 1))
        frame.put("e", at: Point(column: 0, row: 0), style: Theme.error)
        frame.put("l", at: Point(column: 1, row: 0), style: Theme.link)
        for (theme, expected) in [(ColorTheme.dark, ["38;2;255;110;110", "38;2;108;180;255"]),
                                  (ColorTheme.light, ["38;2;183;28;28", "38;2;21;101;192"])] {
            let sink = CollectingSink()
            DiffRenderer(sink: sink, colorMode: .trueColor, theme: theme).render(frame)
            for sequence in expected { XCTAssertTrue(sink.text.contains(sequence), "\(theme.name): \(sink.text.debugDescription)") }
            let palette = CollectingSink()
            DiffRenderer(sink: palette, colorMode: .palette256, theme: theme).render(frame)
            XCTAssertTrue(palette.text.contains(theme == .dark ? "38;5;203" : "38;5;124"), palette.text.debugDescription)
        }
    }
}

private final class CollectingSink: OutputSink {
    var bytes: [UInt8] = []
    func write(_ bytes: [UInt8]) { self.bytes += bytes }
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
