import SystemActions
import XCTest

final class PhoneTests: XCTestCase {
    func testSeparatorsAreDropped() {
        let call = assertLink("tel:+493012345") { try .phone("+49 (30) 123-45") }
        XCTAssertEqual(call?.kind, .phone)
        let text = assertLink("sms:+493012345") { try .message("+49 (30) 123-45") }
        XCTAssertEqual(text?.kind, .message)
        assertLink("tel:03012345", "slash, no-break space, dots") { try .phone("030/123\u{00A0}4.5") }
        assertLink("tel:0301234", "Unicode dashes") { try .phone("030\u{2013}12\u{2212}34") }
        assertLink("tel:+4930", "a + after leading spaces is still first") { try .phone("  +49 30") }
    }

    func testServiceCodesKeepStarAndHashEncoded() {
        assertLink("tel:*31%230301234") { try .phone("*31#0301234") }
        assertLink("sms:%23100") { try .message("#100") }
    }

    func testAnythingElseRejectsTheNumber() {
        let hostile = [
            "$(reboot)", "123;rm", "123; rm -rf ~", "`id`", "0800 FLOWERS", "1+2", "++49", "12\n34", "12\r34", "12\t34",
            "+49 30 1234 ext. 5", "١٢٣", "tel:123", "123,456", "123?body=x", "+", "*#", "12\u{202E}34", "１２３",
            String(repeating: "1", count: SystemAction.maximumDialStringLength + 1),
        ]
        for number in hostile {
            assertRejects(.invalidPhoneNumber, number.debugDescription) { try .phone(number) }
            assertRejects(.invalidPhoneNumber, number.debugDescription) { try .message(number) }
        }
        for blank in ["", "   ", "\u{00A0}"] {
            assertRejects(.empty, blank.debugDescription) { try .phone(blank) }
        }
        assertRejects(.invalidPhoneNumber, "separators only") { try .phone("-- ()") }
        assertLink("tel:" + String(repeating: "1", count: 32)) { try .phone(String(repeating: "1", count: 32)) }
    }

    func testTelAndSmsLinks() {
        assertLink("tel:+493012345") { try .link("tel:+49 (30) 123-45") }
        assertLink("tel:110") { try .link("TEL:110") }
        assertLink("tel:0301234", "tel:// as some apps write it") { try .link("tel://030-1234") }
        assertLink("tel:+4930") { try .link("tel:%2B4930") }
        assertLink("sms:+49123", "the sms query is dropped") { try .link("sms:+49123?body=hello") }
        assertRejects(.invalidPhoneNumber) { try .link("tel:123;rm") }
        assertRejects(.invalidPhoneNumber, "parameters are rejected, not dropped") { try .link("tel:+1-201-555-0123;ext=12") }
        assertRejects(.invalidPhoneNumber, "an encoded newline") { try .link("tel:%0A123") }
        assertRejects(.invalidPhoneNumber) { try .link("sms:$(reboot)") }
        assertRejects(.empty) { try .link("tel:") }
        assertRejects(.malformed) { try .link("tel:%zz") }
    }
}
