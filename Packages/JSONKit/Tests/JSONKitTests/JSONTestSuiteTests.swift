import Foundation
import JSONKit
import TestSupport
import XCTest

/// nst/JSONTestSuite's parsing cases (../shared/conformance/JSONTestSuite/test_parsing, MIT): every
/// `y_` file accepted with the value Python's `json` reads from it, every `n_` file rejected, and the
/// `i_` files, where parsers may differ, read or refused without a crash. A change to the parser can
/// never lose the suite without this failing.
final class JSONTestSuiteTests: XCTestCase {
    /// Found from this file's place: Packages/JSONKit/Tests/JSONKitTests → the repository → ../shared.
    private static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../../../../shared/conformance/JSONTestSuite/test_parsing").standardized

    private func cases(_ prefix: String) throws -> [URL] {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.suite.path)
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted().map { Self.suite.appendingPathComponent($0) }
    }

    private func decoded(_ file: URL) throws -> Value {
        try LazyJSONDecoder().decode(Value.self, from: Data(contentsOf: file))
    }

    /// Python reads each file given; each value as a tree of tagged lists, strings as their scalars and
    /// numbers as the double they are nearest (what a Swift `Double` holds), so JSON carries it intact.
    /// A key that appears twice counts the first time, as LazyJSONDecoder documents (Foundation's rule;
    /// RFC 8259 §4 leaves it to the reader, and Python's own keeps the last).
    private static let oracleScript = """
    import json, sys
    def tree(v):
        if v is None: return ["null"]
        if isinstance(v, bool): return ["bool", v]
        if isinstance(v, (int, float)): return ["number", repr(float(v))]
        if isinstance(v, str): return ["string", [ord(c) for c in v]]
        if isinstance(v, list): return ["array", [tree(e) for e in v]]
        return ["object", [[[ord(c) for c in k], tree(e)] for k, e in v.items()]]
    def first_wins(pairs):
        d = {}
        for k, v in pairs: d.setdefault(k, v)
        return d
    out = {}
    for path in sys.argv[1:]:
        with open(path, "rb") as f:
            out[path] = tree(json.loads(f.read(), object_pairs_hook=first_wins))
    json.dump(out, sys.stdout)
    """

    func testTheSuiteIsThere() throws {
        XCTAssertTrue(FileManager.default.fileExists(atPath: Self.suite.path),
                      "the conformance suite belongs at \(Self.suite.path) (../shared beside the repository)")
        XCTAssertEqual(try cases("y_").count, 95)
        XCTAssertEqual(try cases("n_").count, 188)
        XCTAssertEqual(try cases("i_").count, 35)
    }

    func testEveryAcceptedCaseDecodesToPythonsValue() throws {
        let files = try cases("y_")
        XCTAssertEqual(files.count, 95)
        let oracle = try PythonOracle.answer([String: OracleTree].self, of: Self.oracleScript, arguments: files.map(\.path))
        var failures: [String] = []
        for file in files {
            do {
                let value = try decoded(file)
                guard let expected = oracle[file.path]?.value else {
                    failures.append("\(file.lastPathComponent): python gave no value")
                    continue
                }
                if value != expected { failures.append("\(file.lastPathComponent): \(value) ≠ python's \(expected)") }
            } catch {
                failures.append("\(file.lastPathComponent) refused: \(error)")
            }
        }
        XCTAssertEqual(failures, [], "\(failures.count) of \(files.count) accepted cases differ")
    }

    func testEveryRejectedCaseIsRefused() throws {
        let files = try cases("n_")
        XCTAssertEqual(files.count, 188)
        let accepted = files.filter { (try? decoded($0)) != nil }.map(\.lastPathComponent)
        XCTAssertEqual(accepted, [], "\(accepted.count) of \(files.count) cases the standard rejects were accepted")
    }

    /// Parsers may read these either way (huge numbers, lone surrogates, UTF-16, deep nesting): the
    /// rule is only that none crashes or hangs, which finishing this test shows. What each does is
    /// counted, so a change of behaviour is seen in the log.
    func testEveryImplementationDefinedCaseEndsWithoutACrash() throws {
        let files = try cases("i_")
        XCTAssertEqual(files.count, 35)
        var accepted: [String] = []
        for file in files {
            do {
                _ = try decoded(file)
                accepted.append(file.lastPathComponent)
            } catch {
                // Refused, with an error a message can be made of (a huge exponent is out of a Double's range).
                XCTAssertFalse(String(describing: error).isEmpty, file.lastPathComponent)
            }
        }
        print("JSONTestSuite i_ cases: \(accepted.count) read, \(files.count - accepted.count) refused; read: \(accepted.joined(separator: ", "))")
    }
}

/// Any JSON value, decoded through the decoder's containers.
private indirect enum Value: Decodable, Equatable, CustomStringConvertible {
    case null, bool(Bool), number(Double), string([UInt32]), array([Value]), object([[UInt32]: Value])

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        if let object = try? decoder.container(keyedBy: Key.self) {
            var members: [[UInt32]: Value] = [:]
            for key in object.allKeys where members[key.stringValue.unicodeScalars.map(\.value)] == nil {
                members[key.stringValue.unicodeScalars.map(\.value)] = try object.decode(Value.self, forKey: key)
            }
            self = .object(members)
        } else if var array = try? decoder.unkeyedContainer() {
            var elements: [Value] = []
            while !array.isAtEnd { elements.append(try array.decode(Value.self)) }
            self = .array(elements)
        } else {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() { self = .null }
            else if let flag = try? container.decode(Bool.self) { self = .bool(flag) }
            else if let number = try? container.decode(Double.self) { self = .number(number) }
            else { self = .string(try container.decode(String.self).unicodeScalars.map(\.value)) }
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "\(number)"
        case .string(let scalars): "\"\(String(String.UnicodeScalarView(scalars.compactMap(Unicode.Scalar.init))))\""
        case .array(let elements): "[\(elements.map(\.description).joined(separator: ","))]"
        case .object(let members): "{\(members.map { "\(Value.string($0.key)):\($0.value)" }.sorted().joined(separator: ","))}"
        }
    }
}

/// Python's answer for one file, as the oracle script writes it.
private struct OracleTree: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        var tagged = try decoder.unkeyedContainer()
        switch try tagged.decode(String.self) {
        case "null": value = .null
        case "bool": value = .bool(try tagged.decode(Bool.self))
        case "number":
            let text = try tagged.decode(String.self)
            guard let number = Double(text) else {
                throw DecodingError.dataCorruptedError(in: tagged, debugDescription: "python's number \(text) is no Double")
            }
            value = .number(number)
        case "string": value = .string(try tagged.decode([UInt32].self))
        case "array": value = .array(try tagged.decode([OracleTree].self).map(\.value))
        default:
            var members: [[UInt32]: Value] = [:]
            var pairs = try tagged.nestedUnkeyedContainer()
            while !pairs.isAtEnd {
                var pair = try pairs.nestedUnkeyedContainer()
                let key = try pair.decode([UInt32].self)
                members[key] = try pair.decode(OracleTree.self).value
            }
            value = .object(members)
        }
    }
}
