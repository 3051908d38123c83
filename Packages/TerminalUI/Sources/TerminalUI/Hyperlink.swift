/// OSC 8 hyperlinks: text a terminal makes clickable. A link is a cell attribute (``Style/link``),
/// so the renderer's diff stays exact and a link never spills into the cells after it; plain output
/// (`--plain`, no colours, `TERM=dumb`) writes the text alone.
public enum Hyperlink {
    /// Longer targets are not links (terminals cap them; no address a screen shows is that long).
    public static let maximumTargetBytes = 2048

    /// The id of `target` when it can be a link: printable ASCII without spaces (an escape, a BEL or
    /// an ST can never end up inside the sequence), a scheme, and not too long; nil otherwise.
    /// A 64-bit FNV-1a hash of the target, never 0: equal targets share an id across frames.
    public static func id(for target: String) -> UInt64? {
        let bytes = target.utf8
        guard !bytes.isEmpty, bytes.count <= maximumTargetBytes, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F }),
              let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon != bytes.startIndex else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash == 0 ? 1 : hash
    }

    /// The bytes that start a link to `target` (its `id` lets a terminal underline all its cells as one).
    static func open(_ target: String, id: UInt64) -> [UInt8] {
        Array("\u{1B}]8;id=\(String(id, radix: 36));\(target)\u{1B}\\".utf8)
    }

    /// The bytes that end the current link.
    static let close: [UInt8] = Array("\u{1B}]8;;\u{1B}\\".utf8)
}

extension Frame {
    /// Writes `text` as a link to `target` (`tel:`, `mailto:`, `https:` …), like
    /// ``put(_:at:style:maxColumns:)``; a target that cannot be a link (see ``Hyperlink/id(for:)``)
    /// leaves plain text. Returns the columns written.
    @discardableResult
    public mutating func putLink(_ text: String, target: String, at point: Point, style: Style = .plain, maxColumns: Int? = nil) -> Int {
        guard let id = Hyperlink.id(for: target) else { return put(text, at: point, style: style, maxColumns: maxColumns) }
        links[id] = target
        var linked = style
        linked.link = id
        return put(text, at: point, style: linked, maxColumns: maxColumns)
    }
}
