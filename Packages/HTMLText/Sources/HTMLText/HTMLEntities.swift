/// Character references: `&amp;`, `&#228;`, `&#xE4;`.
///
/// The named set is HTML 4's (Latin-1, typographic punctuation, Greek, arrows, math: what real
/// German and English pages use) plus a few HTML5 names that show up in the wild. Names are
/// case-sensitive (`&Auml;` ≠ `&auml;`). An unknown name stays literal text.
enum HTMLEntities {
    /// The longest name worth looking up; a longer run of letters is not a reference, so the scan stays bounded.
    static let maximumNameLength = 32

    /// Decodes the reference whose "&" is at `start`, reading no further than `end`.
    ///
    /// - Returns: the scalar and the index after the reference (after its ";" when present), or nil
    ///   when the "&" starts no reference and is literal text.
    /// - Numeric references: 0, surrogates and values above U+10FFFF give U+FFFD; U+0080–U+009F map
    ///   through Windows-1252 as browsers do (`&#150;` is "–"); the ";" is optional.
    /// - A named reference without ";" is accepted only for the legacy names (Latin-1 letters and
    ///   symbols, `amp`, `lt`, `gt`, `quot`) and only as a whole word: `&copy 2016` is "© 2016",
    ///   `&copyright` stays as written. In an attribute value it is also not decoded before "=",
    ///   so `href="?a=1&copy=2"` keeps its query string.
    static func decodeReference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, inAttribute: Bool)
        -> (scalar: Unicode.Scalar, next: Int)? {
        var index = start + 1
        guard index < end else { return nil }
        if bytes[index] == UInt8(ascii: "#") {
            index += 1
            var radix: UInt32 = 10
            if index < end, bytes[index] | 0x20 == UInt8(ascii: "x") {
                radix = 16
                index += 1
            }
            let digitsStart = index
            var value: UInt32 = 0
            while index < end, let digit = digitValue(bytes[index], radix: radix) {
                if value <= 0x10FFFF { value = value * radix + digit } // beyond the range it only has to stay invalid
                index += 1
            }
            guard index > digitsStart else { return nil }
            if index < end, bytes[index] == UInt8(ascii: ";") { index += 1 }
            return (scalar(forCodePoint: value), index)
        }
        var nameEnd = index
        while nameEnd < end, nameEnd - index <= maximumNameLength, isASCIIAlphanumeric(bytes[nameEnd]) { nameEnd += 1 }
        let nameLength = nameEnd - index
        guard nameLength > 0, nameLength <= maximumNameLength else { return nil }
        let name = String(decoding: bytes[index..<nameEnd], as: UTF8.self)
        guard let entity = named[name] else { return nil }
        if nameEnd < end, bytes[nameEnd] == UInt8(ascii: ";") { return (entity.scalar, nameEnd + 1) }
        guard entity.allowsMissingSemicolon else { return nil }
        if inAttribute, nameEnd < end, bytes[nameEnd] == UInt8(ascii: "=") { return nil }
        return (entity.scalar, nameEnd)
    }

    /// The scalar a numeric reference stands for, with the HTML spec's replacements.
    static func scalar(forCodePoint value: UInt32) -> Unicode.Scalar {
        if (0x80...0x9F).contains(value), let mapped = windows1252[value] { return mapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" } // nil for surrogates and > U+10FFFF
        return scalar
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { return UInt32(byte - UInt8(ascii: "0")) }
        let lowercased = byte | 0x20
        if radix == 16, lowercased >= UInt8(ascii: "a"), lowercased <= UInt8(ascii: "f") { return UInt32(lowercased - UInt8(ascii: "a") + 10) }
        return nil
    }

    static func isASCIIAlphanumeric(_ byte: UInt8) -> Bool {
        let lowercased = byte | 0x20
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || (lowercased >= UInt8(ascii: "a") && lowercased <= UInt8(ascii: "z"))
    }

    struct Entity: Sendable {
        let scalar: Unicode.Scalar
        let allowsMissingSemicolon: Bool
    }

    /// Every known name. Built once, on first use.
    static let named: [String: Entity] = {
        var table: [String: Entity] = [:]
        for (offset, name) in latin1Names.enumerated() {
            table[name] = Entity(scalar: Unicode.Scalar(UInt8(0xA0 + offset)), allowsMissingSemicolon: true)
        }
        for (name, value) in legacyASCII {
            table[name] = Entity(scalar: Unicode.Scalar(UInt8(value)), allowsMissingSemicolon: true)
        }
        for (name, value) in otherNames {
            if let scalar = Unicode.Scalar(value) { table[name] = Entity(scalar: scalar, allowsMissingSemicolon: false) }
        }
        return table
    }()

    /// U+00A0 … U+00FF in order: `nbsp` is U+00A0, `yuml` is U+00FF.
    static let latin1Names = [
        "nbsp", "iexcl", "cent", "pound", "curren", "yen", "brvbar", "sect",
        "uml", "copy", "ordf", "laquo", "not", "shy", "reg", "macr",
        "deg", "plusmn", "sup2", "sup3", "acute", "micro", "para", "middot",
        "cedil", "sup1", "ordm", "raquo", "frac14", "frac12", "frac34", "iquest",
        "Agrave", "Aacute", "Acirc", "Atilde", "Auml", "Aring", "AElig", "Ccedil",
        "Egrave", "Eacute", "Ecirc", "Euml", "Igrave", "Iacute", "Icirc", "Iuml",
        "ETH", "Ntilde", "Ograve", "Oacute", "Ocirc", "Otilde", "Ouml", "times",
        "Oslash", "Ugrave", "Uacute", "Ucirc", "Uuml", "Yacute", "THORN", "szlig",
        "agrave", "aacute", "acirc", "atilde", "auml", "aring", "aelig", "ccedil",
        "egrave", "eacute", "ecirc", "euml", "igrave", "iacute", "icirc", "iuml",
        "eth", "ntilde", "ograve", "oacute", "ocirc", "otilde", "ouml", "divide",
        "oslash", "ugrave", "uacute", "ucirc", "uuml", "yacute", "thorn", "yuml",
    ]

    /// ASCII names that browsers also accept without ";".
    static let legacyASCII: [(String, UInt32)] = [
        ("amp", 0x26), ("lt", 0x3C), ("gt", 0x3E), ("quot", 0x22),
        ("AMP", 0x26), ("LT", 0x3C), ("GT", 0x3E), ("QUOT", 0x22),
    ]

    /// Names that need their ";".
    static let otherNames: [(String, UInt32)] = [
        // HTML 4 special characters, and apos (XML, HTML5)
        ("apos", 0x27), ("COPY", 0xA9), ("REG", 0xAE),
        ("OElig", 0x152), ("oelig", 0x153), ("Scaron", 0x160), ("scaron", 0x161), ("Yuml", 0x178),
        ("circ", 0x2C6), ("tilde", 0x2DC), ("ensp", 0x2002), ("emsp", 0x2003), ("thinsp", 0x2009),
        ("zwnj", 0x200C), ("zwj", 0x200D), ("lrm", 0x200E), ("rlm", 0x200F),
        ("ndash", 0x2013), ("mdash", 0x2014), ("lsquo", 0x2018), ("rsquo", 0x2019), ("sbquo", 0x201A),
        ("ldquo", 0x201C), ("rdquo", 0x201D), ("bdquo", 0x201E), ("dagger", 0x2020), ("Dagger", 0x2021),
        ("permil", 0x2030), ("lsaquo", 0x2039), ("rsaquo", 0x203A), ("euro", 0x20AC),
        // HTML 4 symbols and Greek
        ("fnof", 0x192),
        ("Alpha", 0x391), ("Beta", 0x392), ("Gamma", 0x393), ("Delta", 0x394), ("Epsilon", 0x395),
        ("Zeta", 0x396), ("Eta", 0x397), ("Theta", 0x398), ("Iota", 0x399), ("Kappa", 0x39A),
        ("Lambda", 0x39B), ("Mu", 0x39C), ("Nu", 0x39D), ("Xi", 0x39E), ("Omicron", 0x39F),
        ("Pi", 0x3A0), ("Rho", 0x3A1), ("Sigma", 0x3A3), ("Tau", 0x3A4), ("Upsilon", 0x3A5),
        ("Phi", 0x3A6), ("Chi", 0x3A7), ("Psi", 0x3A8), ("Omega", 0x3A9),
        ("alpha", 0x3B1), ("beta", 0x3B2), ("gamma", 0x3B3), ("delta", 0x3B4), ("epsilon", 0x3B5),
        ("zeta", 0x3B6), ("eta", 0x3B7), ("theta", 0x3B8), ("iota", 0x3B9), ("kappa", 0x3BA),
        ("lambda", 0x3BB), ("mu", 0x3BC), ("nu", 0x3BD), ("xi", 0x3BE), ("omicron", 0x3BF),
        ("pi", 0x3C0), ("rho", 0x3C1), ("sigmaf", 0x3C2), ("sigma", 0x3C3), ("tau", 0x3C4),
        ("upsilon", 0x3C5), ("phi", 0x3C6), ("chi", 0x3C7), ("psi", 0x3C8), ("omega", 0x3C9),
        ("thetasym", 0x3D1), ("upsih", 0x3D2), ("piv", 0x3D6),
        ("bull", 0x2022), ("hellip", 0x2026), ("prime", 0x2032), ("Prime", 0x2033), ("oline", 0x203E),
        ("frasl", 0x2044), ("weierp", 0x2118), ("image", 0x2111), ("real", 0x211C), ("trade", 0x2122),
        ("alefsym", 0x2135), ("larr", 0x2190), ("uarr", 0x2191), ("rarr", 0x2192), ("darr", 0x2193),
        ("harr", 0x2194), ("crarr", 0x21B5), ("lArr", 0x21D0), ("uArr", 0x21D1), ("rArr", 0x21D2),
        ("dArr", 0x21D3), ("hArr", 0x21D4), ("forall", 0x2200), ("part", 0x2202), ("exist", 0x2203),
        ("empty", 0x2205), ("nabla", 0x2207), ("isin", 0x2208), ("notin", 0x2209), ("ni", 0x220B),
        ("prod", 0x220F), ("sum", 0x2211), ("minus", 0x2212), ("lowast", 0x2217), ("radic", 0x221A),
        ("prop", 0x221D), ("infin", 0x221E), ("ang", 0x2220), ("and", 0x2227), ("or", 0x2228),
        ("cap", 0x2229), ("cup", 0x222A), ("int", 0x222B), ("there4", 0x2234), ("sim", 0x223C),
        ("cong", 0x2245), ("asymp", 0x2248), ("ne", 0x2260), ("equiv", 0x2261), ("le", 0x2264),
        ("ge", 0x2265), ("sub", 0x2282), ("sup", 0x2283), ("nsub", 0x2284), ("sube", 0x2286),
        ("supe", 0x2287), ("oplus", 0x2295), ("otimes", 0x2297), ("perp", 0x22A5), ("sdot", 0x22C5),
        ("lceil", 0x2308), ("rceil", 0x2309), ("lfloor", 0x230A), ("rfloor", 0x230B),
        ("lang", 0x27E8), ("rang", 0x27E9), ("loz", 0x25CA),
        ("spades", 0x2660), ("clubs", 0x2663), ("hearts", 0x2665), ("diams", 0x2666),
        // HTML5 names common on real pages
        ("hairsp", 0x200A), ("numsp", 0x2007), ("puncsp", 0x2008), ("nbhy", 0x2011), ("hyphen", 0x2010),
        ("dash", 0x2010), ("horbar", 0x2015), ("Tab", 0x09), ("NewLine", 0x0A),
        ("excl", 0x21), ("num", 0x23), ("dollar", 0x24), ("percnt", 0x25), ("lpar", 0x28), ("rpar", 0x29),
        ("ast", 0x2A), ("plus", 0x2B), ("comma", 0x2C), ("period", 0x2E), ("sol", 0x2F), ("colon", 0x3A),
        ("semi", 0x3B), ("equals", 0x3D), ("quest", 0x3F), ("commat", 0x40), ("lsqb", 0x5B), ("bsol", 0x5C),
        ("rsqb", 0x5D), ("lowbar", 0x5F), ("grave", 0x60), ("lcub", 0x7B), ("verbar", 0x7C), ("rcub", 0x7D),
        ("half", 0xBD), ("check", 0x2713), ("cross", 0x2717), ("star", 0x2606), ("starf", 0x2605),
        ("phone", 0x260E),
    ]

    /// How browsers read numeric references in U+0080–U+009F (as Windows-1252 bytes).
    /// 0x81, 0x8D, 0x8F, 0x90 and 0x9D are unassigned there and stay C1 controls, which the sanitizer replaces.
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]
}
