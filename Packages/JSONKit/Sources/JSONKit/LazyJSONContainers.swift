import Foundation

/// An object's members, found by key in its ``JSONMemberTable``.
struct JSONObjectContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let document: JSONDocument
    let table: JSONMemberTable
    let node: JSONPathNode?

    var codingPath: [any CodingKey] { JSONPathNode.path(node) }

    var allKeys: [Key] {
        (0..<table.count).compactMap { position in document.keyText(table[position]).flatMap { Key(stringValue: $0) } }
    }

    func contains(_ key: Key) -> Bool {
        table.position(of: key, in: document) != nil
    }

    /// The offset of `key`'s value, or `keyNotFound`.
    private func value(for key: Key) throws -> Int {
        guard let position = table.position(of: key, in: document) else {
            throw DecodingError.keyNotFound(key, .init(codingPath: codingPath,
                                                       debugDescription: "No value associated with key \(key.stringValue)."))
        }
        return Int(table[position].value)
    }

    /// The offset of `key`'s value, or nil when the key is absent or its value is null.
    private func presentValue(for key: Key) -> Int? {
        guard let position = table.position(of: key, in: document) else { return nil }
        let offset = Int(table[position].value)
        return document.kind(at: offset) == .null ? nil : offset
    }

    private func path(_ key: Key) -> [any CodingKey] { JSONPathNode.path(node, appending: key) }

    func decodeNil(forKey key: Key) throws -> Bool { document.kind(at: try value(for: key)) == .null }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try document.decodeBool(at: value(for: key), path: path(key)) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try document.decodeString(at: value(for: key), path: path(key)) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try document.decodeDouble(at: value(for: key), path: path(key)) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try document.decodeFloat(at: value(for: key), path: path(key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }

    private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
        try document.decodeInteger(T.self, at: value(for: key), path: path(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try document.decode(type, at: value(for: key), path: node, key: key)
    }

    // One lookup instead of the default's three (contains, decodeNil, decode).
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let offset = presentValue(for: key) else { return nil }
        return try document.decodeString(at: offset, path: path(key))
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let offset = presentValue(for: key) else { return nil }
        return try document.decodeBool(at: offset, path: path(key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let offset = presentValue(for: key) else { return nil }
        return try document.decodeDouble(at: offset, path: path(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        guard let offset = presentValue(for: key) else { return nil }
        return try document.decodeInteger(Int.self, at: offset, path: path(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = presentValue(for: key) else { return nil }
        return try document.decode(type, at: offset, path: node, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let offset = try value(for: key)
        return KeyedDecodingContainer(JSONObjectContainer<NestedKey>(
            document: document, table: try document.members(at: offset, path: path(key)), node: JSONPathNode(parent: node, key: key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONArrayContainer(document: document, offset: value(for: key), node: JSONPathNode(parent: node, key: key))
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(named: JSONSuperKey(), offset: table.position(of: JSONSuperKey(), in: document).map { Int(table[$0].value) })
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(named: key, offset: table.position(of: key, in: document).map { Int(table[$0].value) })
    }

    private func superDecoder(named key: any CodingKey, offset: Int?) -> any Decoder {
        JSONValueDecoder(document: document, offset: offset ?? JSONDocument.absent, node: JSONPathNode(parent: node, key: key))
    }
}

/// A list's elements, read front to back.
struct JSONArrayContainer: UnkeyedDecodingContainer {
    let document: JSONDocument
    let node: JSONPathNode?
    /// The offset of the next element, or of the closing `]`.
    private var cursor: Int
    private(set) var currentIndex = 0

    init(document: JSONDocument, offset: Int, node: JSONPathNode?) throws {
        guard document.bytes.byte(offset) == UInt8(ascii: "[") else {
            throw document.mismatch([Any].self, at: offset, path: JSONPathNode.path(node))
        }
        self.document = document
        self.node = node
        cursor = document.bytes.skipWhitespace(offset + 1)
    }

    var codingPath: [any CodingKey] { JSONPathNode.path(node) }

    /// Counted on request by skipping over the rest (nothing the decoder itself needs).
    var count: Int? {
        var count = currentIndex
        var offset = cursor
        while document.bytes.byte(offset) != UInt8(ascii: "]"), document.bytes.byte(offset) != 0 {
            count += 1
            offset = nextElement(after: offset)
        }
        return count
    }

    var isAtEnd: Bool { document.bytes.byte(cursor) != UInt8(ascii: "]") ? document.bytes.byte(cursor) == 0 : true }

    private func nextElement(after offset: Int) -> Int {
        var next = document.bytes.skipWhitespace(document.valueEnd(at: offset))
        if document.bytes.byte(next) == UInt8(ascii: ",") { next = document.bytes.skipWhitespace(next + 1) }
        return next
    }

    /// The offset of the next element, or `valueNotFound` at the end of the list.
    private func next(_ type: Any.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, .init(codingPath: JSONPathNode.path(node, appending: JSONIndexKey(index: currentIndex)),
                                                          debugDescription: "Unkeyed container is at end."))
        }
        return cursor
    }

    private mutating func advance() {
        cursor = nextElement(after: cursor)
        currentIndex += 1
    }

    /// Reads the next element with `read` (given the document, the element's offset and its path
    /// node's parent and key), and moves past it only when that succeeded.
    private mutating func element<T>(
        _ type: Any.Type,
        _ read: (_ document: JSONDocument, _ offset: Int, _ path: () -> [any CodingKey], _ key: JSONIndexKey) throws -> T
    ) throws -> T {
        let key = JSONIndexKey(index: currentIndex)
        let node = self.node
        let value = try read(document, try next(type), { JSONPathNode.path(node, appending: key) }, key)
        advance()
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard document.kind(at: try next(Never.self)) == .null else { return false }
        advance()
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try element(type) { document, offset, path, _ in try document.decodeBool(at: offset, path: path()) } }
    mutating func decode(_ type: String.Type) throws -> String { try element(type) { document, offset, path, _ in try document.decodeString(at: offset, path: path()) } }
    mutating func decode(_ type: Double.Type) throws -> Double { try element(type) { document, offset, path, _ in try document.decodeDouble(at: offset, path: path()) } }
    mutating func decode(_ type: Float.Type) throws -> Float { try element(type) { document, offset, path, _ in try document.decodeFloat(at: offset, path: path()) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }

    private mutating func integer<T: FixedWidthInteger>() throws -> T {
        try element(T.self) { document, offset, path, _ in try document.decodeInteger(T.self, at: offset, path: path()) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let node = self.node
        return try element(type) { try $0.decode(type, at: $1, path: node, key: $3) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let node = self.node
        return try element([String: Any].self) { document, offset, path, key in
            KeyedDecodingContainer(JSONObjectContainer<NestedKey>(
                document: document, table: try document.members(at: offset, path: path()), node: JSONPathNode(parent: node, key: key)))
        }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let node = self.node
        return try element([Any].self) { document, offset, _, key in
            try JSONArrayContainer(document: document, offset: offset, node: JSONPathNode(parent: node, key: key))
        }
    }

    mutating func superDecoder() throws -> any Decoder {
        let node = self.node
        return try element((any Decoder).self) { document, offset, _, key in
            JSONValueDecoder(document: document, offset: offset, node: JSONPathNode(parent: node, key: key))
        }
    }
}

/// A single value: the decoder's own value.
struct JSONSingleValueContainer: SingleValueDecodingContainer {
    let decoder: JSONValueDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }
    private var document: JSONDocument { decoder.document }
    private var offset: Int { decoder.offset }

    func decodeNil() -> Bool { document.kind(at: offset) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try document.decodeBool(at: offset, path: codingPath) }
    func decode(_ type: String.Type) throws -> String { try document.decodeString(at: offset, path: codingPath) }
    func decode(_ type: Double.Type) throws -> Double { try document.decodeDouble(at: offset, path: codingPath) }
    func decode(_ type: Float.Type) throws -> Float { try document.decodeFloat(at: offset, path: codingPath) }
    func decode(_ type: Int.Type) throws -> Int { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: Int8.Type) throws -> Int8 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: Int16.Type) throws -> Int16 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: Int32.Type) throws -> Int32 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: Int64.Type) throws -> Int64 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: UInt.Type) throws -> UInt { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try document.decodeInteger(type, at: offset, path: codingPath) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try document.decode(type, at: offset, path: decoder.node) }
}
