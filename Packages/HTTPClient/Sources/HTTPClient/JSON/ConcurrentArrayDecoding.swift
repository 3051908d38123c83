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
        let bytes = document.bytes
        let count = starts.count
        // Each chunk reads through a document of its own (a document caches as it reads) over the
        // same bytes, and fills its own slot; the slots are read after `concurrentPerform` returns.
        let source = document.source
        let chunks = ProcessInfo.processInfo.activeProcessorCount * 4
        var outcomes = [Result<[Element], any Error>?](repeating: nil, count: chunks)
        outcomes.withUnsafeMutableBufferPointer { buffer in
            let slots = ChunkSlots(base: buffer.baseAddress!, bytes: bytes, source: source)
            starts.withUnsafeBufferPointer { starts in
                let positions = ChunkStarts(base: starts.baseAddress!)
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    let range = (count * chunk / chunks)..<(count * (chunk + 1) / chunks)
                    let reader = JSONDocument(bytes: slots.bytes, longContainerEnds: slots.source.longContainerEnds,
                                              data: slots.source.data, source: slots.source)
                    defer { reader.close() }
                    slots.base[chunk] = Result {
                        var elements: [Element] = []
                        elements.reserveCapacity(range.count)
                        for position in range {
                            elements.append(try reader.decode(Element.self, at: Int(positions.base[position]), path: nil,
                                                              key: JSONIndexKey(index: position)))
                        }
                        return elements
                    }
                }
            }
        }
        var elements: [Element] = []
        elements.reserveCapacity(count)
        // The chunks in order: the first failing chunk's error is the first failing element's.
        for outcome in outcomes { elements.append(contentsOf: try outcome!.get()) }
        return elements
    }
}

/// The chunks' result slots and what they read, shared by the chunks of one ``ConcurrentlyDecodableArray``
/// decoding: each chunk writes only its own slot; the bytes and source are only read.
private struct ChunkSlots<Element>: @unchecked Sendable {
    let base: UnsafeMutablePointer<Result<[Element], any Error>?>
    let bytes: JSONBytes
    let source: JSONSource
}

/// The elements' offsets, only read by the chunks.
private struct ChunkStarts: @unchecked Sendable {
    let base: UnsafePointer<Int32>
}
