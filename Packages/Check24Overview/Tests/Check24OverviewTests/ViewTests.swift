import Check24OverviewTesting
import ImageKit
import Navigation
import NavigationTesting
import TerminalKit
import TerminalUI
import TerminalUITesting
import XCTest
@testable import Check24Overview

/// A 16x16 picture: dark top-left quarter, light elsewhere, so the ascii rendering shows a shape.
let sampleImage: RGBImage = {
    var pixels: [UInt8] = []
    for y in 0..<16 {
        for x in 0..<16 {
            let value: UInt8 = (x < 8 && y < 8) ? 20 : 230
            pixels += [value, value, value]
        }
    }
    return RGBImage(width: 16, height: 16, pixels: pixels)
}()

/// Available, unavailable and favorite rows (the three looks of a row).
let sampleRows = [
    ProductRowViewModel(id: 1, name: "Yellow Triangle", description: "Three corners, the strongest shape there is. Bridges and roofs trust it.",
                        price: "225,91 €", stars: "★★☆☆☆", isAvailable: true, isFavorite: false, image: .loaded(sampleImage)),
    ProductRowViewModel(id: 2, name: "Blue Circle", description: "Perfectly round, endlessly rolling.",
                        price: "281,51 €", stars: "★☆☆☆☆", isAvailable: false, isFavorite: false, image: .loaded(sampleImage)),
    ProductRowViewModel(id: 3, name: "Red Square", description: "Four right angles you can rely on.",
                        price: "19,99 €", stars: "★★★½☆", isAvailable: true, isFavorite: true, image: .unavailable(reason: "broken image")),
]

func overview(_ content: Check24OverviewViewModel.Content, filter: Int = 0, notice: String? = nil) -> Check24OverviewViewModel {
    var enabled = true
    if case .failed = content { enabled = false }
    if case .loading = content { enabled = false }
    return Check24OverviewViewModel(filters: Check24Catalog.defaultFilters, selectedFilter: filter, filtersEnabled: enabled,
                                    content: content, footer: "© 2016 Check24", notice: notice)
}

func list(selected: Int = 0, offset: Int = 0, rows: [ProductRowViewModel] = sampleRows, empty: String? = nil) -> Check24OverviewViewModel.Content {
    .loaded(header: Check24Fixtures.header, rows: ProductRows(rows), emptyMessage: empty, selectedIndex: selected, firstVisibleRow: offset)
}

@MainActor
final class RecordingOverviewOutput: Check24OverviewViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didRequestReload() { events.append("reload") }
    func didSelectFilter(at index: Int) { events.append("filter \(index)") }
    func didChangeSelection(to index: Int, firstVisibleRow: Int, visibleRows: Range<Int>) { events.append("select \(index) top \(firstVisibleRow) rows \(visibleRows)") }
    func didChooseRow(at index: Int) { events.append("choose \(index)") }
    func didTouchRow(at index: Int) { events.append("touch \(index)") }
    func didCancelTouch() { events.append("cancel touch") }
    func didEditSearch(_ search: SearchFieldState) { events.append("search \(search.query) editing \(search.isEditing)") }
}

@MainActor
final class OverviewViewTests: XCTestCase {
    private func context(_ columns: Int, _ rows: Int, _ mode: ColorMode = .none) -> RenderContext {
        RenderContext(size: Size(columns: columns, rows: rows), colorMode: mode)
    }

    func testListAt60And80And120Columns() async {
        assertSnapshot(Check24OverviewView().render(overview(list()), in: context(60, 30)), named: "overview-60x30")
        assertSnapshot(Check24OverviewView().render(overview(list()), in: context(80, 24)), named: "overview-80x24")
        assertSnapshot(Check24OverviewView().render(overview(list(selected: 3, offset: 99)), in: context(120, 40)), named: "overview-120x40-footer")
    }

    func testAvailableHasThePictureLeftAndUnavailableRight() async {
        let frame = Check24OverviewView().render(overview(list()), in: context(80, 30))
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let yellow = try! XCTUnwrap(lines.firstIndex { $0.contains("Yellow Triangle") })
        let blue = try! XCTUnwrap(lines.firstIndex { $0.contains("Blue Circle") })
        XCTAssertTrue(lines[yellow].hasPrefix("▌ "), "the first product is selected: \(lines[yellow])")
        XCTAssertEqual(lines[yellow].firstIndex(of: "Y").map { lines[yellow].distance(from: lines[yellow].startIndex, to: $0) }, 14,
                       "text after the picture")
        XCTAssertTrue(lines[blue].hasPrefix("  Blue Circle"), "text first, picture right: \(lines[blue])")
        XCTAssertFalse(lines[blue + 1].hasSuffix(" "), "the picture reaches the right edge")
    }

    func testFavoritesHaveTheLavenderBackgroundAndAHeartAndNamesAreNeverTheOnlyCue() async {
        let frame = Check24OverviewView().render(overview(list()), in: context(80, 30, .trueColor))
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let red = try! XCTUnwrap(lines.firstIndex { $0.contains("♥ Red Square") })
        XCTAssertEqual(frame[40, red].style.background, .rgb(0xD1, 0xC4, 0xE9, fallback: 189))
        XCTAssertEqual(frame[40, red + 1].style.background, .rgb(0xD1, 0xC4, 0xE9, fallback: 189), "the whole row")
        let yellow = try! XCTUnwrap(lines.firstIndex { $0.contains("Yellow Triangle") })
        XCTAssertEqual(frame[40, yellow].style.background, .default)
        XCTAssertTrue(frame[14, yellow].style.reverse, "the selected name is reversed, visible without colors")
        // Color is the spec here: the whole screen's styles, run by run.
        assertStyleSnapshot(frame, named: "overview-80x30-truecolor")
    }

    func testStarsAndPricesShow() async {
        let text = Check24OverviewView().render(overview(list()), in: context(80, 30)).text
        XCTAssertTrue(text.contains("225,91 €"))
        XCTAssertTrue(text.contains("★★★½☆"))
        XCTAssertTrue(text.contains("Check24 Shape Comparison"))
        XCTAssertTrue(text.contains("List of geometric products"))
    }

    func testDescriptionsWrapAtWordsNeverMidWord() async {
        let frame = Check24OverviewView().render(overview(list()), in: context(80, 30))
        let lines = frame.text.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines.contains { $0.hasSuffix("Three corners, the strongest shape there is. Bridges and roofs") }, frame.text)
        XCTAssertTrue(lines.contains { $0.hasSuffix("  trust it.") }, frame.text)
    }

    func testErrorViewWithNeuladenAndDisabledTabs() async {
        let model = overview(.failed(message: "Die Produkte konnten nicht geladen werden.\nDer Server antwortete mit Status 503."))
        let frame = Check24OverviewView().render(model, in: context(80, 24))
        assertSnapshot(frame, named: "overview-error")
        XCTAssertTrue(frame.text.contains("[ Neuladen ]"))
        XCTAssertTrue(frame[2, 0].style.dim, "the filter tabs are visibly disabled")
        let output = RecordingOverviewOutput()
        let view = ModuleScreen<Check24OverviewView>(output: output, viewModel: model)
        _ = view.handle(.key(.right), in: context(80, 24))
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 12, row: 0)), in: context(80, 24))
        XCTAssertEqual(output.events, [], "tabs ignore input while in error")
        _ = view.handle(.key(.enter), in: context(80, 24))
        _ = view.handle(.key(.character("r")), in: context(80, 24))
        let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
        let buttonRow = try! XCTUnwrap(lines.firstIndex { $0.contains("[ Neuladen ]") })
        let buttonColumn = lines[buttonRow].distance(from: lines[buttonRow].startIndex, to: lines[buttonRow].firstIndex(of: "[")!)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: buttonColumn + 3, row: buttonRow)), in: context(80, 24))
        XCTAssertEqual(output.events, ["reload", "reload", "reload"])
    }

    /// The filter line under the tabs: the shared German placeholder, the query being typed with the
    /// count and the typing keys, and the message when nothing matches; at 80 and 40 columns.
    func testTheFilterLineIdleTypingAndWithoutMatches() async {
        var typing = overview(list(rows: [sampleRows[2]]), filter: 1)
        typing.search = SearchFieldState(query: "red", isEditing: true)
        typing.searchCount = "1 von 2"
        var none = overview(list(rows: [], empty: "Kein Produkt passt zu „zz“."), filter: 1)
        none.search = SearchFieldState(query: "zz")
        none.searchCount = "0 von 2"
        for columns in [80, 40] {
            assertSnapshot(Check24OverviewView().render(typing, in: context(columns, 16)), named: "overview-filter-typing-\(columns)x16")
            assertSnapshot(Check24OverviewView().render(none, in: context(columns, 16)), named: "overview-filter-no-match-\(columns)x16")
        }
        let idle = Check24OverviewView().render(overview(list()), in: context(40, 16)).text
        XCTAssertEqual(idle.split(separator: "\n", omittingEmptySubsequences: false)[2], " / / drücken zum Filtern")
    }

    /// The keys the overview takes are its bindings, and its help says each one (h/l and shift-tab
    /// switch the tab too; space pages).
    func testTheOverviewTakesTheKeysItsHelpSays() async {
        assertKeysAreTheBindings(Check24OverviewView.bindings, of: "check24 overview", context: context(80, 24)) {
            ModuleScreen<Check24OverviewView>(output: RecordingOverviewOutput(), viewModel: overview(list(selected: 1)))
        }
    }

    /// `/` starts the filter; while typing, hjkl, q and ? are text, ↑↓ still move, tab still switches the tab.
    func testSlashFiltersAndWhileTypingEveryLetterIsText() async {
        let output = RecordingOverviewOutput()
        let view = ModuleScreen<Check24OverviewView>(output: output, viewModel: overview(list(selected: 1)))
        XCTAssertFalse(view.capturesText)
        XCTAssertTrue(view.handle(.key(.character("/")), in: context(80, 24)))
        var typing = overview(list(selected: 1))
        typing.search = SearchFieldState(query: "", isEditing: true)
        view.display(typing)
        XCTAssertTrue(view.capturesText)
        for event: InputEvent in [.key(.character("l")), .key(.down), .key(.tab), .key(.enter)] {
            XCTAssertTrue(view.handle(event, in: context(80, 24)))
        }
        XCTAssertEqual(output.events.map { $0.hasPrefix("select") ? "select" : $0 },
                       ["search  editing true", "search l editing true", "select", "filter 1", "search  editing false"])
        XCTAssertTrue(Check24OverviewView.keys.contains(SearchInput.filterBinding(.german).help), "? and --help list the shared / key in German")
    }

    /// The picture boxes speak the screen's German: loading, none and why not, in every tier.
    func testPictureBoxesSayWhyInGerman() async {
        var rows = sampleRows
        rows[0].image = .loading
        rows[1].image = .none
        rows[2].image = .unavailable(reason: "image unavailable")
        for tier in [PictureTier.halfBlocks, .ascii, .text] {
            let frame = Check24OverviewView().render(overview(list(rows: rows)),
                                                   in: RenderContext(size: Size(columns: 120, rows: 30), colorMode: .none, pictures: tier))
            let text = frame.text
            for english in ["image", "loading", "picture", "none"] {
                XCTAssertFalse(text.lowercased().contains(english), "\(tier): '\(english)' in\n\(text)")
            }
            XCTAssertTrue(text.contains(tier == .text ? "[Bild]" : "lädt"), "\(tier):\n\(text)")
        }
    }

    func testLoadingShowsASpinner() async {
        let text = Check24OverviewView().render(overview(.loading), in: RenderContext(size: Size(columns: 60, rows: 10), colorMode: .none, tick: 2)).text
        XCTAssertTrue(text.contains("↓ Produkte werden geladen…"), text)
    }

    func testEmptyFavoritesSayHowToFillTheListAndKeepTheFooter() async {
        let frame = Check24OverviewView().render(overview(list(rows: [], empty: "Noch nichts vorgemerkt."), filter: 2), in: context(60, 14))
        assertSnapshot(frame, named: "overview-empty-favorites")
    }

    func testKeysMoveSelectFiltersAndOpen() async {
        let output = RecordingOverviewOutput()
        let view = ModuleScreen<Check24OverviewView>(output: output, viewModel: overview(list(selected: 1)))
        let ctx = context(80, 24)
        for key: Key in [.down, .up, .character("j"), .end, .home, .enter, .right, .left, .tab, .character("r")] {
            _ = view.handle(.key(key), in: ctx)
        }
        // Under the tabs and the filter line, 20 lines of list: the third product scrolls the header away.
        XCTAssertEqual(output.events.prefix(5), ["select 2 top 1 rows 0..<4", "select 0 top 0 rows 0..<3", "select 2 top 1 rows 0..<4",
                                                  "select 3 top 1 rows 0..<4", "select 0 top 0 rows 0..<3"])
        XCTAssertEqual(output.events.suffix(5), ["choose 1", "filter 1", "filter 2", "filter 1", "reload"])
    }

    func testMouseClicksATabOrARowAndTheWheelMoves() async {
        let output = RecordingOverviewOutput()
        let view = ModuleScreen<Check24OverviewView>(output: output, viewModel: overview(list()))
        let ctx = context(80, 24)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 12, row: 0)), in: ctx) // "Verfügbar"
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: 30, row: 12)), in: ctx) // inside the second row
        _ = view.handle(.mouse(MouseEvent(kind: .wheelDown, column: 30, row: 12)), in: ctx)
        XCTAssertEqual(output.events, ["filter 1", "touch 1", "select 1 top 0 rows 0..<3"])
    }

    /// Pull-to-refresh: the wheel turned up on the list at its top, or a row pressed and released
    /// further down there, reloads (as the iOS gesture does); lower in the list the wheel moves.
    func testTheWheelUpOrAPullDownAtTheTopReloads() async {
        let output = RecordingOverviewOutput()
        let ctx = context(80, 24)
        _ = ModuleScreen<Check24OverviewView>(output: output, viewModel: overview(list())).handle(.mouse(MouseEvent(kind: .wheelUp, column: 30, row: 12)), in: ctx)
        var touched = overview(list())
        touched.touchedRow = 0
        _ = ModuleScreen<Check24OverviewView>(output: output, viewModel: touched).handle(.mouse(MouseEvent(kind: .release, column: 30, row: 13)), in: ctx)
        XCTAssertEqual(output.events, ["reload", "cancel touch", "reload"])
        output.events = []
        _ = ModuleScreen<Check24OverviewView>(output: output, viewModel: overview(list(selected: 1))).handle(.mouse(MouseEvent(kind: .wheelUp, column: 30, row: 12)), in: ctx)
        XCTAssertEqual(output.events, ["select 0 top 0 rows 0..<3"])
    }

    func testAPressTouchesARowAndOnlyAReleaseOnTheSameRowOpensIt() async {
        let output = RecordingOverviewOutput()
        var model = overview(list())
        model.touchedRow = 1
        let view = ModuleScreen<Check24OverviewView>(output: output, viewModel: model)
        let ctx = context(80, 24)
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: 30, row: 13)), in: ctx) // still the second row
        _ = view.handle(.mouse(MouseEvent(kind: .release, column: 30, row: 3)), in: ctx)  // the header: off the row
        _ = view.handle(.key(.down), in: ctx)
        XCTAssertEqual(output.events, ["choose 1", "cancel touch", "cancel touch", "select 1 top 0 rows 0..<3"])
    }

    func testATouchedRowIsWhiteOnBlueOrReversedWithoutColors() async {
        var model = overview(list())
        model.touchedRow = 0
        let colored = Check24OverviewView().render(model, in: context(80, 24, .trueColor))
        let lines = colored.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let yellow = try! XCTUnwrap(lines.firstIndex { $0.contains("Yellow Triangle") })
        XCTAssertEqual(colored[40, yellow].style.background, Theme.touched(.trueColor).background)
        XCTAssertEqual(colored[40, yellow + 1].style.background, Theme.touched(.trueColor).background, "the whole row")
        assertStyleSnapshot(colored, named: "overview-80x24-touched")
        let plain = Check24OverviewView().render(model, in: context(80, 24))
        XCTAssertTrue(plain[40, yellow].style.reverse, "reverse video without colors")
    }

    func testScrollingKeepsTheSelectionVisibleAndTheFooterIsTheLastRow() async {
        let layout = Check24OverviewLayout(size: Size(columns: 80, rows: 12), header: Check24Fixtures.header, notice: nil,
                                           rows: ProductRows(sampleRows), emptyMessage: nil)
        XCTAssertEqual(layout.virtual.count, 5, "the header, three products and the footer")
        XCTAssertEqual(layout.firstVisibleRow(showing: 0, previous: 3), 0, "the first row shows the header too")
        let footer = layout.firstVisibleRow(showing: 3, previous: 0)
        XCTAssertEqual(footer, layout.virtual.maximumTop, "end scrolls to the bottom")
        let frame = Check24OverviewView().render(overview(list(selected: 3, offset: footer)), in: context(80, 12))
        let footerLine = frame.text.split(separator: "\n").first { $0.contains("© 2016 Check24") }
        XCTAssertEqual(footerLine?.hasPrefix("▌"), true, "the footer is shown and selected:\n\(frame.text)")
        XCTAssertFalse(frame.text.contains("Check24 Shape Comparison"), "scrolled past the header")
    }
}

@MainActor
final class RecordingDetailViewOutput: Check24DetailViewOutput {
    var events: [String] = []
    func didLoad() { events.append("load") }
    func didToggleFavorite() { events.append("toggle") }
    func didRequestCopy() { events.append("copy") }
    func didMoveFocus(to focus: Check24DetailViewModel.Focus) { events.append("focus \(focus)") }
    func didActivateFocus() { events.append("activate") }
    func didChooseFooter() { events.append("footer") }
    func didScroll(to offset: Int) { events.append("scroll \(offset)") }
    func didRequestClose() { events.append("close") }
}

@MainActor
final class DetailViewTests: XCTestCase {
    private func detail(favorite: Bool = false, offset: Int = 0, focus: Check24DetailViewModel.Focus = .favoriteButton) -> Check24DetailViewModel {
        Check24DetailViewModel(
            name: "Yellow Triangle", isFavorite: favorite, price: "225,91 €", stars: "★★☆☆☆", releaseDate: "14.04.2016",
            color: "Yellow", colorCode: "FFECB3", availability: "Verfügbar",
            description: "Three corners, the strongest shape there is.",
            longDescription: "The simplest polygon.\n\nRigid by nature: push on one corner and the others hold.\n\nTip: two of them make a square.",
            favoriteButtonTitle: favorite ? "Vergessen" : "Vormerken", footer: "© 2016 Check24", image: .loaded(sampleImage),
            focus: focus, scrollOffset: offset, notice: nil)
    }

    private func context(_ columns: Int, _ rows: Int, _ mode: ColorMode = .none) -> RenderContext {
        RenderContext(size: Size(columns: columns, rows: rows), colorMode: mode)
    }

    /// The keys the details take are their bindings, and their help says each one (space, home and end
    /// scroll; shift-tab moves the focus too).
    func testTheDetailsTakeTheKeysTheirHelpSays() async {
        assertKeysAreTheBindings(Check24DetailView.bindings, of: "check24 details", context: context(80, 20)) {
            ModuleScreen<Check24DetailView>(output: RecordingDetailViewOutput(), viewModel: self.detail())
        }
    }

    func testAPictureThatFailedSaysWhyInGerman() async {
        var model = detail()
        model.image = .unavailable(reason: "image unavailable")
        let frame = Check24DetailView().render(model, in: context(120, 30))
        XCTAssertTrue(frame.text.contains("Bild nicht verfügbar"), frame.text)
    }

    func testBeforeAndAfterVormerken() async {
        assertSnapshot(Check24DetailView().render(detail(), in: context(80, 30)), named: "detail-80x30")
        let favorite = Check24DetailView().render(detail(favorite: true), in: context(80, 30, .trueColor))
        assertSnapshot(favorite, named: "detail-80x30-vorgemerkt")
        XCTAssertEqual(favorite[1, 0].style.foreground, .blue, "a favorite's name is blue: the theme's blue, which reads on its background")
        XCTAssertEqual(ColorTheme.dark.resolve(favorite[1, 0].style.foreground), .rgb(0x6C, 0xB4, 0xFF, fallback: 75))
        XCTAssertEqual(ColorTheme.light.resolve(favorite[1, 0].style.foreground), .rgb(0x15, 0x65, 0xC0, fallback: 25))
        XCTAssertTrue(favorite.text.contains("Yellow Triangle ♥"))
        XCTAssertTrue(favorite.text.contains("[ Vergessen ]"))
        let plain = Check24DetailView().render(detail(), in: context(80, 30, .trueColor))
        XCTAssertEqual(plain[1, 0].style.foreground, .default)
    }

    func testNarrowAndWide() async {
        assertSnapshot(Check24DetailView().render(detail(), in: context(40, 40)), named: "detail-40x40")
        assertSnapshot(Check24DetailView().render(detail(), in: context(120, 30)), named: "detail-120x30")
    }

    func testLongDescriptionKeepsItsParagraphsAndEverythingIsUncut() async {
        let text = Check24DetailView().render(detail(), in: context(60, 40)).text
        XCTAssertTrue(text.contains(" The simplest polygon.\n\n Rigid by nature: push on one corner and the others hold.\n\n Tip: two of them make a square."), text)
        XCTAssertTrue(text.contains("Erscheinungsdatum: 14.04.2016"))
        XCTAssertTrue(text.contains("Farbe: Yellow (#FFECB3)"))
        XCTAssertTrue(text.contains("© 2016 Check24"))
    }

    func testScrollsWhenTallerThanTheScreen() async {
        let output = RecordingDetailViewOutput()
        let view = ModuleScreen<Check24DetailView>(output: output, viewModel: detail())
        let ctx = context(60, 12)
        let maximum = Check24DetailView.maxScrollOffset(detail(), size: ctx.size)
        XCTAssertGreaterThan(maximum, 0)
        _ = view.handle(.key(.down), in: ctx)
        _ = view.handle(.key(.end), in: ctx)
        _ = view.handle(.mouse(MouseEvent(kind: .wheelDown, column: 1, row: 1)), in: ctx)
        XCTAssertEqual(output.events, ["scroll 1", "scroll \(maximum)", "scroll 1"])
        let bottom = Check24DetailView().render(detail(offset: maximum), in: ctx).text
        XCTAssertTrue(bottom.contains("© 2016 Check24"), bottom)
    }

    func testKeysAndClicks() async {
        let output = RecordingDetailViewOutput()
        let view = ModuleScreen<Check24DetailView>(output: output, viewModel: detail())
        let ctx = context(80, 30)
        _ = view.handle(.key(.character("f")), in: ctx)
        _ = view.handle(.key(.enter), in: ctx)
        _ = view.handle(.key(.tab), in: ctx)
        _ = view.handle(.key(.escape), in: ctx)
        let layout = Check24DetailView.Layout(detail(), width: 80)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: layout.button.column + 2, row: layout.button.row)), in: ctx)
        _ = view.handle(.mouse(MouseEvent(kind: .press(button: 0), column: layout.footerColumn + 1, row: layout.footerRow)), in: ctx)
        XCTAssertEqual(output.events, ["toggle", "activate", "focus footer", "close", "toggle", "footer"])
    }

    /// The key bar comes from the same list as the `?` overlay and `--help`, and names what `f` does now.
    func testKeyBarComesFromTheKeyListAndNamesTheFavoriteAction() async {
        XCTAssertEqual(Check24DetailView.keyBar(favoriteButtonTitle: "Vergessen"),
                       "esc zurück  f Vergessen  tab wählen  ↑↓ blättern  ? Tasten  q beenden")
        XCTAssertTrue(Check24DetailView.keys.contains { $0.keys == "f" && $0.action == "Vormerken / Vergessen" })
    }
}
