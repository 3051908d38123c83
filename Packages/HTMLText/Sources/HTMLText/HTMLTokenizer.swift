/// One piece of markup, as the tokenizer hands it to the block builder.
enum HTMLToken: Equatable {
    /// Text with character references decoded (whitespace not yet collapsed).
    case text(String)
    /// A start tag; `tag` is nil for elements the builder does not know (they have no effect).
    /// Attribute values are decoded; only the elements that need attributes keep them.
    case startTag(HTMLTag?, attributes: [HTMLAttribute], isSelfClosing: Bool)
    case endTag(HTMLTag?)
}

struct HTMLAttribute: Equatable {
    let name: String
    let value: String
}

extension [HTMLAttribute] {
    func value(named name: String) -> String? {
        first { $0.name == name }?.value
    }
}

/// Splits HTML into tokens in one forward pass over its UTF-8 bytes, after the HTML tokenizer's rules
/// where they matter for text: comments, `<!DOCTYPE>`, CDATA and processing instructions produce no
/// token; the contents of `<script>`, `<style>` and the like are skipped up to their end tag; a `<`
/// that starts no tag is text; a tag or comment cut off by the end of the input is dropped.
///
/// Every loop moves forward, and no position is looked at more than a bounded number of times
/// (a character reference's name is at most ``HTMLEntities/maximumNameLength`` long), so the work is
/// linear in the input's length whatever the input.
///
/// It reads the bytes through a buffer pointer, valid only inside `String.withUTF8`
/// (see ``HTMLDocument/parse(_:)``): per-byte loops over it stay fast even in debug builds.
struct HTMLTokenizer {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    /// Set after the start tag of an element whose content is not markup, until its end tag.
    private var rawTextElement: RawTextElement?

    /// A tag keeps at most this many attributes (we read two or three); the rest are parsed and dropped.
    static let maximumAttributeCount = 32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next() -> HTMLToken? {
        while index < bytes.count {
            if let element = rawTextElement {
                rawTextElement = nil
                if let token = rawText(of: element) { return token }
            } else if bytes[index] == UInt8(ascii: "<"), startsMarkup(at: index) {
                if let token = markup() { return token }
            } else {
                return .text(text())
            }
        }
        return nil
    }

    // MARK: - Text

    /// Whether the "<" at `position` opens a tag, end tag, comment or declaration (else it is text).
    private func startsMarkup(at position: Int) -> Bool {
        guard position + 1 < bytes.count else { return false }
        let next = bytes[position + 1]
        if isASCIILetter(next) || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") { return true }
        return next == UInt8(ascii: "/") && position + 2 < bytes.count // "</" at the very end is text
    }

    /// Text up to the next markup, references decoded.
    private mutating func text() -> String {
        let start = index
        var position = index
        var hasReference = false
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                if startsMarkup(at: position) { break }
            } else if byte == UInt8(ascii: "&") {
                hasReference = true
            }
            position += 1
        }
        index = position
        guard hasReference else { return String(decoding: bytes[start..<position], as: UTF8.self) }
        return decodedText(start..<position, inAttribute: false)
    }

    /// `bytes[range]` with character references decoded (a reference never reaches past the range).
    private func decodedText(_ range: Range<Int>, inAttribute: Bool) -> String {
        HTMLEntities.decodingReferences(in: bytes, range, inAttribute: inAttribute)
    }

    // MARK: - Markup

    /// Reads the markup at `index` (a "<" for which ``startsMarkup(at:)`` holds) and moves past it.
    /// Returns nil for markup that produces no token (comments, declarations, tags cut off by the end).
    private mutating func markup() -> HTMLToken? {
        let next = bytes[index + 1]
        if next == UInt8(ascii: "!") {
            skipDeclaration()
            return nil
        }
        if next == UInt8(ascii: "?") {
            skipBogusComment(from: index + 2)
            return nil
        }
        if next == UInt8(ascii: "/") {
            let afterSlash = bytes[index + 2]
            if afterSlash == UInt8(ascii: ">") { // "</>" is ignored
                index += 3
                return nil
            }
            guard isASCIILetter(afterSlash) else {
                skipBogusComment(from: index + 2)
                return nil
            }
            return tag(nameStart: index + 2, isEndTag: true)
        }
        return tag(nameStart: index + 1, isEndTag: false)
    }

    /// `<!--…-->`, `<![CDATA[…]]>`, `<!DOCTYPE …>` and any other `<!…>`.
    private mutating func skipDeclaration() {
        let start = index + 2
        if hasPrefix("--", at: start) {
            skipComment(from: start + 2)
        } else if hasPrefix("[CDATA[", at: start) {
            var position = start + 7
            while position + 2 < bytes.count,
                  !(bytes[position] == UInt8(ascii: "]") && bytes[position + 1] == UInt8(ascii: "]") && bytes[position + 2] == UInt8(ascii: ">")) {
                position += 1
            }
            index = min(position + 3, bytes.count)
        } else {
            skipBogusComment(from: start)
        }
    }

    /// The body of a comment ends at "-->" or "--!>"; "<!-->" and "<!--->" are empty comments.
    /// An unterminated comment runs to the end of the input.
    private mutating func skipComment(from start: Int) {
        if hasPrefix(">", at: start) {
            index = start + 1
            return
        }
        if hasPrefix("->", at: start) {
            index = start + 2
            return
        }
        var position = start
        while position + 2 < bytes.count {
            if bytes[position] == UInt8(ascii: "-"), bytes[position + 1] == UInt8(ascii: "-") {
                if bytes[position + 2] == UInt8(ascii: ">") {
                    index = position + 3
                    return
                }
                if bytes[position + 2] == UInt8(ascii: "!"), position + 3 < bytes.count, bytes[position + 3] == UInt8(ascii: ">") {
                    index = position + 4
                    return
                }
            }
            position += 1
        }
        index = bytes.count
    }

    /// Everything up to and including the next ">" (or the end).
    private mutating func skipBogusComment(from start: Int) {
        var position = start
        while position < bytes.count, bytes[position] != UInt8(ascii: ">") { position += 1 }
        index = min(position + 1, bytes.count)
    }

    /// A start or end tag whose name starts at `nameStart`. End tags' attributes are parsed (so a ">" in a
    /// quoted value does not end them) and dropped. Returns nil, consuming the rest, when the input ends inside the tag.
    private mutating func tag(nameStart: Int, isEndTag: Bool) -> HTMLToken? {
        var position = nameStart
        while position < bytes.count, !isTagNameEnd(bytes[position]) { position += 1 }
        let tag = HTMLTag.named[lowercasedString(nameStart..<position)]
        let keepsAttributes = !isEndTag && tag?.needsAttributes == true
        var attributes: [HTMLAttribute] = []
        var isSelfClosing = false
        while true {
            guard position < bytes.count else {
                index = bytes.count
                return nil
            }
            let byte = bytes[position]
            if isWhitespace(byte) {
                position += 1
                continue
            }
            if byte == UInt8(ascii: ">") {
                position += 1
                break
            }
            if byte == UInt8(ascii: "/") {
                if position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: ">") {
                    isSelfClosing = true
                    position += 2
                    break
                }
                position += 1
                continue
            }
            // An attribute name; its first character may be "=" (the HTML tokenizer keeps it in the name).
            let attributeNameStart = position
            position += 1
            while position < bytes.count, !isAttributeNameEnd(bytes[position]) { position += 1 }
            let attributeNameEnd = position
            while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
            var valueRange = position..<position
            if position < bytes.count, bytes[position] == UInt8(ascii: "=") {
                position += 1
                while position < bytes.count, isWhitespace(bytes[position]) { position += 1 }
                if position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") {
                    let quote = bytes[position]
                    let valueStart = position + 1
                    position = valueStart
                    while position < bytes.count, bytes[position] != quote { position += 1 }
                    guard position < bytes.count else {
                        index = bytes.count
                        return nil
                    }
                    valueRange = valueStart..<position
                    position += 1
                } else {
                    let valueStart = position
                    while position < bytes.count, !isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") { position += 1 }
                    valueRange = valueStart..<position
                }
            }
            if keepsAttributes, attributes.count < Self.maximumAttributeCount {
                let attributeName = lowercasedString(attributeNameStart..<attributeNameEnd)
                if !attributes.contains(where: { $0.name == attributeName }) { // the first of duplicates counts
                    attributes.append(HTMLAttribute(name: attributeName, value: decodedText(valueRange, inAttribute: true)))
                }
            }
        }
        index = position
        if isEndTag { return .endTag(tag) }
        rawTextElement = tag.flatMap(RawTextElement.init)
        return .startTag(tag, attributes: attributes, isSelfClosing: isSelfClosing)
    }

    // MARK: - Raw text

    /// Elements whose content is text up to their end tag, not markup.
    private enum RawTextElement {
        /// `<script>`, `<style>`, `<iframe>`, `<noembed>`, `<noframes>`: content dropped.
        case dropped(HTMLTag)
        /// `<xmp>`: content shown as written.
        case literal(HTMLTag)
        /// `<title>`, `<textarea>`: content shown with references decoded.
        case escapable(HTMLTag)

        init?(_ tag: HTMLTag) {
            switch tag {
            case .script, .style, .iframe, .noembed, .noframes: self = .dropped(tag)
            case .xmp: self = .literal(tag)
            case .title, .textarea: self = .escapable(tag)
            default: return nil
            }
        }
    }

    /// The content of a raw text element up to its end tag (which the next call reads as a tag),
    /// or to the end of the input when the end tag is missing.
    private mutating func rawText(of element: RawTextElement) -> HTMLToken? {
        let tag: HTMLTag
        switch element {
        case .dropped(let elementTag), .literal(let elementTag), .escapable(let elementTag): tag = elementTag
        }
        let start = index
        let end = endTagPosition(of: Array(String(describing: tag).utf8), from: start)
        index = end
        guard end > start else { return nil }
        switch element {
        case .dropped: return nil
        case .literal: return .text(String(decoding: bytes[start..<end], as: UTF8.self))
        case .escapable: return .text(decodedText(start..<end, inAttribute: false))
        }
    }

    /// Where "</name" (any case) followed by whitespace, "/" or ">" starts; the end of the input if nowhere.
    private func endTagPosition(of name: [UInt8], from start: Int) -> Int {
        var position = start
        while position + 1 + name.count < bytes.count {
            if bytes[position] == UInt8(ascii: "<"), bytes[position + 1] == UInt8(ascii: "/") {
                var matched = 0
                while matched < name.count, bytes[position + 2 + matched] | 0x20 == name[matched] { matched += 1 }
                let after = position + 2 + name.count
                if matched == name.count, after == bytes.count || isTagNameEnd(bytes[after]) { return position }
            }
            position += 1
        }
        return bytes.count
    }

    // MARK: - Bytes

    private func hasPrefix(_ prefix: StaticString, at position: Int) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return prefix.withUTF8Buffer { buffer in
            buffer.indices.allSatisfy { bytes[position + $0] == buffer[$0] }
        }
    }

    private func lowercasedString(_ range: Range<Int>) -> String {
        var position = range.lowerBound
        while position < range.upperBound, !isASCIIUppercase(bytes[position]) { position += 1 }
        guard position < range.upperBound else { return String(decoding: bytes[range], as: UTF8.self) }
        return String(decoding: bytes[range].map { isASCIIUppercase($0) ? $0 | 0x20 : $0 }, as: UTF8.self)
    }

    // Plain comparisons rather than range patterns: these run per byte, and stay cheap in debug builds too.
    private func isASCIILetter(_ byte: UInt8) -> Bool {
        let lowercased = byte | 0x20
        return lowercased >= UInt8(ascii: "a") && lowercased <= UInt8(ascii: "z")
    }

    private func isASCIIUppercase(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    /// HTML's whitespace: space, tab, line feed, form feed, carriage return.
    private func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    private func isTagNameEnd(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">")
    }

    private func isAttributeNameEnd(_ byte: UInt8) -> Bool {
        isTagNameEnd(byte) || byte == UInt8(ascii: "=")
    }
}
