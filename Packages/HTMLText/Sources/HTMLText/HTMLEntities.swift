/// Character references: `&amp;`, `&#228;`, `&#xE4;`, read as the HTML standard's tokenizer reads them.
///
/// The named set is the standard's whole list, 2,231 names (``Table``, generated from Python's
/// `html.entities.html5` by Scripts/dev/make-html-entities): 2,125 names with their ";" and the 106
/// legacy ones that may also stand without it (`&amp`, `&copy`, `&COPY`, `&auml`). A name is found by
/// a binary search over the table's packed bytes: nothing is built at start-up and no String is made
/// per reference. In a release build the table is 27,069 bytes of constant data (names 14,005, their
/// offsets 4,296, values 8,544, the rest 224); HTMLText's release objects grew by 19,088 bytes (`size`), as the
/// hand-written table of about 400 names went. Names are case-sensitive (`&Auml;` ≠ `&auml;`); an unknown
/// name stays literal text.
enum HTMLEntities {
    /// The longest name, without its ";": the scan for a name reads no further, so it stays bounded.
    static var maximumNameLength: Int { Table.longestName }

    /// What a reference stands for: one scalar, or two for 93 names (`&NotEqualTilde;` is U+2242 U+0338).
    struct ReferenceValue {
        let first: Unicode.Scalar
        let second: Unicode.Scalar?

        func appendUTF8(to bytes: inout [UInt8]) {
            UTF8.encode(first) { bytes.append($0) }
            if let second { UTF8.encode(second) { bytes.append($0) } }
        }
    }

    /// `bytes[range]` as text, its character references decoded (a reference never reaches past the range).
    static func decodingReferences(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, inAttribute: Bool) -> String {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(range.count)
        var position = range.lowerBound
        var copiedUpTo = position
        while position < range.upperBound {
            if bytes[position] == UInt8(ascii: "&"),
               let reference = decodeReference(in: bytes, at: position, end: range.upperBound, inAttribute: inAttribute) {
                decoded.append(contentsOf: bytes[copiedUpTo..<position])
                reference.value.appendUTF8(to: &decoded)
                position = reference.next
                copiedUpTo = position
            } else {
                position += 1
            }
        }
        decoded.append(contentsOf: bytes[copiedUpTo..<range.upperBound])
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Decodes the reference whose "&" is at `start`, reading no further than `end`.
    ///
    /// - Returns: the value and the index after the reference (after its ";" when present), or nil
    ///   when the "&" starts no reference and is literal text.
    /// - Numeric references: 0, surrogates and values above U+10FFFF give U+FFFD; U+0080–U+009F map
    ///   through Windows-1252 as browsers do (`&#150;` is "–"); the ";" is optional.
    /// - Named references follow the standard's "named character reference state": the longest name
    ///   that matches wins, and only a legacy name matches without ";". So `&notin;` is "∉" but
    ///   `&notit;` is "¬it;" (`not` is legacy, `notit;` no name), and `&euro 5` stays as written.
    ///   In text a legacy name is decoded whatever follows it, as browsers do: `&copy 2016` is "© 2016"
    ///   and `&copyright` is "©right" (before the whole list, such a name counted only as a whole
    ///   word and `&copyright` stayed). In an attribute value a match without ";" followed by "=" or
    ///   a letter or digit is not decoded, so `href="?a=1&copy=2"` and `?x&ampy` keep their query strings.
    static func decodeReference(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, end: Int, inAttribute: Bool)
        -> (value: ReferenceValue, next: Int)? {
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
            return (ReferenceValue(first: scalar(forCodePoint: value), second: nil), index)
        }
        // Names are letters and digits; a longer run than the longest name can still start with a legacy one.
        var runEnd = index
        while runEnd < end, runEnd - index < Table.longestName, isASCIIAlphanumeric(bytes[runEnd]) { runEnd += 1 }
        guard runEnd > index else { return nil }
        if runEnd < end, bytes[runEnd] == UInt8(ascii: ";"), let entry = tableIndex(ofNameIn: bytes, index..<runEnd) {
            return (value(at: entry), runEnd + 1)
        }
        // Without its ";" the longest legacy name the run starts with matches: a prefix of at most six bytes.
        var nameEnd = min(runEnd, index + Table.longestLegacyName)
        while nameEnd > index {
            if let entry = tableIndex(ofNameIn: bytes, index..<nameEnd), Table.values[entry] & Table.legacyBit != 0 {
                if inAttribute, nameEnd < end, bytes[nameEnd] == UInt8(ascii: "=") || isASCIIAlphanumeric(bytes[nameEnd]) {
                    return nil // "for historical reasons", the standard says: query strings such as "?a=1&copy=2"
                }
                return (value(at: entry), nameEnd)
            }
            nameEnd -= 1
        }
        return nil
    }

    /// The table's index of the name `bytes[range]` (letters and digits, without ";"), or nil.
    private static func tableIndex(ofNameIn bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        let firstByte = bytes[range.lowerBound]
        let letter: Int
        switch firstByte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): letter = Int(firstByte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): letter = 26 + Int(firstByte - UInt8(ascii: "a"))
        default: return nil // every name starts with a letter
        }
        let names = Table.names.utf8Start
        var low = Int(Table.firstLetterStarts[letter])
        var high = Int(Table.firstLetterStarts[letter + 1])
        // One letter's names share their first byte: the comparison starts at the second.
        while low < high {
            let middle = (low + high) / 2
            let nameStart = Int(Table.nameStarts[middle]) + 1
            let nameEnd = Int(Table.nameStarts[middle + 1])
            var nameIndex = nameStart
            var inputIndex = range.lowerBound + 1
            while nameIndex < nameEnd, inputIndex < range.upperBound, names[nameIndex] == bytes[inputIndex] {
                nameIndex += 1
                inputIndex += 1
            }
            let nameIsLess: Bool
            if nameIndex == nameEnd {
                if inputIndex == range.upperBound { return middle }
                nameIsLess = true // the name is a prefix of the input
            } else {
                nameIsLess = inputIndex < range.upperBound && names[nameIndex] < bytes[inputIndex]
            }
            if nameIsLess { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    private static func value(at entry: Int) -> ReferenceValue {
        let packed = Table.values[entry]
        let secondIndex = Int(packed >> Table.secondScalarShift & 0xF)
        // The generator checked every value: these are scalars.
        let first = Unicode.Scalar(packed & (1 << Table.secondScalarShift - 1)) ?? "\u{FFFD}"
        let second = secondIndex == 0 ? nil : Unicode.Scalar(Table.secondScalars[secondIndex - 1])
        return ReferenceValue(first: first, second: second)
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
