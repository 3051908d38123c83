import XCTest
import HTMLText

final class EntityTests: XCTestCase {
    /// The text of `html` as one line, with U+00A0 kept (singleLineText would make it a space).
    private func decoded(_ html: String) -> String {
        HTMLDocument.parse(html).blocks.flatMap { $0.lines.flatMap { $0.map(\.text) } }.joined()
    }

    func testNamedEntitiesFromRealPages() {
        let table: [(entity: String, expected: String)] = [
            ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&apos;", "'"), ("&#39;", "'"),
            ("&nbsp;", "\u{A0}"),
            ("&auml;", "ä"), ("&ouml;", "ö"), ("&uuml;", "ü"), ("&Auml;", "Ä"), ("&Ouml;", "Ö"), ("&Uuml;", "Ü"), ("&szlig;", "ß"),
            ("&euro;", "€"), ("&copy;", "©"), ("&reg;", "®"), ("&trade;", "™"),
            ("&ndash;", "–"), ("&mdash;", "—"), ("&hellip;", "…"),
            ("&laquo;", "«"), ("&raquo;", "»"), ("&bdquo;", "„"), ("&ldquo;", "“"), ("&rdquo;", "”"),
            ("&lsquo;", "‘"), ("&rsquo;", "’"), ("&sbquo;", "‚"),
            ("&bull;", "•"), ("&middot;", "·"), ("&sect;", "§"), ("&deg;", "°"), ("&times;", "×"),
            ("&shy;", ""),
        ]
        for (entity, expected) in table {
            XCTAssertEqual(decoded("x\(entity)y"), "x\(expected)y", entity)
        }
    }

    func testLatin1LettersWithAccents() {
        let table: [(entity: String, expected: String)] = [
            ("eacute", "é"), ("egrave", "è"), ("ecirc", "ê"), ("aacute", "á"), ("agrave", "à"), ("acirc", "â"),
            ("oacute", "ó"), ("ograve", "ò"), ("ocirc", "ô"), ("uacute", "ú"), ("ugrave", "ù"), ("ucirc", "û"),
            ("iacute", "í"), ("igrave", "ì"), ("icirc", "î"), ("ntilde", "ñ"), ("ccedil", "ç"),
            ("Eacute", "É"), ("Egrave", "È"), ("Ecirc", "Ê"), ("Aacute", "Á"), ("Agrave", "À"), ("Acirc", "Â"),
            ("Oacute", "Ó"), ("Ograve", "Ò"), ("Ocirc", "Ô"), ("Uacute", "Ú"), ("Ugrave", "Ù"), ("Ucirc", "Û"),
            ("Iacute", "Í"), ("Igrave", "Ì"), ("Icirc", "Î"), ("Ntilde", "Ñ"), ("Ccedil", "Ç"),
            ("euml", "ë"), ("iuml", "ï"), ("yuml", "ÿ"), ("aring", "å"), ("aelig", "æ"), ("oslash", "ø"),
            ("iexcl", "¡"), ("iquest", "¿"), ("frac12", "½"), ("plusmn", "±"), ("micro", "µ"), ("para", "¶"),
        ]
        for (name, expected) in table {
            XCTAssertEqual(decoded("&\(name);"), expected, name)
        }
    }

    func testOtherNamedEntities() {
        let table: [(entity: String, expected: String)] = [
            ("&alpha;", "α"), ("&Omega;", "Ω"), ("&rarr;", "→"), ("&larr;", "←"), ("&le;", "≤"), ("&ne;", "≠"),
            ("&infin;", "∞"), ("&permil;", "‰"), ("&dagger;", "†"), ("&lsaquo;", "‹"), ("&rsaquo;", "›"),
            ("&OElig;", "Œ"), ("&scaron;", "š"), ("&hearts;", "♥"), ("&thinsp;", "\u{2009}"), ("&AMP;", "&"),
            ("&check;", "✓"), ("&lang;", "⟨"),
        ]
        for (entity, expected) in table {
            XCTAssertEqual(decoded(entity), expected, entity)
        }
    }

    func testEntityNamesAreCaseSensitive() {
        XCTAssertEqual(decoded("&Auml;&auml;"), "Ää")
        XCTAssertEqual(decoded("&AUML;"), "&AUML;")
        XCTAssertEqual(decoded("&Euro;"), "&Euro;")
    }

    func testNumericReferences() {
        let table: [(reference: String, expected: String)] = [
            ("&#228;", "ä"), ("&#xE4;", "ä"), ("&#XE4;", "ä"), ("&#xe4;", "ä"), ("&#00228;", "ä"),
            ("&#8364;", "€"), ("&#x1F600;", "😀"), ("&#65;", "A"),
            ("&#0;", "\u{FFFD}"), ("&#xD800;", "\u{FFFD}"), ("&#xDFFF;", "\u{FFFD}"),
            ("&#x110000;", "\u{FFFD}"), ("&#99999999999999999999;", "\u{FFFD}"), ("&#xFFFFFFFFFFFF;", "\u{FFFD}"),
            // U+0080–U+009F are read as Windows-1252, as browsers do; its holes stay C1 and are sanitized.
            ("&#128;", "€"), ("&#150;", "–"), ("&#151;", "—"), ("&#x93;", "“"), ("&#x81;", "\u{FFFD}"),
            ("&#228x", "äx"), ("&#x41g", "Ag"), // the semicolon is optional
        ]
        for (reference, expected) in table {
            XCTAssertEqual(decoded(reference), expected, reference)
        }
    }

    func testMissingSemicolonOnlyForLegacyNamesAsWholeWords() {
        let table: [(html: String, expected: String)] = [
            ("AT&amp T", "AT& T"), ("&copy 2016", "© 2016"), ("Gr&uuml&szlig;e", "Grüße"), ("&lt-&gt", "<->"),
            ("x&auml", "xä"), ("&quot,", "\","),
            ("&ampfoo", "&ampfoo"), ("&copyright;", "&copyright;"), ("&euro 5", "&euro 5"), ("&hellip.", "&hellip."),
        ]
        for (html, expected) in table {
            XCTAssertEqual(decoded(html), expected, html)
        }
    }

    func testMalformedReferencesStayLiteral() {
        let table = [
            "AT&T", "a & b", "a &", "&;", "&#;", "&#x;", "&#xg;", "&#", "&unknown;", "&Ampersand;", "&&amp",
            "&" + String(repeating: "a", count: 40) + ";",
        ]
        let expected = [
            "AT&T", "a & b", "a &", "&;", "&#;", "&#x;", "&#xg;", "&#", "&unknown;", "&Ampersand;", "&&",
            "&" + String(repeating: "a", count: 40) + ";",
        ]
        for (html, expected) in zip(table, expected) {
            XCTAssertEqual(decoded(html), expected, html)
        }
    }

    func testAttributeValuesKeepQueryStrings() {
        let document = HTMLDocument.parse(#"<a href="/s?a=1&copy=2&amp;b=3&lang=de&euro&auml;">x</a>"#)
        XCTAssertEqual(document.links.map(\.href), ["/s?a=1&copy=2&b=3&lang=de&euro&auml;".replacingOccurrences(of: "&auml;", with: "ä")])
        XCTAssertEqual(HTMLDocument.parse(#"<img alt="Tom &amp; Jerry &copy 2016">"#).singleLineText, "[Tom & Jerry © 2016]")
    }

    func testDecodedControlCharactersAreSanitized() {
        XCTAssertEqual(decoded("&#27;[31mred&#x1b;[0m"), "�[31mred�[0m")
        XCTAssertEqual(decoded("a&#7;b&#127;c&#x81;d"), "a�b�c\u{FFFD}d")
        XCTAssertEqual(decoded("&#x202E;evil"), "\u{FFFD}evil")
    }

    func testDecodedWhitespaceCollapsesAndInvisibleMarksAreDropped() {
        XCTAssertEqual(decoded("a&#10;&#9; &#32;b"), "a b")
        XCTAssertEqual(decoded("Silben&shy;trennung"), "Silbentrennung")
        XCTAssertEqual(decoded("a&lrm;b&rlm;c\u{200E}d"), "abcd")
    }
}
