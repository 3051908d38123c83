import Foundation
@testable import JSONKit
import Synchronization
import TestSupport
import XCTest

/// An element that notes which thread decoded it (thread-safely: that is what it shares).
private struct ThreadNotingEntry: ConcurrentlyDecodable {
    static let threads = Mutex<Set<UInt>>([])
    init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: AnyKey.self)
        Self.threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
    }
    struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}

/// A list element that may be decoded on any core.
private struct Entry: ConcurrentlyDecodable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var note: String?
}

/// The same element, decoded front to back only.
private struct SequentialEntry: Decodable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var note: String?
}

/// Long lists are decoded on every core, with exactly the result and the first failure that
/// decoding front to back gives.
final class ConcurrentArrayDecodingTests: XCTestCase {
    private func randomList(count: Int, broken: Set<Int>, using generator: inout SeededGenerator) -> String {
        let names = ["Anna", "Zoë", "\\\"quoted\\\"", "tab\\t", "\\u00e9t\\u00e9", "😀", "a\\\\b", ""]
        let space = ["", " ", "\n  "]
        let elements = (0..<count).map { index -> String in
            let name = names.randomElement(using: &generator)!
            let tags = (0..<Int.random(in: 0...3, using: &generator)).map { _ in "\"" + names.randomElement(using: &generator)! + "\"" }
            let note = Bool.random(using: &generator) ? #","note":null"# : (Bool.random(using: &generator) ? #","note":"n\#(index)""# : "")
            let id = broken.contains(index)
                ? [#""\#(index)""#, "null", "1.5", "[]"].randomElement(using: &generator)!  // each a failure of its own kind
                : String(index)
            return #"{"id":\#(id),"name":"\#(name)","tags":[\#(tags.joined(separator: ","))]\#(note)}"#
        }
        let gap = space.randomElement(using: &generator)!
        return "[" + gap + elements.joined(separator: "," + gap) + gap + "]"
    }

    func testALongListDecodesAsFrontToBack() throws {
        var generator = SeededGenerator(seed: 0xC0_2E5)
        for count in [0, 1, 1_999, 2_000, 2_001, 6_133] {
            let data = Data(randomList(count: count, broken: [], using: &generator).utf8)
            let concurrent = try LazyJSONDecoder().decode([Entry].self, from: data)
            let sequential = try LazyJSONDecoder().decode([SequentialEntry].self, from: data)
            let foundation = try JSONDecoder().decode([SequentialEntry].self, from: data)
            XCTAssertEqual(sequential, foundation, "\(count)")
            XCTAssertEqual(concurrent.map { SequentialEntry(id: $0.id, name: $0.name, tags: $0.tags, note: $0.note) }, sequential, "\(count)")
        }
    }

    func testTheFirstFailureIsTheOneFrontToBackFindsWhereverTheOthersAre() throws {
        var generator = SeededGenerator(seed: 0xBAD_11)
        for round in 0..<12 {
            let count = 2_000 + Int.random(in: 0..<4_000, using: &generator)
            let broken = Set((0..<Int.random(in: 1...4, using: &generator)).map { _ in Int.random(in: 0..<count, using: &generator) })
            let data = Data(randomList(count: count, broken: broken, using: &generator).utf8)
            let concurrent = Result { try LazyJSONDecoder().decode([Entry].self, from: data) }
            let sequential = Result { try LazyJSONDecoder().decode([SequentialEntry].self, from: data) }
            guard case .failure(let expected) = sequential, case .failure(let actual) = concurrent else {
                return XCTFail("round \(round): both fail (\(broken.sorted()))")
            }
            XCTAssertEqual(describe(actual), describe(expected), "round \(round): broken at \(broken.sorted())")
            XCTAssertTrue(describe(actual).contains("[\(broken.min()!)]"), "round \(round): \(describe(actual))")
        }
    }

    /// Below 2,000 elements a list is decoded on the calling thread alone; from 2,000 on, in chunks
    /// that other threads take too (asked of several decodings: a busy machine may leave one to a thread).
    func testLongListsAreSplitAcrossThreadsAndShortOnesAreNot() throws {
        func threads(decoding count: Int) throws -> Int {
            ThreadNotingEntry.threads.withLock { $0.removeAll() }
            _ = try LazyJSONDecoder().decode([ThreadNotingEntry].self, from: Data(list(count).utf8))
            return ThreadNotingEntry.threads.withLock { $0.count }
        }
        XCTAssertEqual(try threads(decoding: 1_999), 1)
        try XCTSkipIf(ProcessInfo.processInfo.activeProcessorCount < 2, "one core: nothing to split across")
        var most = 0
        for _ in 0..<10 where most < 2 { most = max(most, try threads(decoding: 8_000)) }
        XCTAssertGreaterThan(most, 1)
    }

    /// References mapped on every core come back in order, as mapping them one by one gives.
    func testConcurrentMapOfReferencesIsTheMapInOrder() throws {
        for count in [0, 5, 1_999, 2_000, 4_321] {
            let references = try LazyJSONDecoder().decode([JSONValueReference].self, from: Data(list(count).utf8))
            let read: @Sendable (JSONValueReference) -> Int = { (try? $0.decode(Entry.self).id) ?? -1 }
            XCTAssertEqual(references.concurrentMap(read), references.map(read), "\(count)")
            XCTAssertEqual(references.concurrentMap(read), Array(0..<count), "\(count)")
        }
    }

    /// Validation records where a top-level list's elements start (what the chunks decode from),
    /// whatever the spacing; nothing for a top-level object or for nested lists.
    func testValidationFindsTheTopLevelListsElements() throws {
        for (json, expected) in [("[1, \"two\" ,{\"a\":[3,4]},\n[5] , null]", ["1", "\"two\"", "{", "[", "null"]),
                                 (" [ ] ", []), ("{\"a\":[1,2]}", []), ("[[1,2],[3]]", ["[", "["]), (list(3), ["{", "{", "{"])] {
            let data = Data(json.utf8)
            let starts = try data.withUnsafeBytes { raw in
                try JSONBytes(base: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: raw.count)
                    .validate(recordingRootElements: true).rootElements
            }
            let found = starts.map { start in
                expected.first { json.utf8.dropFirst(Int(start)).starts(with: $0.utf8) } ?? "at \(start)"
            }
            XCTAssertEqual(found, expected, json)
        }
    }

    private func list(_ count: Int) -> String {
        "[" + (0..<count).map { #"{"id":\#($0),"name":"n","tags":[]}"# }.joined(separator: ",") + "]"
    }

    private func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not a DecodingError: \(error)" }
        func path(_ keys: [any CodingKey]) -> String { keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined() }
        switch error {
        case .typeMismatch(let type, let context): return "typeMismatch \(type) at \(path(context.codingPath)): \(context.debugDescription)"
        case .valueNotFound(let type, let context): return "valueNotFound \(type) at \(path(context.codingPath))"
        case .keyNotFound(let key, let context): return "keyNotFound \(path(context.codingPath + [key]))"
        case .dataCorrupted(let context): return "dataCorrupted \(path(context.codingPath)): \(context.debugDescription)"
        @unknown default: return "unknown"
        }
    }
}
