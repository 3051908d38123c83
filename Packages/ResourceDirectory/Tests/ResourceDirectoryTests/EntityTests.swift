import Foundation
import HTTPClient
import JSONKit
import XCTest
@testable import ResourceDirectory

/// Decoding the real files (../shared/fixtures) and the irregular values they are known to hold.
final class EntityTests: XCTestCase {
    private func fixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../../../shared/fixtures/resource-directory/\(name)")
        return try Data(contentsOf: url.standardizedFileURL)
    }

    func testTheRealCategoriesAndTheirIrregularFiles() throws {
        let list = try LazyJSONDecoder().decode(ResourceCategoryList.self, from: try fixture("categories.json"))
        XCTAssertEqual(list.categories.map(\.title), ["Restaurants", "Vacation Spots"])
        XCTAssertEqual(list.categories.map(\.slug), ["restaurants", "vacation-spots"])
        XCTAssertEqual(list.categories.map(\.resourceFile), ["restaurants.json", "vacation-spot.json"], "vacation-spots lives in vacation-spot.json")
        XCTAssertEqual(list.categories[0].id, "ac5bd194-11de-48f6-94db-fd16cfccb570", "the eid, which resources name in category_eid")
        XCTAssertEqual(list.categories[0].description, "Find local restaurants")
        XCTAssertNil(list.categories[1].description)
        XCTAssertNil(ResourceCategory(id: "x", slug: "museums", title: "Museums").resourceFile, "an unknown slug has no file")
    }

    func testTheRealRestaurants() throws {
        let list = try LazyJSONDecoder().decode(ResourceList.self, from: try fixture("restaurants.json"))
        XCTAssertEqual(list.skippedReasons, [])
        let pizza = try XCTUnwrap(list.resources.first { $0.title == "Pizza Spanos" })
        XCTAssertEqual(pizza.descriptionHTML, "<p>Powering Devs Everywhere</p>")
        XCTAssertEqual(pizza.photoURL?.host, "s3.amazonaws.com")
        XCTAssertEqual(pizza.addresses.first?.formattedLines, ["1360 Sunnybrooke", "DDO, QC H9B 2W5", "Canada"])
        XCTAssertEqual(pizza.addresses.first?.gps, Coordinate(latitude: 45.490834, longitude: -73.777091), "gps arrives as strings")
        XCTAssertEqual(pizza.contact.phoneNumbers, ["15147028287"])
        XCTAssertEqual(pizza.contact.websites, ["https://www.google.com"])
        let elixor = try XCTUnwrap(list.resources.first { $0.title == "Elixor" })
        XCTAssertEqual(elixor.hours.openings[.monday], BusinessHours.Opening(from: "09:00 AM", to: "06:30 PM"))
        XCTAssertNil(elixor.hours.openings[.tuesday], "a missing day is closed")
        XCTAssertNil(elixor.addresses.first?.gps, "no gps: the maps search uses the address instead")
        let quickSeries = try XCTUnwrap(list.resources.first { $0.title == "QuickSeries" })
        XCTAssertEqual(quickSeries.contact.tollFreeNumbers, ["19003614653"])
        XCTAssertEqual(quickSeries.contact.faxNumbers, ["8773293291"])
        let quesada = try XCTUnwrap(list.resources.first { $0.title == "Quesada" })
        XCTAssertEqual(quesada.socialMedia.map(\.network), ["facebook", "twitter", "youtubeChannel"], "well-known networks first, in a stable order")
    }

    /// Empty strings, empty objects, wrong types and unusable values are dropped, never shown as empty rows.
    func testEmptyAndUnusableValuesAreDropped() throws {
        let json = #"""
        [{"title":"  Full  ","description":"<p>x</p>","photo":"javascript:alert(1)",
          "addresses":[{},{"address1":"","city":" "},{"address1":"1 Main","gps":{"latitude":"91","longitude":"0"}},42,
                       {"address1":"2 Main","gps":{"latitude":"45.5","longitude":"-73.6"}}],
          "contactInfo":{"phoneNumber":["", "  ", 5145551234, {}],"email":[""],"website":"https://one.example","faxNumber":null},
          "socialMedia":{"facebook":[""],"twitter":["https://twitter.com/x"],"myspace":[{}]},
          "bizHours":{"sunday":{},"monday":{"from":"9","to":""},"tuesday":{"from":"9:00","to":"17:00"},"funday":{"from":"1","to":"2"}},
          "freeText":["", "Note one", null]},
         {"description":"no title"},
         {"title":""},
         "not an object",
         {"title":"Bare"}]
        """#
        let list = try LazyJSONDecoder().decode(ResourceList.self, from: Data(json.utf8))
        XCTAssertEqual(list.resources.map(\.title), ["Full", "Bare"])
        XCTAssertEqual(list.skippedReasons.count, 3)
        XCTAssertTrue(list.skippedReasons[0].hasPrefix("#2: title"), list.skippedReasons[0])
        let full = list.resources[0]
        XCTAssertNil(full.photoURL, "only http(s) pictures")
        XCTAssertEqual(full.addresses.map(\.lines), [["1 Main"], ["2 Main"]])
        XCTAssertNil(full.addresses[0].gps, "latitude 91 is not on Earth")
        XCTAssertEqual(full.addresses[1].gps, Coordinate(latitude: 45.5, longitude: -73.6))
        XCTAssertEqual(full.contact.phoneNumbers, ["5145551234"], "a number written without quotes is still a phone number")
        XCTAssertEqual(full.contact.emails, [])
        XCTAssertEqual(full.contact.websites, ["https://one.example"], "a single value counts as a list of one")
        XCTAssertEqual(full.socialMedia, [SocialLink(network: "twitter", url: "https://twitter.com/x")])
        XCTAssertEqual(full.hours, BusinessHours([.tuesday: .init(from: "9:00", to: "17:00")]))
        XCTAssertEqual(full.notes, ["Note one"])
        XCTAssertTrue(list.resources[1].contact.isEmpty && list.resources[1].hours.isEmpty && list.resources[1].addresses.isEmpty)
        XCTAssertEqual(list.resources[1].id, "#5", "no id at all: its position")
    }

    /// The bundled demo: both categories' files exist, at least 12 resources each, every photo is there.
    func testTheBundledDemoIsComplete() throws {
        let directory = try XCTUnwrap(ResourceDirectoryModule.demoDataDirectory)
        let categories = try LazyJSONDecoder().decode(ResourceCategoryList.self,
                                                  from: Data(contentsOf: directory.appendingPathComponent("data/categories.json")))
        XCTAssertEqual(categories.categories.count, 2)
        for category in categories.categories {
            let file = try XCTUnwrap(category.resourceFile, category.slug)
            let list = try LazyJSONDecoder().decode(ResourceList.self, from: Data(contentsOf: directory.appendingPathComponent("data/\(file)")))
            XCTAssertGreaterThanOrEqual(list.resources.count, 12, file)
            XCTAssertEqual(list.skippedReasons, [])
            XCTAssertTrue(list.resources.contains { $0.title.first?.isLowercase == true }, "a lowercase title in \(file)")
            XCTAssertTrue(list.resources.contains { $0.title.unicodeScalars.contains { $0.value > 0x7F } }, "diacritics in \(file)")
            for resource in list.resources {
                let photo = try XCTUnwrap(resource.photoURL, resource.title)
                let local = directory.appendingPathComponent("photos").appendingPathComponent(photo.lastPathComponent)
                XCTAssertTrue(FileManager.default.fileExists(atPath: local.path), local.path)
            }
        }
    }
}
