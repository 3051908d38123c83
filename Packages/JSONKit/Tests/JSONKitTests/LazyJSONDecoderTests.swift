import Foundation
import JSONKit
import TestSupport
import XCTest

/// Any JSON value, decoded through the single-value container as an app's lenient types do.
private indirect enum Tree: Decodable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([Tree]), object([String: Tree])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { self = .null }
        else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? container.decode(Double.self) { self = .number(number) }
        else if let text = try? container.decode(String.self) { self = .string(text) }
        else if let object = try? container.decode([String: Tree].self) { self = .object(object) }
        else { self = .array(try container.decode([Tree].self)) }
    }
}

private struct Item: Decodable, Equatable {
    var id: Int
    var name: String
    var price: Double?
    var tags: [String]
}

final class LazyJSONDecoderTests: XCTestCase {
    private func lazy<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try LazyJSONDecoder().decode(type, from: Data(json.utf8))
    }

    // MARK: - Against Foundation's decoder

    func testRandomDocumentsDecodeAsFoundationDecodesThem() throws {
        var generator = SeededGenerator(seed: 2026)
        for round in 0..<400 {
            let json = Self.randomValue(depth: 0, using: &generator)
            let data = Data(json.utf8)
            let expected = try JSONDecoder().decode(Tree.self, from: data)
            XCTAssertEqual(try LazyJSONDecoder().decode(Tree.self, from: data), expected, "round \(round): \(json)")
        }
    }

    func testMutatedDocumentsAreRefusedWhereFoundationRefusesThem() throws {
        var generator = SeededGenerator(seed: 15)
        var refused = 0
        for round in 0..<1500 {
            var bytes = Array(Self.randomValue(depth: 0, using: &generator).utf8)
            let position = Int.random(in: 0..<bytes.count, using: &generator)
            switch Int.random(in: 0..<3, using: &generator) {
            case 0: bytes.remove(at: position)
            case 1: bytes.insert(Array(#"{}[]",:\0 e.-tx"#.utf8).randomElement(using: &generator)!, at: position)
            default: bytes[position] = UInt8.random(in: 0...255, using: &generator)
            }
            let data = Data(bytes)
            let foundation = Result { try JSONDecoder().decode(Tree.self, from: data) }
            let ours = Result { try LazyJSONDecoder().decode(Tree.self, from: data) }
            switch (foundation, ours) {
            case (.success(let expected), .success(let actual)):
                XCTAssertEqual(actual, expected, "round \(round): \(String(decoding: bytes, as: UTF8.self))")
            case (.failure, .failure):
                refused += 1
            default:
                XCTFail("round \(round): Foundation \(foundation), lazy \(ours) for \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            }
        }
        XCTAssertGreaterThan(refused, 300, "the mutations must break documents")
    }

    func testNumbersReadAsFoundationAndStrtodReadThem() throws {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<3000 {
            let text = Self.randomNumber(using: &generator)
            // Finite by construction (at most 20 digits and an exponent of 280).
            let ours = try lazy([Double].self, "[\(text)]")[0]
            XCTAssertEqual(ours, Double(text), text)
            XCTAssertEqual(ours, try JSONDecoder().decode([Double].self, from: Data("[\(text)]".utf8))[0], text)
        }
        XCTAssertEqual(try lazy([Double].self, "[0.1, 1e22, 1e23, 123456789012345678, 2.2250738585072014e-308, 5e-324, -0.0]"),
                       [0.1, 1e22, 1e23, 123456789012345680, 2.2250738585072014e-308, .leastNonzeroMagnitude, -0.0])
        XCTAssertEqual(try lazy([Int64].self, "[9223372036854775807, -9223372036854775808, 0, -0, 12.0, 1e3]"),
                       [.max, .min, 0, 0, 12, 1000])
        XCTAssertEqual(try lazy([UInt64].self, "[18446744073709551615, 0]"), [.max, 0])
    }

    // MARK: - Errors

    func testNumbersThatDoNotFitAreOutOfRange() {
        for (json, kind) in [("[9223372036854775808]", "Int"), ("[1.5]", "Int"), ("[1e400]", "Double"), ("[300]", "Int8"),
                             ("[-1]", "UInt"), ("[1e39]", "Float")] {
            let decode = { () throws -> Void in
                switch kind {
                case "Double": _ = try self.lazy([Double].self, json)
                case "Int8": _ = try self.lazy([Int8].self, json)
                case "UInt": _ = try self.lazy([UInt].self, json)
                case "Float": _ = try self.lazy([Float].self, json)
                default: _ = try self.lazy([Int].self, json)
                }
            }
            XCTAssertThrowsError(try decode(), json) { error in
                // A fraction where a whole number belongs says so (an id of 3.5 is not "out of range").
                XCTAssertEqual(DecodingProblem.kind(of: error), json == "[1.5]" ? .notWholeNumber : .outOfRange, json)
                XCTAssertEqual(Self.path(of: error), "[0]", json)
            }
        }
    }

    func testTypeMismatchesSayWhatWasFoundWhereAsFoundationDoes() throws {
        for json in [#"{"id":"1","name":"a","tags":[]}"#, #"{"id":1,"name":null,"tags":[]}"#, #"{"id":1,"tags":[]}"#,
                     #"{"id":1,"name":"a","tags":[2]}"#, #"{"id":1,"name":"a","tags":{}}"#, "[]", #"{"id":1,"name":"a","tags":["x"],"price":"1"}"#] {
            let data = Data(json.utf8)
            let ours = Result { try LazyJSONDecoder().decode(Item.self, from: data) }
            let foundation = Result { try JSONDecoder().decode(Item.self, from: data) }
            guard case .failure(let ourError) = ours, case .failure(let foundationError) = foundation else {
                XCTFail("\(json): both must fail: \(ours), \(foundation)")
                continue
            }
            XCTAssertEqual(Self.describe(ourError), Self.describe(foundationError), json)
        }
    }

    func testStringsAreValidUTF8ExactlyWhenTheStandardLibrarySaysSo() throws {
        // Random bytes biased towards UTF-8's edges (overlong forms, surrogates, above U+10FFFF, cut sequences),
        // with and without an escape (the two ways a string is read), at every alignment.
        var generator = SeededGenerator(seed: 8)
        let interesting: [UInt8] = [0x41, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xA0, 0x9F, 0xED, 0xEF, 0xF0, 0x90, 0x8F,
                                    0xF4, 0xF5, 0xFF, 0xC3, 0xA9]
        for round in 0..<5000 {
            let content = (0..<Int.random(in: 0...20, using: &generator)).map { _ in interesting.randomElement(using: &generator)! }
            let expected = String(validating: content, as: UTF8.self)
            for escape in ["", "\\n"] {
                let json = Array("[\"".utf8) + Array(escape.utf8) + content + Array("\"]".utf8)
                let decoded = try? LazyJSONDecoder().decode([String].self, from: Data(json))
                XCTAssertEqual(decoded?.first, expected.map { (escape.isEmpty ? "" : "\n") + $0 }, "round \(round): \(content)")
            }
        }
    }

    func testTextThatIsNotUTF8IsInvalidText() {
        var bytes = Array(#"["ok", "bad "]"#.utf8)
        bytes.insert(0xC3, at: bytes.count - 2)  // a lead byte without its continuation
        XCTAssertThrowsError(try LazyJSONDecoder().decode([String].self, from: Data(bytes))) { error in
            XCTAssertEqual(DecodingProblem.kind(of: error), .invalidText)
            XCTAssertEqual(Self.path(of: error), "[1]")
        }
    }

    func testDocumentsThatAreNotJSONAreDataCorruptedAtTheTop() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        for json in ["", " ", "<html>", "[1,]", "{\"a\" 1}", "[1] x", "\"a\u{1}\"", "[\"\\x\"]", "[01]", "[1.]", "[-]", "nul", "[\"\\u12G4\"]",
                     "{\"a\":1,}", "[1 2]", deep, "{\"a\":[1,{\"b\":\"unterminated]}"] {
            XCTAssertThrowsError(try lazy(Tree.self, json), String(json.prefix(40))) { error in
                guard case .dataCorrupted(let context) = error as? DecodingError else { return XCTFail("\(error)") }
                XCTAssertTrue(context.codingPath.isEmpty)
            }
        }
        XCTAssertEqual(try lazy(Tree.self, String(repeating: "[", count: 500) + String(repeating: "]", count: 500)) != .null, true)
    }

    // MARK: - Objects

    func testKeysAreFoundInAnyOrderWithEscapesAndTheFirstRepeatWins() throws {
        XCTAssertEqual(try lazy(Item.self, #"{"tags":["a\"b","\u00e9\ud83d\ude00"],"name":"n","id":1,"extra":{"x":[1,{"y":"}"}]}}"#),
                       Item(id: 1, name: "n", price: nil, tags: ["a\"b", "é😀"]))
        XCTAssertEqual(try lazy(Item.self, #"{"i\u0064":1,"name":"first","name":"last","tags":[],"price":null}"#),
                       Item(id: 1, name: "first", price: nil, tags: []))
        // A large object switches to hashing its keys; the first repeat still wins.
        let many = (0..<200).map { #""k\#($0)":\#($0)"# }.joined(separator: ",")
        let object = try lazy([String: Int].self, "{\(many),\"k7\":-7,\"id\":3}")
        XCTAssertEqual(object.count, 201)
        XCTAssertEqual(object["k7"], 7)
        XCTAssertEqual(object["k199"], 199)
    }

    func testLonelySurrogatesAreInvalidTextAsInFoundation() throws {
        for json in [#"["ok", "\ud800x"]"#, #"["ok", "\udc00"]"#, #"["ok", "\ud83d\u0041"]"#, #"["ok", {"\udc00": 1}]"#] {
            XCTAssertThrowsError(try lazy([Tree].self, json), json)
            XCTAssertThrowsError(try lazy([String].self, json), json) { error in
                XCTAssertEqual(Self.path(of: error), "[1]", json)
            }
        }
        XCTAssertEqual(try lazy([String].self, #"["\ud83d\ude00"]"#), ["😀"])
    }

    func testContainersPathsAndSuperDecoders() throws {
        struct Outer: Decodable {
            var values: [Int]
            var nested: [String: Bool]
            var sawKeys: [String]
            var count: Int?
            enum Keys: String, CodingKey { case a, b, c, missing }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                sawKeys = container.allKeys.map(\.stringValue).sorted()
                var list = try container.nestedUnkeyedContainer(forKey: .a)
                count = list.count
                var values: [Int] = []
                while !list.isAtEnd {
                    if try list.decodeNil() { continue }
                    values.append(try list.decode(Int.self))
                }
                self.values = values
                let inner = try container.nestedContainer(keyedBy: Keys.self, forKey: .b)
                nested = ["a": try inner.decode(Bool.self, forKey: .a)]
                XCTAssertFalse(container.contains(.missing))
                XCTAssertNil(try container.decodeIfPresent(String.self, forKey: .missing))
                XCTAssertNil(try container.decodeIfPresent(String.self, forKey: .c))
                XCTAssertTrue(try container.superDecoder(forKey: .missing).singleValueContainer().decodeNil())
                XCTAssertEqual(try container.superDecoder(forKey: .b).codingPath.map(\.stringValue), ["b"])
                XCTAssertThrowsError(try list.decode(Int.self)) { error in
                    guard case .valueNotFound(_, let context) = error as? DecodingError else { return XCTFail("\(error)") }
                    XCTAssertEqual(context.codingPath.map(\.stringValue), ["a", "Index 4"])
                }
                XCTAssertThrowsError(try inner.decode(String.self, forKey: .a)) { error in
                    guard case .typeMismatch(_, let context) = error as? DecodingError else { return XCTFail("\(error)") }
                    XCTAssertEqual(context.codingPath.map(\.stringValue), ["b", "a"])
                }
            }
        }
        let outer = try lazy(Outer.self, #"{"a":[1,null,2,3],"b":{"a":true},"c":null}"#)
        XCTAssertEqual(outer.values, [1, 2, 3])
        XCTAssertEqual(outer.count, 4)
        XCTAssertEqual(outer.nested, ["a": true])
        XCTAssertEqual(outer.sawKeys, ["a", "b", "c"])
    }

    func testAContainerKeptPastItsDecodingFindsNothing() throws {
        final class Keeper: Decodable {
            let container: KeyedDecodingContainer<Keys>
            enum Keys: String, CodingKey { case a }
            init(from decoder: any Decoder) throws { container = try decoder.container(keyedBy: Keys.self) }
        }
        let keeper = try lazy(Keeper.self, #"{"a":"value"}"#)
        XCTAssertFalse(keeper.container.contains(.a))
        XCTAssertThrowsError(try keeper.container.decode(String.self, forKey: .a))
    }

    // MARK: - References

    /// A list kept as references decodes each element later exactly as decoding it at once does, from
    /// the document's bytes (kept alive by the references after the data and the decoding are gone).
    func testReferencesDecodeTheirValueLaterAsAtOnce() throws {
        var generator = SeededGenerator(seed: 77)
        for round in 0..<100 {
            let elements = (0..<(1 + Int(generator.next() % 6))).map { _ in Self.randomValue(depth: 1, using: &generator) }
            let json = "[" + elements.joined(separator: ",") + "]"
            let references = try LazyJSONDecoder().decode([JSONValueReference].self, from: Data(json.utf8))
            let expected = try JSONDecoder().decode([Tree].self, from: Data(json.utf8))
            XCTAssertEqual(try references.map { try $0.decode(Tree.self) }, expected, "round \(round): \(json)")
            // Each value's own bytes are a document of their own that decodes to the same value.
            let document = Data(json.utf8)
            XCTAssertEqual(try references.map { try JSONDecoder().decode(Tree.self, from: document.subdata(in: $0.byteRange)) }, expected,
                           "round \(round): \(json)")
            XCTAssertEqual(references.map { String(decoding: document.subdata(in: $0.byteRange), as: UTF8.self) }, elements)
            // Twice, and a reference found inside a referenced value.
            XCTAssertEqual(try references.first?.decode(Tree.self), expected.first)
        }
        struct Holder: Decodable { var items: [JSONValueReference] }
        let holder = try lazy(Holder.self, #"{"items":[{"id":1,"name":"a","tags":[]},{"id":"2"}]}"#)
        XCTAssertEqual(try holder.items[0].decode(Item.self), Item(id: 1, name: "a", price: nil, tags: []))
        XCTAssertThrowsError(try holder.items[1].decode(Item.self)) { error in
            XCTAssertEqual(Self.describe(error), "typeMismatch Int at .id: a string instead.", "paths start at the referenced value")
        }
        let nested = try holder.items[0].decode([String: JSONValueReference].self)
        XCTAssertEqual(try nested["name"]?.decode(String.self), "a")
    }

    func testAReferenceKnowsItsKindAndWhetherItIsText() throws {
        // The last element is a string of one byte that is not UTF-8.
        let json = Data(#"[{"a":1}, [2], "text", "caf\u00e9", "\ud800 lone", 1.5, true, null, ""#.utf8) + Data([0xFF]) + Data(#""]"#.utf8)
        let references = try LazyJSONDecoder().decode([JSONValueReference].self, from: json)
        XCTAssertEqual(references.map(\.kind), [.object, .array, .string, .string, .string, .number, .bool, .null, .string])
        XCTAssertEqual(references.map(\.isReadableText), [false, false, true, true, false, false, false, false, false])
        for reference in references where reference.kind == .string {
            XCTAssertEqual(reference.isReadableText, (try? reference.decode(String.self)) != nil, "as decoding it says")
        }
    }

    func testOnlyTheLazyDecoderMakesReferences() {
        XCTAssertThrowsError(try JSONDecoder().decode([JSONValueReference].self, from: Data("[1]".utf8))) { error in
            guard case DecodingError.typeMismatch = error else { return XCTFail("\(error)") }
        }
    }

    // MARK: - Helpers

    private static func path(of error: any Error) -> String? {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case .dataCorrupted(let context), .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        case .keyNotFound(let key, let context):
            return (context.codingPath + [key]).map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        @unknown default: return nil
        }
    }

    /// The case, the path and Foundation's "but found …" phrase.
    private static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError" }
        let path = Self.path(of: error) ?? ""
        switch error {
        case .typeMismatch(let type, let context):
            let found = context.debugDescription.range(of: "but found ").map { context.debugDescription[$0.upperBound...] } ?? ""
            return "typeMismatch \(type) at \(path): \(found)"
        case .valueNotFound(let type, _): return "valueNotFound \(type) at \(path)"
        case .keyNotFound: return "keyNotFound \(path)"
        case .dataCorrupted: return "dataCorrupted \(path)"
        @unknown default: return "unknown"
        }
    }

    private static func randomNumber(using generator: inout SeededGenerator) -> String {
        var text = Bool.random(using: &generator) ? "-" : ""
        let integerDigits = Int.random(in: 1...20, using: &generator)
        text += String(Int.random(in: 1...9, using: &generator))
        for _ in 1..<integerDigits { text += String(Int.random(in: 0...9, using: &generator)) }
        if Bool.random(using: &generator) {
            text += "."
            for _ in 0..<Int.random(in: 1...18, using: &generator) { text += String(Int.random(in: 0...9, using: &generator)) }
        }
        if Int.random(in: 0..<3, using: &generator) == 0 {
            text += ["e", "E", "e-", "e+"].randomElement(using: &generator)! + String(Int.random(in: 0...280, using: &generator))
        }
        return text
    }

    private static func randomString(using generator: inout SeededGenerator) -> String {
        let pieces = ["a", "Zoë", "\\\"", "\\\\", "\\n", "\\u00e9", "\\ud83d\\ude00", "日本", " ", "\\/", "😀", "\\t", "}", "]", ",", ":"]
        return "\"" + (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined() + "\""
    }

    private static func randomValue(depth: Int, using generator: inout SeededGenerator) -> String {
        let space = [" ", "", "\n", "\t", ""].randomElement(using: &generator)!
        switch Int.random(in: 0..<(depth > 4 ? 5 : 7), using: &generator) {
        case 0: return "null"
        case 1: return Bool.random(using: &generator) ? "true" : "false"
        case 2, 3: return randomNumber(using: &generator)
        case 4: return randomString(using: &generator)
        case 5:
            let elements = (0..<Int.random(in: 0...5, using: &generator)).map { _ in randomValue(depth: depth + 1, using: &generator) }
            return "[" + space + elements.joined(separator: "," + space) + "]"
        default:
            let members = (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                randomString(using: &generator) + space + ":" + randomValue(depth: depth + 1, using: &generator)
            }
            return "{" + space + members.joined(separator: ",") + space + "}"
        }
    }
}
