import Foundation
import HTTPClient
import ImageKitTesting
import Navigation
import ResourceDirectoryTesting
import XCTest
@testable import ResourceDirectory
import TextSearch

final class InteractorTests: XCTestCase {
    private func titles(_ entries: [ResourceEntry]) -> [String] { entries.map(\.resource.title) }

    /// A–Z, then Z–A, then A–Z again, ignoring case and diacritics: `Éclair` sorts with E, `élan` with E too.
    func testSortTogglesAToZAndZToAIgnoringCaseAndDiacritics() async throws {
        let interactor = ResourceListInteractor(service: FakeResourceDirectoryService(), images: FakeImageLoader())
        let entries = try await interactor.obtainResources(in: ResourceDirectoryFixtures.restaurants).entries
        XCTAssertEqual(titles(entries), ["Pizza Spanos", "élan bistro", "Zócalo", "Éclair", "bagel corner"], "the file's order first")
        var order = ResourceSortOrder.original
        var seen: [[String]] = []
        for _ in 0..<3 {
            order = order.next
            seen.append(titles(await interactor.obtainSorted(entries, order: order)))
        }
        XCTAssertEqual(seen, [["bagel corner", "Éclair", "élan bistro", "Pizza Spanos", "Zócalo"],
                              ["Zócalo", "Pizza Spanos", "élan bistro", "Éclair", "bagel corner"],
                              ["bagel corner", "Éclair", "élan bistro", "Pizza Spanos", "Zócalo"]])
    }

    func testSortingIsStableAndTotalForTitlesThatFoldAlike() {
        let entries = ["Eclair", "éclair", "Éclair", "eclair"].map { ResourceListInteractor.entry(ResourceDirectoryFixtures.resource($0)) }
        let ascending = titles(ResourceListInteractor.sorted(entries, order: .ascending))
        XCTAssertEqual(ascending, titles(ResourceListInteractor.sorted(entries.reversed(), order: .ascending)), "the same order from any start")
        XCTAssertEqual(titles(ResourceListInteractor.sorted(entries, order: .descending)), ascending.reversed())
    }

    func testTheSummaryIsOneLineOfTextNeverATagOrAnEntity() {
        let entry = ResourceListInteractor.entry(ResourceDirectoryFixtures.resource("A", description: "<p>Fish &amp; <b>chips</b></p>\n<ul><li>one</li><li>two&nbsp;more</li></ul><script>x()</script>"))
        XCTAssertFalse(entry.summary.contains("<") || entry.summary.contains("&amp;") || entry.summary.contains("&nbsp;")
                       || entry.summary.contains("\n") || entry.summary.contains("x()"), entry.summary)
        XCTAssertEqual(entry.summary, "Fish & chips • one • two more")
        XCTAssertEqual(entry.descriptionText, "Fish & chips\n\n• one\n• two more", "the details keep paragraphs and list items")
    }

    func testFilteringByTitleIgnoresCaseAndDiacritics() {
        let entries = ResourceDirectoryFixtures.resources().resources.map(ResourceListInteractor.entry)
        let matching = { (query: String) in SearchMatches(SearchQuery(query), in: ResourceListInteractor.searchTexts(entries)).positions.map { entries[$0].resource.title } }
        XCTAssertEqual(matching("ECL"), ["Éclair"])
        XCTAssertEqual(matching("ÉLA"), ["élan bistro"])
        XCTAssertEqual(matching("é"), ["élan bistro", "Éclair"], "é matches every word starting with e")
        XCTAssertEqual(matching("orner"), [], "inside a word is no match")
        XCTAssertEqual(matching("  ").count, entries.count)
        XCTAssertEqual(matching("zzz"), [])
        XCTAssertEqual(matching("corner BAG"), ["bagel corner"], "every word, in any order")
    }

    /// A key typed at the end narrows the last matches: the same rows as a scan of every entry.
    func testATypedLetterNarrowsThePreviousMatches() {
        let entries = ResourceDirectoryFixtures.resources().resources.map(ResourceListInteractor.entry)
        let interactor = ResourceListInteractor(service: FakeResourceDirectoryService(), images: FakeImageLoader())
        let texts = interactor.obtainSearchTexts(of: entries)
        let e = SearchMatches(SearchQuery("e"), in: texts)
        let ec = e.refined(to: SearchQuery("ec"), in: texts)
        XCTAssertEqual(ec, SearchMatches(SearchQuery("ec"), in: ResourceListInteractor.searchTexts(entries)))
        XCTAssertTrue(Set(ec.positions).isSubset(of: e.positions))
    }

    func testCategoryTitlesAreFoldedOnceAndFilteredByEveryWord() {
        let interactor = ResourceCategoriesInteractor(service: FakeResourceDirectoryService())
        let categories = [ResourceCategory(id: "1", slug: "restaurants", title: "Restaurants"),
                          ResourceCategory(id: "2", slug: "vacation-spots", title: "Vacation Spots"),
                          ResourceCategory(id: "3", slug: "cafes", title: "Cafés & Crêpes")]
        let texts = interactor.obtainSearchTexts(of: categories)
        XCTAssertEqual((0..<texts.count).map { texts[$0] }, [" restaurants", " vacation spots", " cafes crepes"], "the words, each after a space")
        XCTAssertEqual(SearchMatches(SearchQuery("CRÊPE"), in: texts).positions, [2])
        XCTAssertEqual(SearchMatches(SearchQuery("spots vac"), in: texts).positions, [1])
    }

    func testACategoryWithoutAKnownFileIsItsOwnErrorAndAsksNothing() async {
        let service = FakeResourceDirectoryService()
        let interactor = ResourceListInteractor(service: service, images: FakeImageLoader())
        do throws(ResourceDirectoryError) {
            _ = try await interactor.obtainResources(in: ResourceDirectoryFixtures.museums)
            XCTFail("no resources expected")
        } catch {
            XCTAssertEqual(error, .noKnownFile(category: "Museums"))
        }
        XCTAssertEqual(service.resourceRequests, [])
    }

    func testTransportFailuresBecomeTheFeaturesErrors() async {
        let service = FakeResourceDirectoryService(categories: [.failure(HTTPError.offline("127.0.0.1:9"))],
                                                   resources: ["restaurants.json": .failure(HTTPError.status(code: 500, body: nil))])
        do throws(ResourceDirectoryError) {
            _ = try await ResourceCategoriesInteractor(service: service).obtainCategories()
            XCTFail("no categories expected")
        } catch {
            XCTAssertEqual(error, .categoriesUnavailable(.noConnection(endpoint: "127.0.0.1:9")))
            XCTAssertEqual(ResourceDirectoryTexts.message(for: error),
                           "The categories could not be loaded. No connection to 127.0.0.1:9 — is the server running?")
        }
        do throws(ResourceDirectoryError) {
            _ = try await ResourceListInteractor(service: service, images: FakeImageLoader()).obtainResources(in: ResourceDirectoryFixtures.restaurants)
            XCTFail("no resources expected")
        } catch {
            XCTAssertEqual(error, .resourcesUnavailable(category: "Restaurants", failure: .status(code: 500)))
            XCTAssertEqual(ResourceDirectoryTexts.message(for: error),
                           "The resources of “Restaurants” could not be loaded. The server answered 500 Internal Server Error.")
        }
    }
}
