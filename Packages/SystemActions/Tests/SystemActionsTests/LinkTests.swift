import Foundation
import SystemActions
import XCTest

final class LinkTests: XCTestCase {
    func testWebLinksAreKeptWithTheSchemeLowercased() {
        assertLink("https://example.com/path?q=1#top") { try .link("https://example.com/path?q=1#top") }
        assertLink("http://example.com") { try .link("http://example.com") }
        assertLink("https://Example.com") { try .link("HTTPS://Example.com") }
        let action = assertLink("https://example.com/a'b$c;d") { try .link("https://example.com/a'b$c;d") }
        XCTAssertEqual(action?.kind, .web)
    }

    func testSpacesAndNonASCIIInsideAWebLinkArePercentEncoded() {
        assertLink("https://example.com/a%20b") { try .link("https://example.com/a b") }
        assertLink("https://xn--r8jz45g.jp/%C3%BC") { try .link("https://例え.jp/ü") }
    }

    func testSpacesAroundALinkAreTrimmed() {
        // Decided: trimmed, as browsers trim an href; tabs and line breaks are rejected, not trimmed.
        assertLink("https://x.example") { try .link(" https://x.example") }
        assertLink("https://x.example") { try .link("\u{00A0} https://x.example  ") }
        assertRejects(.controlCharacter) { try .link("\thttps://x.example") }
        assertRejects(.controlCharacter) { try .link("https://x.example\n") }
    }

    func testControlCharactersAnywhereAreRejected() {
        let controls: [(String, String)] = [
            ("NUL", "\u{0}"), ("ESC", "\u{1B}"), ("BEL", "\u{7}"), ("LF", "\n"), ("CR", "\r"), ("TAB", "\t"),
            ("DEL", "\u{7F}"), ("NEL (C1)", "\u{85}"), ("CSI (C1)", "\u{9B}"), ("LINE SEPARATOR", "\u{2028}"),
            ("PARAGRAPH SEPARATOR", "\u{2029}"), ("LRE", "\u{202A}"), ("RLO", "\u{202E}"), ("LRI", "\u{2066}"),
            ("PDI", "\u{2069}"), ("RLM", "\u{200F}"), ("ALM", "\u{061C}"),
        ]
        for (name, control) in controls {
            for link in ["https://example.com/a\(control)b", "\(control)https://example.com", "https://example.com\(control)",
                         "mailto:a@b.example?body=x\(control)", "tel:12\(control)3"] {
                assertRejects(.controlCharacter, "\(name) in \(link.debugDescription)") { try .link(link) }
            }
        }
    }

    func testOptionLikeTextIsRejected() {
        for text in ["-x", "--help", " -x", "-", "--url=https://x.example", "-https://x.example"] {
            assertRejects(.startsWithDash, text) { try .link(text) }
        }
    }

    func testOnlyTheAllowlistedSchemesPass() {
        let rejected: [(String, String)] = [
            ("javascript:alert(1)", "javascript"), ("JAVASCRIPT:alert(1)", "javascript"), ("JavaScript:void(0)", "javascript"),
            ("file:///etc/passwd", "file"), ("FILE:///etc/passwd", "file"), ("data:text/html,<script>alert(1)</script>", "data"),
            ("ftp://example.com/x", "ftp"), ("vbscript:msgbox", "vbscript"), ("intent://scan#Intent;end", "intent"),
            ("ssh://host", "ssh"), ("x-scheme-handler:foo", "x-scheme-handler"), ("C:\\Windows\\system32", "c"),
        ]
        for (link, scheme) in rejected {
            assertRejects(.unsupportedScheme(scheme), link) { try .link(link) }
        }
        for link in ["https://x.example", "http://x.example", "mailto:a@b.example", "tel:1", "sms:1", "geo:1,2",
                     "HTTPS://x.example", "MAILTO:a@b.example", "Tel:1", "SMS:1", "GEO:1,2"] {
            XCTAssertNoThrow(try SystemAction.link(link), link)
        }
    }

    func testTextThatIsNotALinkIsRejected() {
        assertRejects(.empty) { try .link("") }
        assertRejects(.empty) { try .link("   ") }
        assertRejects(.missingScheme) { try .link("www.example.com") }
        assertRejects(.missingScheme) { try .link("/etc/passwd") }
        assertRejects(.missingScheme) { try .link(":x") }
        assertRejects(.malformed) { try .link("https://exa mple.com/") }
        assertRejects(.malformed) { try .link("https://example.com:99999/") }
    }

    func testWebLinksNeedAHostAndNoUserInfo() {
        for link in ["https://", "https:x", "http:/x", "https:///path", "http://?q=1"] {
            assertRejects(.missingHost, link) { try .link(link) }
        }
        assertRejects(.userInfo) { try .link("https://user:pw@example.com/") }
        assertRejects(.userInfo) { try .link("https://bank.example@evil.example/") }
    }

    func testLengthLimitIsExact() {
        let prefix = "https://example.com/"
        let longest = prefix + String(repeating: "a", count: SystemAction.maximumLength - prefix.utf8.count)
        XCTAssertEqual(longest.utf8.count, 2048)
        assertLink(longest) { try .link(longest) }
        let error = assertRejects(.tooLong(limit: 2048)) { try .link(longest + "a") }
        XCTAssertEqual(error?.shownInput.count, SystemActionError.shownInputLimit + 1, "80 characters and …")
        // The limit counts bytes: 683 three-byte characters are 2049 bytes.
        assertRejects(.tooLong(limit: 2048)) { try .link(String(repeating: "€", count: 683)) }
    }

    func testWebFromAURLValue() throws {
        let action = try SystemAction.web(XCTUnwrap(URL(string: "https://example.com/x?y=1")))
        XCTAssertEqual(action.kind, .web)
        XCTAssertEqual(action, try SystemAction.link("HTTPS://example.com/x?y=1"))
        assertRejects(.unsupportedScheme("file")) { try .web(URL(fileURLWithPath: "/etc/passwd")) }
        let script = try XCTUnwrap(URL(string: "javascript:alert(1)"))
        assertRejects(.unsupportedScheme("javascript")) { try .web(script) }
        let mail = try XCTUnwrap(URL(string: "mailto:a@b.example"))
        assertRejects(.unsupportedScheme("mailto"), "web(_:) is for pages only") { try .web(mail) }
    }

    func testErrorMessagesAreTerminalSafe() {
        let hostile = "\u{1B}]0;pwned\u{7}\u{1B}[2Jjavascript:alert(1)\u{202E}"
        let error = assertRejects(.controlCharacter) { try .link(hostile) }
        let message = error?.description ?? ""
        XCTAssertFalse(message.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0 == "\u{202E}" }, message.debugDescription)
        XCTAssertEqual(message, "“\u{FFFD}]0;pwned\u{FFFD}\u{FFFD}[2Jjavascript:alert(1)\u{FFFD}” cannot be opened: it contains control characters.")

        let scheme = assertRejects(.unsupportedScheme("javascript")) { try .link("JAVASCRIPT:alert(1)") }
        XCTAssertEqual(scheme?.description,
                       "“JAVASCRIPT:alert(1)” cannot be opened: “javascript:” links are not allowed (only https, http, mailto, tel, sms, geo).")

        let long = assertRejects(.unsupportedScheme("data")) { try .link("data:" + String(repeating: "x", count: 500)) }
        XCTAssertEqual(long?.shownInput, "data:" + String(repeating: "x", count: 75) + "…")
    }
}
