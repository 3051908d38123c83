import SystemActions
import XCTest

final class EmailTests: XCTestCase {
    func testAddressSubjectAndBodyArePercentEncoded() {
        assertLink("mailto:info@example.com") { try .email(to: "info@example.com") }
        let action = assertLink("mailto:a+tag@example.com?subject=Hello%20World%20%26%20more%3F&body=Line%201%0D%0ALine%202") {
            try .email(to: "a+tag@example.com", subject: "Hello World & more?", body: "Line 1\nLine 2")
        }
        XCTAssertEqual(action?.kind, .email)
        assertLink("mailto:a@b.example,c@d.example?cc=e@f.example,g@h.example") {
            try .email(to: ["a@b.example", "c@d.example"], cc: ["e@f.example", "g@h.example"])
        }
        assertLink("mailto:j%C3%B6rg@m%C3%BCller.example?subject=%C3%9Cber%20%F0%9F%98%80") {
            try .email(to: "jörg@müller.example", subject: "Über 😀")
        }
        assertLink("mailto:a@b.example", "empty subject and body are left out") { try .email(to: "a@b.example", subject: "", body: "") }
    }

    func testLineBreaksInTheSubjectBecomeSpacesAndTheBodyKeepsThemAsCRLF() {
        // A subject is one header line: a line break there could smuggle a header in a naive mail client.
        assertLink("mailto:a@b.example?subject=Hi%20Bcc%3A%20spy%40evil.example") {
            try .email(to: "a@b.example", subject: "Hi\r\nBcc: spy@evil.example")
        }
        assertLink("mailto:a@b.example?subject=one%20two%20three") { try .email(to: "a@b.example", subject: "\none\rtwo\tthree\n") }
        assertLink("mailto:a@b.example?body=one%0D%0Atwo%0D%0Athree%0D%0A%0D%0Afour%09tab") {
            try .email(to: "a@b.example", body: "one\r\ntwo\rthree\n\nfour\ttab")
        }
        assertLink("mailto:a@b.example?subject=red&body=%5B2Jtext", "ESC and bidi controls are dropped") {
            try .email(to: "a@b.example", subject: "\u{1B}red\u{202E}", body: "\u{1B}[2Jtext\u{7F}")
        }
        assertLink("mailto:a@b.example?body=%22%24%28reboot%29%22%20%60id%60%3B%20rm%20-rf%20~") {
            try .email(to: "a@b.example", body: "\"$(reboot)\" `id`; rm -rf ~")
        }
    }

    func testHostileAddressesAreRejected() {
        let hostile = [
            "a@b.c; rm -rf ~", "\"$(reboot)\"@x.y", "a@b.example\n", "a\n@b.example", "a@b.example\r\nBcc: spy@evil.example",
            "a b@c.example", "Name <a@b.example>", "a@b", "a@-b.example", "a@b-.example", "a..b@c.example", ".a@b.example",
            "a.@b.example", "a@b.example@c.example", "@b.example", "a@", "", "a@[127.0.0.1]", "a@b.example(comment)",
            "a@b_c.example", "$(reboot)@x.y", "a@b.example;", "a@b.example,c@d.example", "a@b..example",
            "a\u{202E}@b.example", String(repeating: "a", count: 65) + "@b.example",
            "a@" + String(repeating: "b", count: 64) + ".example",
        ]
        for address in hostile {
            assertRejects(.invalidEmailAddress, address.debugDescription) { try .email(to: address) }
            assertRejects(.invalidEmailAddress, "cc \(address.debugDescription)") { try .email(to: "ok@b.example", cc: [address]) }
        }
    }

    func testUnusualButValidAddressesAreEncoded() {
        // RFC 5322 atext allows these; nothing reaches a shell, and the link carries them percent-encoded.
        assertLink("mailto:%60id%60@x.example") { try .email(to: "`id`@x.example") }
        assertLink("mailto:o%27brien@x.example") { try .email(to: "o'brien@x.example") }
        assertLink("mailto:%24HOME%7Cx@x.example") { try .email(to: "$HOME|x@x.example") }
        assertLink("mailto:-x@y.example", "a leading - is inside the link, after mailto:") { try .email(to: "-x@y.example") }
        assertLink("mailto:a@b.example", "spaces around an address are trimmed") { try .email(to: "  a@b.example ") }
        let longest = String(repeating: "a", count: 64) + "@" + String(repeating: "b", count: 63) + ".example"
        assertLink("mailto:" + longest) { try .email(to: longest) }
    }

    func testARecipientIsRequiredAndTheLinkIsBounded() {
        assertRejects(.noRecipient) { try .email(to: [String](), cc: ["a@b.example"]) }
        let body = String(repeating: "x", count: 2100)
        assertRejects(.tooLong(limit: SystemAction.maximumLength)) { try .email(to: "a@b.example", body: body) }
        // Each "€" is 9 encoded bytes: 220 of them are 1980 bytes and fit, 230 do not.
        XCTAssertNoThrow(try SystemAction.email(to: "a@b.example", body: String(repeating: "€", count: 220)))
        assertRejects(.tooLong(limit: SystemAction.maximumLength)) { try .email(to: "a@b.example", body: String(repeating: "€", count: 230)) }
    }

    func testRawMailtoKeepsOnlyRecipientsCcSubjectAndBody() {
        // Decided: bcc (a recipient the person would not see), attach (would mail a local file) and every
        // other header are dropped silently; the draft still opens with what the person can see.
        let hostile = "mailto:a@b.example?subject=Hi&body=Yo&attach=/etc/passwd&Attachment=%2Fetc%2Fshadow"
            + "&bcc=spy@evil.example&In-Reply-To=%3Cx%3E&X-Header=1&cc=c@d.example"
        assertLink("mailto:a@b.example?cc=c@d.example&subject=Hi&body=Yo") { try .link(hostile) }
        assertLink("mailto:a@b.example?cc=c@d.example&subject=Hi&body=Yo") { try .email(mailto: hostile) }
        assertLink("mailto:a@b.example?cc=c@d.example", "recipients only in the query") { try .link("mailto:?to=a@b.example&cc=c@d.example") }
        assertLink("mailto:a@b.example?subject=x", "names and scheme are case-insensitive") { try .link("MAILTO:a@b.example?SUBJECT=x") }
        assertLink("mailto:a@b.example?subject=a%2Bb%20c", "+ is a plus sign, not a space") { try .link("mailto:a@b.example?subject=a+b%20c") }
        assertLink("mailto:a@b.example,d@e.example") { try .link("mailto:a@b.example,%20d@e.example") }
        assertLink("mailto:a@b.example?subject=first", "the first subject wins") { try .link("mailto:a@b.example?subject=first&subject=second") }
        assertLink("mailto:a@b.example", "a fragment is dropped") { try .link("mailto:a@b.example#x?subject=y") }
        assertLink("mailto:a@b.example?subject=Hello%20World", "spaces in a raw link") { try .link("mailto:a@b.example?subject=Hello World") }
        assertLink("mailto:a@b.example?subject=x%20Bcc%3A%20y%40z.example", "encoded line breaks in the subject") {
            try .link("mailto:a@b.example?subject=x%0D%0ABcc:%20y@z.example")
        }
        assertLink("mailto:a@b.example", "email(mailto:) takes the payload without the scheme too") { try .email(mailto: "a@b.example") }
    }

    func testRawMailtoWithBadPartsIsRejected() {
        assertRejects(.invalidEmailAddress) { try .link("mailto:a@b.c; rm -rf ~") }
        assertRejects(.invalidEmailAddress, "encoded newline in the address") { try .link("mailto:a@b.example%0A") }
        assertRejects(.invalidEmailAddress) { try .link("mailto:%22$(reboot)%22@x.example") }
        assertRejects(.invalidEmailAddress, "bad address in cc") { try .link("mailto:a@b.example?cc=x;y") }
        assertRejects(.malformed) { try .link("mailto:a@b.example?subject=%zz") }
        assertRejects(.malformed, "encoded bytes that are not UTF-8") { try .link("mailto:a@b.example?body=%FF") }
        assertRejects(.noRecipient) { try .link("mailto:") }
        assertRejects(.noRecipient, "bcc alone is no recipient") { try .link("mailto:?bcc=spy@evil.example") }
        assertRejects(.controlCharacter) { try .email(mailto: "mailto:a@b.example?body=\u{1B}") }
        assertRejects(.tooLong(limit: 2048)) { try .email(mailto: "mailto:a@b.example?attach=" + String(repeating: "x", count: 2048)) }
        let error = assertRejects(.invalidEmailAddress) { try .link("mailto:x@y.example,bad") }
        XCTAssertEqual(error?.shownInput, "mailto:x@y.example,bad", "the message names the whole link")
    }

    /// The fields of a mail link, for writing it in the app: kept and dropped as the link would be, and checked.
    func testMailtoFieldsForAComposeScreen() throws {
        let fields = try SystemAction.emailFields(mailto: "mailto:a@b.example?subject=Hi%20there&body=L1%0D%0AL2&bcc=spy@evil.example&cc=c@d.example")
        XCTAssertEqual(fields, SystemAction.EmailFields(to: ["a@b.example"], cc: ["c@d.example"], subject: "Hi there", body: "L1\r\nL2"))
        XCTAssertEqual(try SystemAction.emailFields(mailto: "a@b.example").to, ["a@b.example"])
        XCTAssertThrowsError(try SystemAction.emailFields(mailto: "mailto:%22$(reboot)%22@x.example"))
        XCTAssertThrowsError(try SystemAction.emailFields(mailto: "mailto:?bcc=spy@evil.example"))
        XCTAssertThrowsError(try SystemAction.emailFields(mailto: "mailto:a@b.example?body=\u{1B}"))
    }
}
