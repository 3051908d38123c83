import Foundation

/// Decodes `Decodable` values from JSON, reading the bytes in place.
///
/// Foundation's `JSONDecoder` first turns the whole document into a map of values and gives every
/// object a dictionary before the first field is read; on a 47 MB catalog of 100,000 products that
/// is most of the time to the first frame. This decoder validates the document in one pass, then
/// reads only what the `Decodable` types ask for: an object's members are located once when its
/// container is opened, strings and numbers are converted where they stand, and coding paths are
/// built only when an error needs one.
///
/// It reports problems as Foundation does, so messages and ``DecodingProblem`` work unchanged:
/// `DecodingError.dataCorrupted` with an empty path for a document that is not JSON,
/// `.typeMismatch` ("Expected to decode String but found a number instead."), `.valueNotFound`
/// for null, `.keyNotFound`; numbers that do not fit their type and text that is not UTF-8 are
/// ``DecodingProblem/Kind/outOfRange`` and ``DecodingProblem/Kind/invalidText``.
/// When a key appears twice in an object, the first one counts, as with Foundation. Dates and data decode as their
/// own `Decodable` conformances say (seconds since 2001, a list of bytes): there are no strategies.
/// A document that is a long list of ``ConcurrentlyDecodable`` values is decoded on every core, with
/// the result (and the first failure) that decoding front to back gives.
public struct LazyJSONDecoder: Sendable {
    /// Below this many elements a list is decoded on one core: sooner than several would start.
    static let elementsDecodedOnOneCore = 2_000

    public init() {}

    /// The value of type `T` that `data` holds.
    public func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        try data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> T in
            guard let base = raw.baseAddress else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The data is empty, not JSON."))
            }
            // Member offsets are kept in 32 bits; response bodies are capped far below that.
            guard raw.count < Int(Int32.max) else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The data is too large for one JSON document."))
            }
            let bytes = JSONBytes(base: base.assumingMemoryBound(to: UInt8.self), count: raw.count)
            let root: Int
            let longContainerEnds: [Int: Int]
            let rootElements: [Int32]
            // A long list of independent values (a contacts list) is decoded on every core.
            let concurrentList = T.self as? any ConcurrentlyDecodableArray.Type
            do throws(JSONSyntaxError) {
                (root, longContainerEnds, rootElements) = try bytes.validate(recordingRootElements: concurrentList != nil)
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The given data was not valid JSON. " + error.description,
                                                        underlyingError: error))
            }
            let document = JSONDocument(bytes: bytes, longContainerEnds: longContainerEnds, data: data)
            // Containers a type kept past its init must not read freed bytes.
            defer { document.close() }
            if rootElements.count >= Self.elementsDecodedOnOneCore, let list = concurrentList {
                let decoded = try list.decodeConcurrently(in: document, elements: rootElements)
                return decoded as! T
            }
            return try document.decode(type, at: root, path: nil)
        }
    }
}

/// One coding path step, linked to its parent: built as values are entered, read only for errors.
final class JSONPathNode {
    let parent: JSONPathNode?
    let key: any CodingKey

    init(parent: JSONPathNode?, key: any CodingKey) {
        self.parent = parent
        self.key = key
    }

    static func path(_ node: JSONPathNode?, appending key: (any CodingKey)? = nil) -> [any CodingKey] {
        var keys: [any CodingKey] = key.map { [$0] } ?? []
        var node = node
        while let current = node {
            keys.append(current.key)
            node = current.parent
        }
        return keys.reversed()
    }
}

/// A position in a list, named as Foundation names it ("Index 3").
struct JSONIndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// The key of a `superDecoder()`.
struct JSONSuperKey: CodingKey {
    var stringValue: String { "super" }
    var intValue: Int? { nil }
    init() {}
    init?(stringValue: String) { nil }
    init?(intValue: Int) { nil }
}

/// The validated document being decoded, and the reads every container shares.
final class JSONDocument {
    /// The offset used for a value that is absent (a super decoder without its key): it reads as null.
    static let absent = -1

    enum Kind {
        case object, array, string, number, bool, null

        /// As Foundation says it in "… but found a string instead."
        var phrase: String {
            switch self {
            case .object: "a dictionary"
            case .array: "an array"
            case .string: "a string"
            case .number: "number"
            case .bool: "bool"
            case .null: "null"
            }
        }
    }

    private(set) var bytes: JSONBytes
    /// The ends of the last containers whose members were located, so a list moving past an element
    /// it has just decoded does not scan the element twice.
    private var knownEnds: [(start: Int, end: Int)] = Array(repeating: (-1, -1), count: 8)
    private var knownEndSlot = 0
    private var memberScratch: [JSONMember] = []
    /// The ends of the containers the validation found long, by their starts.
    private let longContainerEnds: [Int: Int]
    /// The bytes' owner, for ``JSONValueReference``s (which outlive this decoding).
    private let data: Data
    private var sharedSource: JSONSource?

    init(bytes: JSONBytes, longContainerEnds: [Int: Int], data: Data, source: JSONSource? = nil) {
        self.bytes = bytes
        self.longContainerEnds = longContainerEnds
        self.data = data
        sharedSource = source
    }

    /// The document as references keep it: made once, when the first reference is.
    var source: JSONSource {
        if let sharedSource { return sharedSource }
        let made = JSONSource(data: data, longContainerEnds: longContainerEnds)
        sharedSource = made
        return made
    }

    func close() {
        bytes = JSONBytes(base: bytes.base, count: 0)
    }

    func kind(at offset: Int) -> Kind {
        switch bytes.byte(offset) {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        default: .null  // "n", or an absent value
        }
    }

    func valueEnd(at offset: Int) -> Int {
        for known in knownEnds where known.start == offset { return known.end }
        return bytes.valueEnd(at: offset)
    }

    /// As ``valueEnd(at:)``, looking up long containers first (for skipping values one has not decoded).
    func skippedValueEnd(at offset: Int) -> Int {
        switch bytes.byte(offset) {
        case UInt8(ascii: "{"), UInt8(ascii: "["): longContainerEnds[offset] ?? valueEnd(at: offset)
        default: bytes.valueEnd(at: offset)
        }
    }

    func remember(end: Int, of start: Int) {
        knownEnds[knownEndSlot] = (start, end)
        knownEndSlot = (knownEndSlot + 1) % knownEnds.count
    }

    // MARK: - Errors, as Foundation words them

    func mismatch(_ type: Any.Type, at offset: Int, path: @autoclosure () -> [any CodingKey]) -> DecodingError {
        let found = kind(at: offset)
        if found == .null {
            return .valueNotFound(type, .init(codingPath: path(), debugDescription: "Cannot get value of type \(type) -- found null value instead"))
        }
        return .typeMismatch(type, .init(codingPath: path(), debugDescription: "Expected to decode \(type) but found \(found.phrase) instead."))
    }

    // MARK: - Values

    func decodeString(at offset: Int, path: @autoclosure () -> [any CodingKey]) throws -> String {
        guard bytes.byte(offset) == UInt8(ascii: "\"") else { throw mismatch(String.self, at: offset, path: path()) }
        guard let text = bytes.string(at: offset) else { throw DecodingProblem.error(.invalidText, at: path()) }
        return text
    }

    func decodeBool(at offset: Int, path: @autoclosure () -> [any CodingKey]) throws -> Bool {
        switch bytes.byte(offset) {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw mismatch(Bool.self, at: offset, path: path())
        }
    }

    func decodeDouble(at offset: Int, path: @autoclosure () -> [any CodingKey]) throws -> Double {
        guard kind(at: offset) == .number else { throw mismatch(Double.self, at: offset, path: path()) }
        let value = bytes.double(at: offset)
        guard value.isFinite else { throw DecodingProblem.error(.outOfRange, at: path()) }
        return value
    }

    func decodeFloat(at offset: Int, path: @autoclosure () -> [any CodingKey]) throws -> Float {
        guard kind(at: offset) == .number else { throw mismatch(Float.self, at: offset, path: path()) }
        let value = Float(bytes.double(at: offset))
        guard value.isFinite else { throw DecodingProblem.error(.outOfRange, at: path()) }
        return value
    }

    func decodeInteger<T: FixedWidthInteger>(_ type: T.Type, at offset: Int, path: @autoclosure () -> [any CodingKey]) throws -> T {
        guard kind(at: offset) == .number else { throw mismatch(T.self, at: offset, path: path()) }
        if T.isSigned {
            guard let value = bytes.integer(at: offset), let exact = T(exactly: value) else {
                throw notAnInteger(T.self, at: offset, path: path())
            }
            return exact
        }
        guard let value = bytes.unsignedInteger(at: offset), let exact = T(exactly: value) else {
            throw notAnInteger(T.self, at: offset, path: path())
        }
        return exact
    }

    /// Why the number at `offset` is no `T`: a fraction (3.5) is not a whole number; anything else
    /// (too large, or written with a fraction part or an exponent) is out of range.
    private func notAnInteger<T: FixedWidthInteger>(_ type: T.Type, at offset: Int, path: [any CodingKey]) -> any Error {
        let value = bytes.double(at: offset)
        if value.isFinite, value.rounded(.towardZero) != value { return DecodingProblem.error(.notWholeNumber, at: path) }
        return DecodingProblem.error(.outOfRange, at: path)
    }

    /// Any `Decodable`: the plain values directly, everything else through its own `init(from:)`.
    func decode<T: Decodable>(_ type: T.Type, at offset: Int, path node: JSONPathNode?, key: (any CodingKey)? = nil) throws -> T {
        // T is exactly the type compared, so the casts are identities (a dynamic cast costs more than the read).
        if T.self == String.self { return unsafeBitCast(try decodeString(at: offset, path: JSONPathNode.path(node, appending: key)), to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try decodeInteger(Int.self, at: offset, path: JSONPathNode.path(node, appending: key)), to: T.self) }
        if T.self == Double.self { return unsafeBitCast(try decodeDouble(at: offset, path: JSONPathNode.path(node, appending: key)), to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try decodeBool(at: offset, path: JSONPathNode.path(node, appending: key)), to: T.self) }
        if T.self == JSONValueReference.self { return unsafeBitCast(JSONValueReference(document: self, offset: offset), to: T.self) }
        let child = key.map { JSONPathNode(parent: node, key: $0) } ?? node
        return try T(from: JSONValueDecoder(document: self, offset: offset, node: child))
    }

    // MARK: - Containers

    /// The members of the object at `offset`, located once; of a repeated key, the first is kept.
    func members(at offset: Int, path: @autoclosure () -> [any CodingKey]) throws -> JSONMemberTable {
        guard bytes.byte(offset) == UInt8(ascii: "{") else { throw mismatch([String: Any].self, at: offset, path: path()) }
        // Reused from object to object: locating members never nests (values are only skipped).
        // Moved out and back (a copy would share the buffer, and the first append would copy it).
        var found: [JSONMember] = []
        swap(&found, &memberScratch)
        found.removeAll(keepingCapacity: true)
        defer { swap(&found, &memberScratch) }
        var cursor = bytes.skipWhitespace(offset + 1)
        var largeObjectIndex: [Int: [Int]]?
        // One bit per (length, first byte, last byte) seen: a key whose bit is clear cannot repeat an
        // earlier one, so the byte comparisons run only on a collision (or after an escaped key).
        var seenKeyShapes: UInt64 = 0
        var sawEscapedKey = false
        while bytes.byte(cursor) == UInt8(ascii: "\"") {
            let key = bytes.stringContents(at: cursor)
            // A key must be text, as Foundation requires, or a dictionary would silently lose it.
            if key.hasEscapes || !bytes.isASCII(from: key.start, to: key.end), bytes.string(at: cursor) == nil {
                throw DecodingProblem.error(.invalidText, at: path())
            }
            cursor = bytes.skipWhitespace(key.end + 1)  // the closing quote
            let value = bytes.skipWhitespace(cursor + 1)  // the colon
            let member = JSONMember(keyStart: Int32(truncatingIfNeeded: key.start - 1), keyLength: Int32(truncatingIfNeeded: key.end - key.start),
                                    value: Int32(truncatingIfNeeded: value), keyHasEscapes: key.hasEscapes)
            sawEscapedKey = sawEscapedKey || key.hasEscapes
            let length = key.end - key.start
            let shape: UInt64 = length == 0 ? 1
                : 1 << ((UInt64(length) &* 31 ^ UInt64(bytes.base[key.start]) &* 7 ^ UInt64(bytes.base[key.end - 1])) & 63)
            if !sawEscapedKey && found.count < 32 && seenKeyShapes & shape == 0 {
                found.append(member)
            } else if earlierMember(like: member, in: found, index: &largeObjectIndex) == nil {
                found.append(member)
            }
            seenKeyShapes |= shape
            cursor = bytes.skipWhitespace(skippedValueEnd(at: value))
            if bytes.byte(cursor) == UInt8(ascii: ",") { cursor = bytes.skipWhitespace(cursor + 1) }
        }
        remember(end: cursor + 1, of: offset)
        return JSONMemberTable.make(found)
    }

    /// The position in `found` of a member with the same key as `member`: by comparing bytes while the
    /// object is small, through an index by hash once it is large (a hostile object of a million keys
    /// must stay linear).
    private func earlierMember(like member: JSONMember, in found: [JSONMember], index: inout [Int: [Int]]?) -> Int? {
        func same(_ other: JSONMember) -> Bool {
            if member.keyHasEscapes || other.keyHasEscapes {
                return keyText(member) == keyText(other)
            }
            return other.keyLength == member.keyLength
                && memcmp(bytes.base + Int(other.keyStart) + 1, bytes.base + Int(member.keyStart) + 1, Int(member.keyLength)) == 0
        }
        if found.count < 32 && index == nil {
            return found.firstIndex(where: same)
        }
        if index == nil {
            var built: [Int: [Int]] = [:]
            for (position, other) in found.enumerated() { built[keyHash(other), default: []].append(position) }
            index = built
        }
        let hash = keyHash(member)
        if let position = index?[hash]?.first(where: { same(found[$0]) }) { return position }
        index?[hash, default: []].append(found.count)
        return nil
    }

    private func keyHash(_ member: JSONMember) -> Int {
        if member.keyHasEscapes { return keyText(member)?.hashValue ?? 0 }
        var hasher = Hasher()
        hasher.combine(bytes: UnsafeRawBufferPointer(start: bytes.base + Int(member.keyStart) + 1, count: Int(member.keyLength)))
        return hasher.finalize()
    }

    func keyText(_ member: JSONMember) -> String? {
        bytes.string(at: Int(member.keyStart))
    }
}

/// One `"key": value` of an object: where its key and its value start.
struct JSONMember {
    /// The offset of the key's opening quote.
    var keyStart: Int32
    var keyLength: Int32
    var value: Int32
    var keyHasEscapes: Bool
}

/// An object's members, in one allocation, with the position of the last key found: types read
/// their keys mostly in the payload's order, so the next lookup usually hits at once.
final class JSONMemberTable: ManagedBuffer<JSONMemberTable.Header, JSONMember> {
    struct Header {
        var count: Int
        var lastFound: Int
    }

    static func make(_ members: [JSONMember]) -> JSONMemberTable {
        let table = unsafeDowncast(create(minimumCapacity: members.count) { _ in Header(count: members.count, lastFound: -1) },
                                   to: JSONMemberTable.self)
        table.withUnsafeMutablePointerToElements { elements in
            members.withUnsafeBufferPointer { source in
                if let base = source.baseAddress { elements.initialize(from: base, count: source.count) }
            }
        }
        return table
    }

    deinit {
        _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
    }

    // Through the pointers only: the `header` property is checked for exclusive access on every use.
    var count: Int { withUnsafeMutablePointerToHeader { $0.pointee.count } }

    subscript(position: Int) -> JSONMember {
        withUnsafeMutablePointerToElements { $0[position] }
    }

    /// The position of the member named `key`, or nil.
    func position(of key: some CodingKey, in document: JSONDocument) -> Int? {
        // A container kept past the decoding it came from finds nothing (its bytes are gone).
        guard document.bytes.count > 0 else { return nil }
        var name = key.stringValue
        return name.withUTF8 { wanted -> Int? in
            withUnsafeMutablePointers { header, elements -> Int? in
                let count = header.pointee.count
                // The last key found (a `contains` then `decode` of one key), then onwards, wrapping.
                var position = max(header.pointee.lastFound, 0)
                for _ in 0..<count {
                    if matches(elements[position], wanted, document) {
                        header.pointee.lastFound = position
                        return position
                    }
                    position += 1
                    if position == count { position = 0 }
                }
                return nil
            }
        }
    }

    @inline(__always)
    private func matches(_ member: JSONMember, _ wanted: UnsafeBufferPointer<UInt8>, _ document: JSONDocument) -> Bool {
        if member.keyHasEscapes { return document.bytes.stringEquals(at: Int(member.keyStart), wanted) }
        guard Int(member.keyLength) == wanted.count else { return false }
        guard let wantedBase = wanted.baseAddress else { return true }
        return memcmp(document.bytes.base + Int(member.keyStart) + 1, wantedBase, wanted.count) == 0
    }
}

/// The `Decoder` for one value of the document.
struct JSONValueDecoder: Decoder {
    let document: JSONDocument
    let offset: Int
    let node: JSONPathNode?

    var codingPath: [any CodingKey] { JSONPathNode.path(node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(JSONObjectContainer<Key>(document: document, table: try document.members(at: offset, path: codingPath), node: node))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try JSONArrayContainer(document: document, offset: offset, node: node)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoder: self)
    }
}
