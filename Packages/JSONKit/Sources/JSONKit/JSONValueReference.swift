import Foundation

/// Where one value stands in a document ``LazyJSONDecoder`` decoded, to decode it when it is needed.
///
/// A list of 100,000 products can decode a reference to each (nothing is read) and its rows when they
/// come on screen, instead of every product before the first frame: the references share the
/// document's bytes, which stay in memory while any of them does. Only ``LazyJSONDecoder`` makes
/// references; decoding one with another decoder is a type mismatch.
public struct JSONValueReference: Sendable, Decodable {
    /// What kind of value it is.
    public enum Kind: Sendable, Equatable {
        case object, array, string, number, bool, null
    }

    private let source: JSONSource
    /// Documents are capped below 2 GiB (``LazyJSONDecoder``), so an offset fits 32 bits.
    private let offset: Int32
    public let kind: Kind
    /// For a string: does it hold text (valid UTF-8, whole escapes), as decoding it as `String` needs?
    public let isReadableText: Bool

    public init(from decoder: any Decoder) throws {
        guard let decoder = decoder as? JSONValueDecoder else {
            throw DecodingError.typeMismatch(JSONValueReference.self, .init(
                codingPath: decoder.codingPath, debugDescription: "Only LazyJSONDecoder makes references to JSON values."))
        }
        self.init(document: decoder.document, offset: decoder.offset)
    }

    init(document: JSONDocument, offset: Int) {
        source = document.source
        self.offset = Int32(truncatingIfNeeded: offset)
        kind = switch document.kind(at: offset) {
        case .object: .object
        case .array: .array
        case .string: .string
        case .number: .number
        case .bool: .bool
        case .null: .null
        }
        isReadableText = kind == .string && document.bytes.isReadableString(at: offset)
    }

    /// The value, decoded now (as `T`'s `init(from:)` reads it; coding paths start at this value).
    public func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try source.data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) throws -> T in
            guard let base = raw.baseAddress else {
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "The document is gone."))
            }
            let bytes = JSONBytes(base: base.assumingMemoryBound(to: UInt8.self), count: raw.count)
            let document = JSONDocument(bytes: bytes, longContainerEnds: source.longContainerEnds, data: source.data, source: source)
            defer { document.close() }
            return try document.decode(type, at: Int(offset), path: nil)
        }
    }
}

extension JSONValueReference {
    /// Where the value's bytes stand in the document it was decoded from: a product of a long list
    /// can be kept with the document and decoded later from its own bytes, without the rest.
    public var byteRange: Range<Int> {
        source.data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Range<Int> in
            guard let base = raw.baseAddress else { return 0..<0 }
            let bytes = JSONBytes(base: base.assumingMemoryBound(to: UInt8.self), count: raw.count)
            let document = JSONDocument(bytes: bytes, longContainerEnds: source.longContainerEnds, data: source.data, source: source)
            defer { document.close() }
            return Int(offset)..<document.skippedValueEnd(at: Int(offset))
        }
    }
}

/// A validated document's bytes, shared by the references into it.
final class JSONSource: Sendable {
    let data: Data
    let longContainerEnds: [Int: Int]

    init(data: Data, longContainerEnds: [Int: Int]) {
        self.data = data
        self.longContainerEnds = longContainerEnds
    }
}
