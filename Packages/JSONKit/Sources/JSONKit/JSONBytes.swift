import Foundation

/// Reads one JSON document in place, byte by byte: validates it, skips values, and reads strings
/// and numbers where they stand. Nothing is copied or built until a value is asked for.
///
/// Offsets are byte offsets into the document. Reading past the end yields 0, a byte that is never
/// valid outside a string and is refused inside one, so every loop ends at the end of the input.
struct JSONBytes {
    let base: UnsafePointer<UInt8>
    let count: Int

    /// The deepest nesting accepted: a document of a million `[` must fail cleanly, not exhaust a stack.
    static let maximumDepth = 512

    @inline(__always)
    func byte(_ offset: Int) -> UInt8 {
        offset >= 0 && offset < count ? base[offset] : 0
    }

    @inline(__always)
    func skipWhitespace(_ offset: Int) -> Int {
        var offset = offset
        while true {
            switch byte(offset) {
            case 0x20, 0x0A, 0x0D, 0x09: offset += 1
            default: return offset
            }
        }
    }

    // MARK: - Eight bytes at a time

    /// A mask with the high bit set in each byte of `word` that is zero (exact for the lowest such
    /// byte; bytes above it may be marked too, which callers never rely on).
    @inline(__always)
    private static func zeroBytes(_ word: UInt64) -> UInt64 {
        (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
    }

    /// The offset of the first `"` or `\\` at or after `offset` (or, with `orControl`, the first
    /// byte below 0x20), or `count`. Strings are most of a payload; this reads them a word at a time.
    @inline(__always)
    func nextSpecialByte(from offset: Int, orControl: Bool = false) -> Int {
        var offset = offset
        while offset + 8 <= count {
            let word = UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self)
            var found = Self.zeroBytes(word ^ 0x2222_2222_2222_2222) | Self.zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            if orControl { found |= (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080 }
            if found != 0 { return offset + found.trailingZeroBitCount >> 3 }
            offset += 8
        }
        while offset < count {
            let current = base[offset]
            if current == UInt8(ascii: "\"") || current == UInt8(ascii: "\\") || (orControl && current < 0x20) { return offset }
            offset += 1
        }
        return count
    }

    /// Are the bytes from `start` to `end` valid UTF-8 (RFC 3629: no overlong forms, no surrogates,
    /// nothing above U+10FFFF)? ASCII runs are checked a word at a time.
    func isValidUTF8(from start: Int, to end: Int) -> Bool {
        Self.isValidUTF8(UnsafeBufferPointer(start: base + start, count: end - start))
    }

    static func isValidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let end = bytes.count
        var offset = 0
        while offset < end {
            if offset + 8 <= end, UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                offset += 8
                continue
            }
            let lead = base[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            func continuation(_ position: Int) -> Bool { position < end && base[position] & 0xC0 == 0x80 }
            switch lead {
            case 0xC2...0xDF:
                guard continuation(offset + 1) else { return false }
                offset += 2
            case 0xE0...0xEF:
                guard continuation(offset + 1), continuation(offset + 2) else { return false }
                let second = base[offset + 1]
                if lead == 0xE0 && second < 0xA0 || lead == 0xED && second >= 0xA0 { return false }
                offset += 3
            case 0xF0...0xF4:
                guard continuation(offset + 1), continuation(offset + 2), continuation(offset + 3) else { return false }
                let second = base[offset + 1]
                if lead == 0xF0 && second < 0x90 || lead == 0xF4 && second >= 0x90 { return false }
                offset += 4
            default:
                return false
            }
        }
        return true
    }

    // MARK: - Validation

    /// Containers at least this long have their end recorded while validating, so that skipping one
    /// (the list of products, when the top-level object's members are located) costs nothing.
    static let recordedContainerLength = 4096

    /// Checks the whole document against the JSON grammar (RFC 8259) without building anything,
    /// and returns the offset of the top-level value, the ends of the long containers by their
    /// starts and, with `recordingRootElements` when the top-level value is a list, where its
    /// elements start (a long list can then be decoded on every core). Decoding then reads only what
    /// it is asked for, and can rely on every value being well formed.
    func validate(recordingRootElements: Bool = false) throws(JSONSyntaxError)
        -> (root: Int, longContainerEnds: [Int: Int], rootElements: [Int32]) {
        let root = skipWhitespace(0)
        var offset = root
        var rootElements: [Int32] = []
        // One entry per open container: true for an object; and where each one starts.
        var open: [Bool] = []
        var starts: [Int] = []
        var longContainerEnds: [Int: Int] = [:]
        open.reserveCapacity(16)
        starts.reserveCapacity(16)
        parsing: while true {
            // A value starts at `offset`.
            let containerStart = offset
            if recordingRootElements, open.count == 1, !open[0] { rootElements.append(Int32(truncatingIfNeeded: offset)) }
            switch byte(offset) {
            case UInt8(ascii: "{"):
                offset = skipWhitespace(offset + 1)
                if byte(offset) == UInt8(ascii: "}") {
                    offset += 1
                } else {
                    guard open.count < Self.maximumDepth else { throw JSONSyntaxError(offset: offset, problem: .tooDeep) }
                    open.append(true)
                    starts.append(containerStart)
                    offset = try memberValueStart(afterKeyAt: offset)
                    continue parsing
                }
            case UInt8(ascii: "["):
                offset = skipWhitespace(offset + 1)
                if byte(offset) == UInt8(ascii: "]") {
                    offset += 1
                } else {
                    guard open.count < Self.maximumDepth else { throw JSONSyntaxError(offset: offset, problem: .tooDeep) }
                    open.append(false)
                    starts.append(containerStart)
                    continue parsing
                }
            case UInt8(ascii: "\""):
                offset = try stringEnd(at: offset)
            case UInt8(ascii: "t"):
                offset = try literalEnd(at: offset, "true")
            case UInt8(ascii: "f"):
                offset = try literalEnd(at: offset, "false")
            case UInt8(ascii: "n"):
                offset = try literalEnd(at: offset, "null")
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                offset = try numberEnd(at: offset)
            default:
                throw JSONSyntaxError(offset: offset, problem: byte(offset) == 0 ? .unexpectedEnd : .unexpectedByte)
            }
            // A value ended: close containers, or go on to the next element.
            while true {
                offset = skipWhitespace(offset)
                guard let isObject = open.last else { break parsing }
                switch byte(offset) {
                case UInt8(ascii: ","):
                    offset = skipWhitespace(offset + 1)
                    if isObject { offset = try memberValueStart(afterKeyAt: offset) }
                    continue parsing
                case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                    open.removeLast()
                    let start = starts.removeLast()
                    offset += 1
                    if offset - start >= Self.recordedContainerLength { longContainerEnds[start] = offset }
                case 0:
                    throw JSONSyntaxError(offset: offset, problem: .unexpectedEnd)
                default:
                    throw JSONSyntaxError(offset: offset, problem: .unexpectedByte)
                }
            }
        }
        guard offset == count else { throw JSONSyntaxError(offset: offset, problem: .textAfterValue) }
        return (root, longContainerEnds, rootElements)
    }

    /// `"key" :` at `offset`; returns where the member's value starts.
    private func memberValueStart(afterKeyAt offset: Int) throws(JSONSyntaxError) -> Int {
        guard byte(offset) == UInt8(ascii: "\"") else {
            throw JSONSyntaxError(offset: offset, problem: byte(offset) == 0 ? .unexpectedEnd : .unexpectedByte)
        }
        let afterKey = skipWhitespace(try stringEnd(at: offset))
        guard byte(afterKey) == UInt8(ascii: ":") else { throw JSONSyntaxError(offset: afterKey, problem: .unexpectedByte) }
        return skipWhitespace(afterKey + 1)
    }

    /// The offset after the closing quote of the string starting at `offset`, checking its escapes.
    func stringEnd(at offset: Int) throws(JSONSyntaxError) -> Int {
        var offset = offset + 1
        while true {
            offset = nextSpecialByte(from: offset, orControl: true)
            let current = byte(offset)
            if current == UInt8(ascii: "\"") { return offset + 1 }
            if current == UInt8(ascii: "\\") {
                switch byte(offset + 1) {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                     UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    offset += 2
                case UInt8(ascii: "u"):
                    for digit in offset + 2..<offset + 6 where Self.hexValue(byte(digit)) == nil {
                        throw JSONSyntaxError(offset: digit, problem: .badEscape)
                    }
                    offset += 6
                default:
                    throw JSONSyntaxError(offset: offset, problem: .badEscape)
                }
            } else {
                // A control character (they must be escaped), or the end of the input.
                throw JSONSyntaxError(offset: offset, problem: offset >= count ? .unexpectedEnd : .controlCharacter)
            }
        }
    }

    private func literalEnd(at offset: Int, _ literal: StaticString) throws(JSONSyntaxError) -> Int {
        let length = literal.utf8CodeUnitCount
        for index in 0..<length where byte(offset + index) != literal.utf8Start[index] {
            throw JSONSyntaxError(offset: offset + index, problem: .unexpectedByte)
        }
        return offset + length
    }

    /// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`
    private func numberEnd(at offset: Int) throws(JSONSyntaxError) -> Int {
        var offset = offset
        if byte(offset) == UInt8(ascii: "-") { offset += 1 }
        func digits(_ offset: inout Int) throws(JSONSyntaxError) {
            guard Self.isDigit(byte(offset)) else { throw JSONSyntaxError(offset: offset, problem: .badNumber) }
            while Self.isDigit(byte(offset)) { offset += 1 }
        }
        if byte(offset) == UInt8(ascii: "0") {
            offset += 1
        } else {
            try digits(&offset)
        }
        if byte(offset) == UInt8(ascii: ".") {
            offset += 1
            try digits(&offset)
        }
        if byte(offset) == UInt8(ascii: "e") || byte(offset) == UInt8(ascii: "E") {
            offset += 1
            if byte(offset) == UInt8(ascii: "+") || byte(offset) == UInt8(ascii: "-") { offset += 1 }
            try digits(&offset)
        }
        return offset
    }

    // MARK: - Skipping (the document is valid)

    /// The offset just after the value starting at `offset`.
    func valueEnd(at offset: Int) -> Int {
        switch byte(offset) {
        case UInt8(ascii: "\""):
            return skipString(at: offset)
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var offset = offset
            while offset < count {
                switch base[offset] {
                case UInt8(ascii: "\""):
                    offset = skipString(at: offset)
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return offset + 1 }
                default:
                    break
                }
                offset += 1
            }
            return count
        case UInt8(ascii: "t"), UInt8(ascii: "n"):
            return offset + 4
        case UInt8(ascii: "f"):
            return offset + 5
        default:
            var offset = offset
            while true {
                switch byte(offset) {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."),
                     UInt8(ascii: "e"), UInt8(ascii: "E"):
                    offset += 1
                default:
                    return offset
                }
            }
        }
    }

    /// The offset after the closing quote of a (valid) string starting at `offset`.
    @inline(__always)
    func skipString(at offset: Int) -> Int {
        stringContents(at: offset).end + 1
    }

    // MARK: - Strings

    /// The contents of the string starting at `offset` (without quotes), and whether it holds escapes.
    @inline(__always)
    func stringContents(at offset: Int) -> (start: Int, end: Int, hasEscapes: Bool) {
        var cursor = offset + 1
        var hasEscapes = false
        while true {
            cursor = nextSpecialByte(from: cursor)
            guard cursor < count, base[cursor] == UInt8(ascii: "\\") else { break }
            hasEscapes = true
            cursor += 2
        }
        return (offset + 1, min(cursor, count), hasEscapes)
    }

    /// The string starting at `offset`, escapes decoded; nil when its bytes are not valid UTF-8 or a
    /// `\u` escape is half of a surrogate pair without its other half (as Foundation refuses it).
    func string(at offset: Int) -> String? {
        let contents = stringContents(at: offset)
        if !contents.hasEscapes {
            // Checked here, then made without repairs (the standard library's validating initializer is
            // several times slower on short strings).
            guard isValidUTF8(from: contents.start, to: contents.end) else { return nil }
            return String(decoding: UnsafeBufferPointer(start: base + contents.start, count: contents.end - contents.start), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(contents.end - contents.start)
        var cursor = contents.start
        while cursor < contents.end {
            let current = base[cursor]
            guard current == UInt8(ascii: "\\") else {
                decoded.append(current)
                cursor += 1
                continue
            }
            let escape = byte(cursor + 1)
            cursor += 2
            switch escape {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(0x0A)
            case UInt8(ascii: "r"): decoded.append(0x0D)
            case UInt8(ascii: "t"): decoded.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hexQuad(at: cursor)
                cursor += 4
                if (0xD800..<0xDC00).contains(scalar) {
                    // A high surrogate counts only with the low one that must follow it.
                    guard byte(cursor) == UInt8(ascii: "\\"), byte(cursor + 1) == UInt8(ascii: "u"),
                          case let low = hexQuad(at: cursor + 2), (0xDC00..<0xE000).contains(low) else { return nil }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    cursor += 6
                }
                guard let decodedScalar = Unicode.Scalar(scalar) else { return nil }  // a lone low surrogate
                Unicode.UTF8.encode(decodedScalar) { decoded.append($0) }
            default: decoded.append(escape)  // \" \\ \/
            }
        }
        return decoded.withUnsafeBufferPointer { decoded in
            Self.isValidUTF8(decoded) ? String(decoding: decoded, as: UTF8.self) : nil
        }
    }

    /// Would ``string(at:)`` make a string of it? Checked without making one when it holds no escapes.
    func isReadableString(at offset: Int) -> Bool {
        let contents = stringContents(at: offset)
        return contents.hasEscapes ? string(at: offset) != nil : isValidUTF8(from: contents.start, to: contents.end)
    }

    func isASCII(from start: Int, to end: Int) -> Bool {
        var offset = start
        while offset < end {
            if base[offset] >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// Does the (unescaped) string starting at `offset` hold exactly `wanted`?
    func stringEquals(at offset: Int, _ wanted: UnsafeBufferPointer<UInt8>) -> Bool {
        let contents = stringContents(at: offset)
        if contents.hasEscapes {
            guard let text = string(at: offset) else { return false }
            return text.utf8.elementsEqual(wanted)
        }
        guard contents.end - contents.start == wanted.count else { return false }
        guard let wantedBase = wanted.baseAddress else { return true }
        return memcmp(base + contents.start, wantedBase, wanted.count) == 0
    }

    private func hexQuad(at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for digit in offset..<offset + 4 { value = value << 4 | UInt32(Self.hexValue(byte(digit)) ?? 0) }
        return value
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: - Numbers

    /// The number starting at `offset` as a Double (correctly rounded); ±infinity when out of range.
    func double(at offset: Int) -> Double {
        let end = valueEnd(at: offset)
        if let exact = fastDouble(from: offset, to: end) { return exact }
        let text = String(decoding: UnsafeBufferPointer(start: base + offset, count: end - offset), as: UTF8.self)
        return Double(text) ?? .nan
    }

    /// Clinger's fast path: up to 15 significant digits and a power of ten up to 22 are both exact
    /// doubles, so one multiplication or division rounds correctly. nil when the number needs more.
    private func fastDouble(from start: Int, to end: Int) -> Double? {
        var cursor = start
        let negative = byte(cursor) == UInt8(ascii: "-")
        if negative { cursor += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        while cursor < end, Self.isDigit(base[cursor]) {
            mantissa = mantissa &* 10 &+ UInt64(base[cursor] - UInt8(ascii: "0"))
            if mantissa != 0 { digits += 1 }
            cursor += 1
        }
        if cursor < end, base[cursor] == UInt8(ascii: ".") {
            cursor += 1
            while cursor < end, Self.isDigit(base[cursor]) {
                mantissa = mantissa &* 10 &+ UInt64(base[cursor] - UInt8(ascii: "0"))
                if mantissa != 0 { digits += 1 }
                exponent -= 1
                cursor += 1
            }
        }
        guard digits <= 15 else { return nil }
        if cursor < end {  // an exponent
            cursor += 1
            var exponentNegative = false
            if base[cursor] == UInt8(ascii: "-") || base[cursor] == UInt8(ascii: "+") {
                exponentNegative = base[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            var written = 0
            while cursor < end {
                written = written * 10 + Int(base[cursor] - UInt8(ascii: "0"))
                guard written < 1000 else { return nil }
                cursor += 1
            }
            exponent += exponentNegative ? -written : written
        }
        guard (-22...22).contains(exponent) else { return mantissa == 0 ? (negative ? -0.0 : 0) : nil }
        var value = Double(mantissa)
        if exponent < 0 { value /= Self.powersOfTen[-exponent] } else { value *= Self.powersOfTen[exponent] }
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// The number starting at `offset` as a whole number, when it is one and fits in 64 bits:
    /// `12`, `-3`, and `12.0` or `1e3` too (the value is whole); nil for `1.5` or `1e30`.
    func integer(at offset: Int) -> Int64? {
        guard let (negative, magnitude) = wholeMagnitude(at: offset) else { return nil }
        if negative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// As ``integer(at:)``, for unsigned values up to `UInt64.max` (`-0` is 0).
    func unsignedInteger(at offset: Int) -> UInt64? {
        guard let (negative, magnitude) = wholeMagnitude(at: offset) else { return nil }
        return negative ? (magnitude == 0 ? 0 : nil) : magnitude
    }

    /// The sign and magnitude of the number at `offset` when it is whole and its magnitude fits in
    /// 64 bits: digits read exactly, a fraction or an exponent through ``double(at:)``.
    private func wholeMagnitude(at offset: Int) -> (negative: Bool, magnitude: UInt64)? {
        var cursor = offset
        let negative = byte(cursor) == UInt8(ascii: "-")
        if negative { cursor += 1 }
        var magnitude: UInt64 = 0
        while Self.isDigit(byte(cursor)) {
            let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(UInt64(byte(cursor) - UInt8(ascii: "0")))
            if overflow1 || overflow2 { return nil }
            magnitude = sum
            cursor += 1
        }
        switch byte(cursor) {
        case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
            let value = double(at: offset)
            guard value.isFinite, value.rounded() == value, value.magnitude < 0x1p64 else { return nil }
            return (value < 0, UInt64(value.magnitude))
        default:
            return (negative, magnitude)
        }
    }
}

/// Where and why a document is not JSON.
struct JSONSyntaxError: Error {
    enum Problem {
        case unexpectedEnd, unexpectedByte, badEscape, controlCharacter, badNumber, tooDeep, textAfterValue
    }

    var offset: Int
    var problem: Problem

    var description: String {
        switch problem {
        case .unexpectedEnd: "The data ends before the JSON does."
        case .unexpectedByte: "Unexpected character at byte \(offset)."
        case .badEscape: "Invalid escape in a string at byte \(offset)."
        case .controlCharacter: "Unescaped control character in a string at byte \(offset)."
        case .badNumber: "Invalid number at byte \(offset)."
        case .tooDeep: "Nested deeper than \(JSONBytes.maximumDepth) levels at byte \(offset)."
        case .textAfterValue: "Text after the JSON value at byte \(offset)."
        }
    }
}
