import Foundation
import XCTest
@testable import HTMLText
import TestSupport

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

    func testMissingSemicolonOnlyForLegacyNames() {
        let table: [(html: String, expected: String)] = [
            ("AT&amp T", "AT& T"), ("&copy 2016", "© 2016"), ("Gr&uuml&szlig;e", "Grüße"), ("&lt-&gt", "<->"),
            ("x&auml", "xä"), ("&quot,", "\","), ("&COPY 2016", "© 2016"), ("&REG", "®"),
            ("&euro 5", "&euro 5"), ("&hellip.", "&hellip."),
            // In text the standard decodes a legacy name whatever follows it (browsers and Python's
            // html.unescape too); these once stayed as written, when a name had to be a whole word.
            ("&ampfoo", "&foo"), ("&copyright;", "©right;"),
            // The longest name wins: "notin;" is one, "notit;" is not, but "not" is legacy.
            ("&notin;", "∉"), ("&notit;", "¬it;"), ("&notin", "¬in"), ("&amp" + String(repeating: "x", count: 40), "&" + String(repeating: "x", count: 40)),
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

    /// The standard's rule for attribute values: a match without ";" followed by "=" or a letter or
    /// digit is not decoded ("for historical reasons", for query strings); anything else is as in text.
    func testAttributeValuesFollowTheStandard() {
        let table: [(value: String, expected: String)] = [
            ("?a=1&copy=2", "?a=1&copy=2"), ("?x&ampy=1", "?x&ampy=1"), ("&notit;", "&notit;"), ("&copy2016", "&copy2016"),
            ("?art&copy", "?art©"), ("&amp", "&"), ("&amp rest", "& rest"), ("&copy-2", "©-2"), ("&amp&amp", "&&"),
            ("&notin;", "∉"), ("&copy;=", "©="), ("&AMP;x", "&x"), ("&NotEqualTilde;", "\u{2242}\u{338}"),
            ("&euro=1", "&euro=1"), ("&frac123", "&frac123"), ("&frac12 ", "½ "),
        ]
        for (value, expected) in table {
            XCTAssertEqual(Array(decodedReferences(value, inAttribute: true).unicodeScalars), Array(expected.unicodeScalars), value)
        }
        // The tokenizer decodes attribute values by this rule, and text by the other.
        XCTAssertEqual(HTMLDocument.parse(#"<a href="/s?x&ampy=1&notit;&notin;&copy">&notit;</a>"#).links.map(\.href), ["/s?x&ampy=1&notit;∉©"])
        XCTAssertEqual(HTMLDocument.parse(#"<a href="/">&ampy &notit;</a>"#).singleLineText, "&y ¬it;")
    }

    func testTwoScalarNames() {
        XCTAssertEqual(Array(decoded("a&NotEqualTilde;b").unicodeScalars), ["a", "\u{2242}", "\u{338}", "b"])
        XCTAssertEqual(Array(decoded("&nvlt;&bne;&fjlig;").unicodeScalars), ["<", "\u{20D2}", "=", "\u{20E5}", "f", "j"])
    }

    // MARK: - The whole list, against Python as the oracle

    /// Every name and its value (`names`), and text around names (`cases`) with `html.unescape`'s
    /// reading of it, which is the standard's in text: truncated names, names run into letters,
    /// digits, "=" and ";", legacy names without ";".
    private static let oracleScript = """
    import html, json, sys
    from html.entities import html5
    cases = []
    for name in sorted(html5):
        texts = ["&" + name + after for after in ("x", "X", "1", "=", ";", " ", "-", "é", "&amp;")]
        if name.endswith(";"):
            base = name[:-1]
            texts += ["&" + base, "&" + base + "x;", "&" + base[:-1] + ";", "AT&" + base + "T", "&" + base + "9;"]
        cases += [[text, html.unescape(text)] for text in texts]
    json.dump({"names": {name: html.unescape("&" + name) for name in html5}, "cases": cases}, sys.stdout)
    """

    private struct Oracle: Decodable, Sendable {
        let names: [String: String]
        let cases: [[String]]
    }

    /// Python's reading of the names, asked once for the three tests that need it (it takes python half a second).
    private static let oracle = Result { try PythonOracle.answer(Oracle.self, of: oracleScript) }

    /// `text` with its references decoded as the tokenizer decodes text or an attribute value, nothing else done to it.
    private func decodedReferences(_ text: String, inAttribute: Bool = false) -> String {
        var text = text
        return text.withUTF8 { HTMLEntities.decodingReferences(in: $0, 0..<$0.count, inAttribute: inAttribute) }
    }

    /// Scalar by scalar: String's == would take U+2126 OHM SIGN for the U+03A9 that `&ohm;` is.
    private func mismatches(_ cases: [(input: String, expected: String)], inAttribute: Bool = false) -> [String] {
        cases.compactMap { input, expected in
            let result = decodedReferences(input, inAttribute: inAttribute)
            guard Array(result.unicodeScalars) != Array(expected.unicodeScalars) else { return nil }
            return "\(input) gave \(result.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) }), "
                + "expected \(expected.unicodeScalars.map { "U+" + String($0.value, radix: 16, uppercase: true) })"
        }
    }

    func testEveryNameOfTheHTMLStandardDecodesAsPythonDecodesIt() throws {
        let oracle = try Self.oracle.get()
        XCTAssertEqual(oracle.names.count, 2_231, "the WHATWG list has 2,231 names")
        XCTAssertEqual(oracle.names.keys.filter { !$0.hasSuffix(";") }.count, 106, "106 legacy names stand without ';'")
        let failures = mismatches(oracle.names.sorted { $0.key < $1.key }.map { ("&" + $0.key, $0.value) })
        XCTAssertEqual(failures.count, 0, "\(failures.count) names decode differently, among them:\n" + failures.prefix(20).joined(separator: "\n"))
    }

    func testTextAroundNamesDecodesAsPythonDecodesIt() throws {
        let oracle = try Self.oracle.get()
        XCTAssertGreaterThan(oracle.cases.count, 20_000)
        let failures = mismatches(oracle.cases.map { ($0[0], $0[1]) })
        XCTAssertEqual(failures.count, 0, "\(failures.count) of \(oracle.cases.count) texts decode differently, among them:\n"
                       + failures.prefix(20).joined(separator: "\n"))
    }

    /// In an attribute value each legacy name without ";" stays before "=", a letter or a digit, and
    /// is decoded before anything else; with its ";" it is decoded everywhere.
    func testEveryLegacyNameInAttributeValues() throws {
        let oracle = try Self.oracle.get()
        let legacy = oracle.names.filter { !$0.key.hasSuffix(";") }.sorted { $0.key < $1.key }
        XCTAssertEqual(legacy.count, 106)
        var cases: [(input: String, expected: String)] = []
        for (name, value) in legacy {
            cases += ["=", "x", "Z", "0"].map { ("&" + name + $0, "&" + name + $0) }
            cases += [";", " ", "-", "\"", ""].map { after in
                ("&" + name + after, after == ";" ? value : value + after)
            }
            cases.append(("?a=&" + name + ";=1", "?a=" + value + "=1"))
        }
        let failures = mismatches(cases, inAttribute: true)
        XCTAssertEqual(failures.count, 0, "\(failures.count) of \(cases.count) attribute values decode differently, among them:\n"
                       + failures.prefix(20).joined(separator: "\n"))
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
