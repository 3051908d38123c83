import Foundation

/// A value whose `init(from:)` reads only its own JSON value and touches nothing shared, so that
/// ``LazyJSONDecoder`` may decode a long list of them (a document that is a list of 10,000 contacts)
/// on every core.
///
/// The result is the one decoding front to back gives: the elements in order, or, when some fail,
/// the error of the first that fails (with the same coding path, `[Index i]…`).
public protocol ConcurrentlyDecodable: Decodable, Sendable {}

/// A list of ``ConcurrentlyDecodable`` values.
protocol ConcurrentlyDecodableArray {
    /// The list whose elements start at `elements`, decoded on every core.
    static func decodeConcurrently(in document: JSONDocument, elements starts: [Int32]) throws -> Self
}

extension Array: ConcurrentlyDecodableArray where Element: ConcurrentlyDecodable {
    static func decodeConcurrently(in document: JSONDocument, elements starts: [Int32]) throws -> [Element] {
        // Each chunk reads through a document of its own (a document caches as it reads) over the
        // same bytes; the bytes, the source and the starts are only read.
        let input = SharedInput(bytes: document.bytes, source: document.source, starts: starts)
        let outcomes = ConcurrentChunks.map(count: starts.count) { range in
            let reader = JSONDocument(bytes: input.bytes, longContainerEnds: input.source.longContainerEnds,
                                      data: input.source.data, source: input.source)
            defer { reader.close() }
            return Result<[Element], any Error> {
                var elements: [Element] = []
                elements.reserveCapacity(range.count)
                for position in range {
                    elements.append(try reader.decode(Element.self, at: Int(input.starts[position]), path: nil,
                                                      key: JSONIndexKey(index: position)))
                }
                return elements
            }
        }
        var elements: [Element] = []
        elements.reserveCapacity(starts.count)
        // The chunks in order: the first failing chunk's error is the first failing element's.
        for outcome in outcomes { elements.append(contentsOf: try outcome.get()) }
        return elements
    }
}

/// What the chunks of one list decoding read: the document's bytes (a pointer into data the
/// decoding keeps alive), its source and the elements' starts, never written while they run.
private struct SharedInput: @unchecked Sendable {
    let bytes: JSONBytes
    let source: JSONSource
    let starts: [Int32]
}

extension Array where Element == JSONValueReference {
    /// `transform` of each reference, in order; a list of 2,000 or more on every core (each reference
    /// reads its own view of the shared bytes). For the outline a long list needs now, such as each
    /// product's id and availability, with the rest decoded when it is shown.
    public func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (JSONValueReference) -> T) -> [T] {
        guard count >= LazyJSONDecoder.elementsDecodedOnOneCore else { return map(transform) }
        let references = self
        var mapped: [T] = []
        mapped.reserveCapacity(count)
        for chunk in ConcurrentChunks.map(count: count, { range in range.map { transform(references[$0]) } }) {
            mapped.append(contentsOf: chunk)
        }
        return mapped
    }
}

/// Work over `count` positions, split into a few chunks per core that run at once.
public enum ConcurrentChunks {
    /// `transform` of every position in `0..<count`, in order, worked out on every core (on the
    /// caller's thread alone below `minimumCount`, where starting the work costs more than it saves).
    public static func mapPositions<T: Sendable>(count: Int, minimumCount: Int = 2_000,
                                                 _ transform: @escaping @Sendable (Int) -> T) -> [T] {
        guard count >= minimumCount else { return (0..<count).map(transform) }
        var mapped: [T] = []
        mapped.reserveCapacity(count)
        for chunk in map(count: count, { range in range.map(transform) }) { mapped.append(contentsOf: chunk) }
        return mapped
    }

    /// `work` of each chunk's range of positions, in the order of the ranges (which cover
    /// `0..<count` in order). Each chunk fills its own slot; the slots are read after
    /// `concurrentPerform` has returned.
    static func map<T: Sendable>(count: Int, _ work: @escaping @Sendable (Range<Int>) -> T) -> [T] {
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 4
        var results = [T?](repeating: nil, count: chunks)
        results.withUnsafeMutableBufferPointer { buffer in
            let slots = Slots(base: buffer.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                slots.base[chunk] = work((count * chunk / chunks)..<(count * (chunk + 1) / chunks))
            }
        }
        return results.map { $0! }
    }

    private struct Slots<T>: @unchecked Sendable {
        let base: UnsafeMutablePointer<T?>
    }
}
