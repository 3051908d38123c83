import TextCells

// Text: runs of styled text, whitespace as HTML collapses it, preformatted text.
extension HTMLBlockBuilder {
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0C}": true
        default: false
        }
    }

    /// Invisible characters that are dropped: the soft hyphen (we never hyphenate) and the direction
    /// marks LRM, RLM and ALM (the sanitizer would show them as U+FFFD; embeddings, overrides and
    /// isolates still get that visible replacement).
    static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "\u{AD}", "\u{200E}", "\u{200F}", "\u{061C}": true
        default: false
        }
    }

    /// How many bytes starting at `position` encode a dropped character (see ``isDropped(_:)``), or 0.
    /// Their UTF-8: U+00AD is C2 AD, U+061C is D8 9C, U+200E and U+200F are E2 80 8E and E2 80 8F.
    static func droppedLength(in bytes: UnsafeBufferPointer<UInt8>, at position: Int) -> Int {
        let byte = bytes[position]
        guard byte == 0xC2 || byte == 0xD8 || byte == 0xE2, position + 1 < bytes.count else { return 0 }
        let next = bytes[position + 1]
        if byte == 0xC2 { return next == 0xAD ? 2 : 0 }
        if byte == 0xD8 { return next == 0x9C ? 2 : 0 }
        guard next == 0x80, position + 2 < bytes.count else { return 0 }
        return bytes[position + 2] == 0x8E || bytes[position + 2] == 0x8F ? 3 : 0
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
    }

    /// Flowing text: whitespace collapses; stretches between whitespace are appended whole
    /// (scanning UTF-8 bytes, so long texts stay cheap even in debug builds).
    mutating func appendFlowing(_ text: String, context: Context) {
        var text = text
        text.withUTF8 { bytes in
            var style: Style?
            var stretchStart = 0
            var position = 0
            func appendStretch(upTo end: Int) {
                guard end > stretchStart else { return }
                let current = style ?? self.style(for: context) // looked up once per token; the link registers here
                style = current
                appendVisible(String(decoding: bytes[stretchStart..<end], as: UTF8.self), style: current, context: context)
            }
            while position < bytes.count {
                if Self.isWhitespace(bytes[position]) {
                    appendStretch(upTo: position)
                    noteWhitespace(context)
                    position += 1
                    stretchStart = position
                } else {
                    let dropped = Self.droppedLength(in: bytes, at: position)
                    if dropped > 0 {
                        appendStretch(upTo: position)
                        position += dropped
                        stretchStart = position
                    } else {
                        position += 1
                    }
                }
            }
            appendStretch(upTo: bytes.count)
        }
    }

    mutating func appendVisible(_ text: String, style: Style, context: Context) {
        openBlockIfNeeded(context)
        if case .pending(let attributes, let linkIndex) = space {
            let spaceStyle = Style(attributes: attributes.intersection(style.attributes),
                                   linkIndex: linkIndex == style.linkIndex ? linkIndex : nil)
            appendToRun(" ", style: spaceStyle)
        }
        space = .none
        appendToRun(text, style: style)
        lastStyle = style
        block.hasContent = true
    }

    mutating func noteWhitespace(_ context: Context) {
        guard case .none = space else { return }
        let linkIndex = context.anchor.flatMap { anchorLinkIndices[$0] }
        space = .pending(lastStyle.attributes.intersection(context.attributes),
                         linkIndex: lastStyle.linkIndex == linkIndex ? linkIndex : nil)
    }

    /// `<pre>` text: every character counts; CR LF, CR and LF break the line; tabs go to the next stop of 8 columns.
    mutating func appendPreformatted(_ text: String, context: Context, skipsNewline: Bool) {
        var text = text
        text.withUTF8 { bytes in
            var style: Style?
            var skipsNewline = skipsNewline
            var stretchStart = 0
            var stretchIsASCII = true
            var position = 0
            func appendStretch(upTo end: Int) {
                defer { stretchIsASCII = true }
                guard end > stretchStart else { return }
                let current = style ?? self.style(for: context)
                style = current
                let stretch = String(decoding: bytes[stretchStart..<end], as: UTF8.self)
                appendPreformattedText(stretch, width: stretchIsASCII ? end - stretchStart : DisplayWidth.of(stretch),
                                       style: current, context: context)
            }
            while position < bytes.count {
                let byte = bytes[position]
                if skipsNewline {
                    skipsNewline = false
                    if byte == 0x0A || byte == 0x0D {
                        position += byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                        stretchStart = position
                        continue
                    }
                }
                if byte == 0x0A || byte == 0x0D {
                    appendStretch(upTo: position)
                    lineBreak()
                    position += byte == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A ? 2 : 1
                    stretchStart = position
                } else if byte == 0x09 {
                    appendStretch(upTo: position)
                    let current = style ?? self.style(for: context)
                    style = current
                    let spaces = 8 - preformattedColumn % 8
                    appendPreformattedText(String(repeating: " ", count: spaces), width: spaces, style: current, context: context)
                    position += 1
                    stretchStart = position
                } else {
                    let dropped = Self.droppedLength(in: bytes, at: position)
                    if dropped > 0 {
                        appendStretch(upTo: position)
                        position += dropped
                        stretchStart = position
                    } else {
                        if byte >= 0x80 { stretchIsASCII = false }
                        position += 1
                    }
                }
            }
            appendStretch(upTo: bytes.count)
        }
    }

    mutating func appendPreformattedText(_ text: String, width: Int, style: Style, context: Context) {
        openBlockIfNeeded(context)
        appendToRun(text, style: style)
        preformattedColumn += width
        lastStyle = style
        space = .none
        block.hasContent = true
    }

    /// The style for visible text in `context`; a link gets its index when its first visible text arrives,
    /// so links without text never show up in ``HTMLDocument/links``.
    mutating func style(for context: Context) -> Style {
        guard let anchor = context.anchor else { return Style(attributes: context.attributes) }
        if let linkIndex = anchorLinkIndices[anchor] { return Style(attributes: context.attributes, linkIndex: linkIndex) }
        linkHrefs.append(anchorHrefs[anchor])
        anchorLinkIndices[anchor] = linkHrefs.count - 1
        return Style(attributes: context.attributes, linkIndex: linkHrefs.count - 1)
    }
}
