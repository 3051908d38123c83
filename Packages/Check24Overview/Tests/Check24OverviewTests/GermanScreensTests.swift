import Check24OverviewTesting
import Foundation
import HTTPClient
import ImageKitTesting
import Navigation
import TerminalKit
import TerminalUI
import WebBrowserTesting
import SystemActionsTesting
import XCTest
@testable import Check24Overview

/// check24 speaks German on every screen: each state of each screen, with its key bar and its `?`
/// overlay, is driven through the host as `apps-cli check24` runs it, and no English word shows.
@MainActor
final class GermanScreensTests: XCTestCase {
    private let legal = URL(string: "http://pages.test/rechtliche-hinweise")!
    /// Words of the English texts these screens had; product data (the fixtures) contains none of them.
    private let englishWords = try! NSRegularExpression(pattern: #"\b(quit|keys|back|loading|retry|could|press|the|move|open|reload|focus|scroll|suspend|answered|connection|page|not|product|incomplete|favorite|something|failed|save|try|more)\b"#,
                                                        options: [.caseInsensitive])

    private func frame(catalog: FakeCheck24CatalogService = FakeCheck24CatalogService(),
                       favorites: InMemoryFavoritesService = InMemoryFavoritesService(),
                       pages: FakeWebPageLoader? = nil, opener: RecordingURLOpener = RecordingURLOpener(),
                       keys: [InputEvent], size: Size = Size(columns: 80, rows: 24)) async -> String {
        let host = HeadlessHost(size: size)
        host.controller.texts = Check24OverviewModule.navigationTexts
        let dependencies = Check24OverviewModule.Dependencies(
            catalog: catalog, favorites: favorites, images: FakeImageLoader(),
            pages: pages ?? FakeWebPageLoader([legal: "<title>Rechtliche Hinweise</title><a href='mailto:a@b.de'>Mail</a>"
                + String(repeating: "<p>Impressum</p>", count: 40)]),
            legalPageURL: legal, opener: opener)
        let screen = Check24OverviewModule.make(dependencies: dependencies, host: host.controller)
        return await host.run(root: screen, keys: keys.map { [$0] }).text
    }

    private func assertGerman(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let range = NSRange(text.startIndex..., in: text)
        let found = englishWords.matches(in: text, range: range).compactMap { Range($0.range, in: text).map { String(text[$0]) } }
        XCTAssertEqual(found, [], "\(what) shows English:\n\(text)", file: file, line: line)
        // The scroll hint at the bottom; `end` as a key name (`home/end`) is the same in every language.
        XCTAssertFalse(text.split(separator: "\n").contains { $0.hasSuffix(" end") }, "\(what) shows English:\n\(text)", file: file, line: line)
    }

    private let help = InputEvent.key(.character("?"))

    func testTheOverviewItsNoticesAndItsKeysAreGerman() async {
        let incomplete = { var product = Check24Fixtures.redSquare; product.unreadableFields = ["rating"]; return product }()
        let catalogs: [(String, Check24Catalog)] = [
            ("the overview", Check24Fixtures.catalog()),
            ("a skipped product's notice", Check24Fixtures.catalog(skipped: [SkippedProduct(index: 3, reason: .wrongType(field: "price"))])),
            ("an incomplete product's notice", Check24Fixtures.catalog([incomplete])),
            ("the empty list", Check24Fixtures.catalog([])),
        ]
        for (what, catalog) in catalogs {
            for keys in [[], [help]] {
                assertGerman(await frame(catalog: FakeCheck24CatalogService([.success(catalog)]), keys: keys), what)
            }
        }
        assertGerman(await frame(keys: [.key(.right), .key(.right)]), "the empty favorites")
        assertGerman(await frame(favorites: InMemoryFavoritesService(failReads: true), keys: []), "unreadable favorites")
        assertGerman(Check24OverviewView().render(overview(.loading), in: RenderContext(size: Size(columns: 80, rows: 24), colorMode: .none)).text,
                     "the loading view")
    }

    /// The `?` overlay at 60 columns wraps what a key does at words: "Fußzeile" and "öffnen" whole, not "Fußzeil", "öff".
    func testTheKeysOverlayWrapsAtWordsOnANarrowScreen() async {
        let overlay = await frame(keys: [help], size: Size(columns: 60, rows: 30))
        let words = Set(overlay.split(whereSeparator: { " │\n,".contains($0) }).map(String.init))
        XCTAssertTrue(words.contains("Fußzeile") && words.contains("öffnen"), overlay)
        XCTAssertFalse(words.contains("Fußzeil") || words.contains("öff"), overlay)
    }

    func testEveryLoadFailureIsWordedInGerman() async {
        let failures: [HTTPError] = [.offline("127.0.0.1:9"), .offline(""), .timeout(seconds: 2.5), .status(code: 503, body: nil),
                                     .decoding("products: expected a list"), .tooLarge(limit: 10_000_000), .connectionLost("h:1"),
                                     .invalidURL("x"), .unexpectedContentType("image/png"), .other("boom")]
        for failure in failures {
            for keys in [[], [help]] {
                let text = await frame(catalog: FakeCheck24CatalogService([.failure(failure)]), keys: keys)
                XCTAssertTrue(!keys.isEmpty || text.contains("Die Produkte konnten nicht geladen werden."), text)
                assertGerman(text, "the error view for \(failure)")
            }
        }
    }

    func testTheDetailsAFailedSaveAndTheirKeysAreGerman() async {
        let details = await frame(keys: [.key(.enter)], size: Size(columns: 60, rows: 14))
        XCTAssertTrue(details.contains("↓ mehr"), details)
        assertGerman(details, "the details")
        assertGerman(await frame(keys: [.key(.enter), .key(.end)], size: Size(columns: 60, rows: 14)), "the details' end")
        assertGerman(await frame(keys: [.key(.enter), help]), "the details' keys")
        let failed = await frame(favorites: InMemoryFavoritesService(failWrites: true), keys: [.key(.enter), .key(.character("f"))])
        XCTAssertTrue(failed.contains("Nicht gespeichert"), failed)
        assertGerman(failed, "a failed save")
    }

    func testTheLegalPageItsErrorsAndItsKeysAreGerman() async {
        let page = await frame(keys: [.key(.end), .key(.enter)])
        XCTAssertTrue(page.contains("↓ mehr"), page)
        assertGerman(page, "the legal page")
        let bottom = await frame(keys: [.key(.end), .key(.enter), .key(.end)])
        XCTAssertTrue(bottom.contains("Ende"), bottom)
        assertGerman(bottom, "the legal page's end")
        assertGerman(await frame(keys: [.key(.end), .key(.enter), help]), "the legal page's keys")
        // A mail link goes to the desktop's mail app (it once only said it would), and the notice says so in German.
        let opener = RecordingURLOpener()
        let mailed = await frame(opener: opener, keys: [.key(.end), .key(.enter), .key(.tab), .key(.enter)])
        XCTAssertEqual(opener.actions.map(\.description), ["mailto:a@b.de"])
        XCTAssertTrue(mailed.contains("Außerhalb der App geöffnet: mailto:a@b.de"), mailed)
        assertGerman(mailed, "a mail link's notice")
        opener.answer = .unavailable(message: "No desktop opener")
        let unavailable = await frame(opener: opener, keys: [.key(.end), .key(.enter), .key(.tab), .key(.enter)])
        XCTAssertTrue(unavailable.contains("Kein Programm öffnet den Link: mailto:a@b.de"), unavailable)
        assertGerman(unavailable, "a mail link no program opens")
        let failing = FakeWebPageLoader([:], failures: [legal: .status(code: 404, body: nil)])
        let text = await frame(pages: failing, keys: [.key(.end), .key(.enter)])
        XCTAssertTrue(text.contains("Die Seite konnte nicht geladen werden."), text)
        assertGerman(text, "the legal page's error")
    }
}
