import SystemActions
import XCTest

final class MapTests: XCTestCase {
    func testAddressesBecomeAPercentEncodedQuery() {
        let action = assertLink("geo:0,0?q=Alexanderplatz%201%2C%2010178%20Berlin") { try .map(address: "Alexanderplatz 1, 10178 Berlin") }
        XCTAssertEqual(action?.kind, .map)
        assertLink("geo:0,0?q=Main%20St%20%26%205th%20%232%3F%2C%20New%20York%20%F0%9F%97%BD") {
            try .map(address: "Main St & 5th #2?\nNew York 🗽")
        }
        assertLink("geo:0,0?q=a%3Db%26q%3Dc") { try .map(address: "a=b&q=c") }
        assertLink("geo:0,0?q=%24%28reboot%29%3B%20rm%20-rf%20~") { try .map(address: "$(reboot); rm -rf ~") }
    }

    func testAddressLinesJoinWithCommasAndControlsGo() {
        assertLink("geo:0,0?q=Street%201%2C%2010115%20Berlin%2C%20Germany") {
            try .map(address: "  Street 1\r\n\r\n10115   Berlin,\n\tGermany\n")
        }
        assertLink("geo:0,0?q=A%5B2JB") { try .map(address: "A\u{1B}[2JB\u{202E}") }
        assertLink("geo:0,0?q=-x", "a leading - is inside the query") { try .map(address: "-x") }
        for blank in ["", " \n\t ", "\u{1B}\u{7}", "\n"] {
            assertRejects(.empty, blank.debugDescription) { try .map(address: blank) }
        }
    }

    func testCoordinatesArePlainDecimals() {
        assertLink("geo:52.52,13.405") { try .map(latitude: 52.52, longitude: 13.405) }
        assertLink("geo:-33.8688,151.2093") { try .map(latitude: -33.8688, longitude: 151.2093) }
        assertLink("geo:0.00001,0", "no exponent, no -0") { try .map(latitude: 0.00001, longitude: -0.0) }
        assertLink("geo:0,0", "rounded to 7 places") { try .map(latitude: -0.00000001, longitude: 0.00000004) }
        assertLink("geo:90,-180") { try .map(latitude: 90, longitude: -180) }
        assertLink("geo:-90,180") { try .map(latitude: -90, longitude: 180) }
    }

    func testCoordinatesOutOfRangeOrNotFiniteAreRejected() {
        let bad: [(Double, Double)] = [
            (90.0001, 0), (-90.5, 0), (0, 180.0001), (0, -181), (.nan, 0), (0, .nan), (.infinity, 0), (0, -.infinity),
            (.greatestFiniteMagnitude, 0),
        ]
        for (latitude, longitude) in bad {
            assertRejects(.invalidCoordinates, "\(latitude),\(longitude)") { try .map(latitude: latitude, longitude: longitude) }
        }
    }

    func testGeoLinks() {
        assertLink("geo:52.52,13.405") { try .link("geo:52.52,13.405") }
        assertLink("geo:52.5,13.4", "altitude and parameters are dropped") { try .link("GEO:52.5,13.4,34;u=35") }
        assertLink("geo:0,0?q=Alexanderplatz%201%2C%20Berlin", "+ in q is a space") { try .link("geo:0,0?q=Alexanderplatz+1,+Berlin") }
        assertLink("geo:0,0?q=a%2Bb", "%2B is a plus") { try .link("geo:52,13?q=a%2Bb") }
        assertLink("geo:1,2", "other query items are dropped") { try .link("geo:1,2?z=3&attach=x") }
        assertRejects(.invalidCoordinates) { try .link("geo:91,0") }
        for link in ["geo:nan,0", "geo:1e5,0", "geo:inf,0", "geo:1", "geo:1,2,3,4", "geo:", "geo:+1,2", "geo:1.,2", "geo:0x10,2"] {
            assertRejects(.malformed, link) { try .link(link) }
        }
        assertRejects(.empty) { try .link("geo:0,0?q=%0A") }
        assertRejects(.malformed) { try .link("geo:0,0?q=%zz") }
    }
}
