/// Turns the raw bytes a terminal sends into ``InputEvent``s.
///
/// The decoder is a pure byte-at-a-time state machine: feeding a byte string in one piece or split
/// at any boundary yields the same events. Partial UTF-8 and partial escape sequences are carried
/// across ``feed(_:)`` calls. A lone ESC cannot be told apart from the start of a sequence until
/// time passes, so the caller waits while ``hasPendingEscape`` is true and then calls
/// ``resolveTimeout()`` (about 50 ms without new bytes).
///
/// Memory is bounded on every input: an unterminated control sequence is capped at
/// ``maximumSequenceLength`` bytes and a bracketed paste at ``maximumPasteBytes``.
///
/// A terminal's answers to queries (device attributes, XTVERSION, kitty's graphics replies, the
/// cell size, colour reports) arrive on the same stream. They are never keys: the decoder keeps
/// them, parsed, as ``TerminalReply`` values for ``takeReplies()`` (at most ``maximumKeptReplies``),
/// and swallows string sequences (DCS, OSC, APC, PM, SOS) whole, up to their terminator. A reply
/// that is already whole (kitty's `OK`, a background colour with all its digits) ends at the first
/// byte that cannot belong to it even without its terminator, so a key typed right after a terminal
/// that never terminates is still a key.
public struct InputDecoder: Sendable {
    /// Control sequences longer than this are dropped (and the rest of them swallowed).
    public static let maximumSequenceLength = 64
    /// A bracketed paste keeps at most this many bytes; the rest up to the end marker is discarded.
    public static let maximumPasteBytes = 1 << 20
    /// A string sequence (DCS, OSC, APC…) keeps this many bytes for its reply; the rest is swallowed.
    public static let maximumStringBytes = 512
    /// Replies kept until ``takeReplies()``; later ones are dropped (a terminal flooding answers).
    public static let maximumKeptReplies = 32

    private enum State: Sendable {
        case ground
        /// Saw ESC.
        case escape
        /// Saw ESC [; `sequence` holds parameter and intermediate bytes.
        case controlSequence
        /// Saw ESC O; `sequence` holds modifier digits.
        case singleShift
        /// Saw ESC [ [ (Linux console F1–F5).
        case linuxFunctionKey
        /// Saw ESC [ M (legacy X10 mouse); `sequence` collects the three raw bytes.
        case legacyMouse
        /// An over-long control sequence: swallow until its final byte.
        case discardingSequence
        /// Inside ESC [ 200 ~ … ESC [ 201 ~.
        case paste
        /// Inside a string sequence (ESC P, ESC ], ESC _, ESC ^, ESC X) up to ST (ESC \\) or BEL;
        /// `sequence` holds its first bytes.
        case string(introducer: UInt8)
        /// Saw ESC inside a string sequence: `\\` ends it.
        case stringEscape(introducer: UInt8)
    }

    private static let pasteEndMarker: [UInt8] = [0x1B, 0x5B, 0x32, 0x30, 0x31, 0x7E] // ESC [ 2 0 1 ~

    private var state: State = .ground
    private var sequence: [UInt8] = []
    private var utf8Pending: [UInt8] = []
    private var utf8Needed = 0
    private var pasteBytes: [UInt8] = []
    private var pasteMarkerMatched = 0
    private var pasteOverflowed = false
    private var replies: [TerminalReply] = []

    /// A decoder in its initial state.
    public init() {}

    /// The probe's queries are not all answered yet (their device attributes have not come): a
    /// sequence pending now is more likely the start of a late reply than a key, so the event reader
    /// gives it ``TerminalProbe/lateReplyGraceMilliseconds`` to end before taking it for keys. The
    /// probe sets it; the device attributes' reply clears it.
    public var isAwaitingReplies = false

    /// Inside a string sequence (DCS, OSC, APC…) from the terminal, waiting for its terminator.
    public var isInsideString: Bool {
        switch state {
        case .string, .stringEscape: true
        default: false
        }
    }

    /// Drops an unfinished string sequence, so that the next byte is decoded afresh. For the event
    /// reader, once a string has gone on longer than any reply takes: the terminal writes a reply
    /// whole, so what comes after that is typed.
    mutating func abandonString() {
        guard isInsideString else { return }
        state = .ground
        sequence.removeAll(keepingCapacity: true)
    }

    /// The reply `body` already is whole, which no further byte but a terminator can belong to:
    /// kitty's `OK`, or a background colour whose `next` byte could not go on with it (a fifth hex
    /// digit, a fourth channel of `rgb:`). Nil for anything else (an error that goes on with its
    /// message, a colour short of a channel or digit, any other string): those wait for their terminator.
    private static func wholeReply(introducer: UInt8, body: [UInt8], before next: UInt8?) -> TerminalReply? {
        // Only the short replies this is about; a long string is never parsed byte by byte.
        guard body.count <= 48, body.first == UInt8(ascii: "G") || body.starts(with: Array("11;".utf8)) else { return nil }
        switch TerminalReply(stringIntroducer: introducer, body: body) {
        case .kittyGraphics(let answer)? where answer.hasSuffix(";OK"):
            return .kittyGraphics(answer)
        case .backgroundColor(let colour)?:
            if let next, isColourPrefix(Array(body.dropFirst(3)) + [next]) { return nil }
            return .backgroundColor(colour)
        default:
            return nil
        }
    }

    /// Whether `text` can still grow into an XParseColor `rgb:R/G/B` or `rgba:R/G/B/A` (1–4 hex digits a channel).
    private static func isColourPrefix(_ text: [UInt8]) -> Bool {
        let lowered = String(decoding: text, as: UTF8.self).lowercased()
        for (form, channels) in [("rgb:", 3), ("rgba:", 4)] {
            if form.hasPrefix(lowered) { return true }
            guard lowered.hasPrefix(form) else { continue }
            let parts = lowered.dropFirst(form.count).split(separator: "/", omittingEmptySubsequences: false)
            return parts.count <= channels && parts.dropLast().allSatisfy { !$0.isEmpty }
                && parts.allSatisfy { $0.count <= 4 && $0.allSatisfy(\.isHexDigit) }
        }
        return false
    }

    /// True while a lone ESC or an incomplete escape sequence is buffered: if no byte follows
    /// within the escape delay, call ``resolveTimeout()``. False inside a bracketed paste, which
    /// waits for its end marker.
    public var hasPendingEscape: Bool {
        switch state {
        case .escape, .controlSequence, .singleShift, .linuxFunctionKey, .legacyMouse, .discardingSequence,
             .string, .stringEscape:
            true
        case .ground, .paste:
            false
        }
    }

    /// The terminal replies decoded since the last call, oldest first.
    public mutating func takeReplies() -> [TerminalReply] {
        defer { replies.removeAll(keepingCapacity: true) }
        return replies
    }

    private mutating func keep(_ reply: TerminalReply) {
        if case .primaryDeviceAttributes = reply { isAwaitingReplies = false }
        if replies.count < Self.maximumKeptReplies { replies.append(reply) }
    }

    /// Decodes `bytes`, returning every event they complete.
    public mutating func feed<S: Sequence>(_ bytes: S) -> [InputEvent] where S.Element == UInt8 {
        var events: [InputEvent] = []
        for byte in bytes {
            process(byte, into: &events)
        }
        return events
    }

    /// Resolves what is buffered after the escape delay: a lone ESC becomes `.key(.escape)`,
    /// ESC [ and ESC O become the characters `[` and `O` (alt + key), anything else incomplete is dropped.
    public mutating func resolveTimeout() -> [InputEvent] {
        var events: [InputEvent] = []
        switch state {
        case .escape:
            events.append(.key(.escape))
        case .controlSequence where sequence.isEmpty:
            events.append(.key(.character("[")))
        case .singleShift where sequence.isEmpty:
            events.append(.key(.character("O")))
        case .ground, .paste, .controlSequence, .singleShift, .linuxFunctionKey, .legacyMouse, .discardingSequence,
             .string, .stringEscape:
            break
        }
        if hasPendingEscape {
            state = .ground
            sequence.removeAll(keepingCapacity: true)
        }
        return events
    }

    // MARK: - State machine

    private mutating func process(_ byte: UInt8, into events: inout [InputEvent]) {
        switch state {
        case .ground:
            processGround(byte, into: &events)

        case .escape:
            switch byte {
            case 0x5B: // [
                state = .controlSequence
                sequence.removeAll(keepingCapacity: true)
            case 0x4F: // O
                state = .singleShift
                sequence.removeAll(keepingCapacity: true)
            case 0x1B:
                events.append(.key(.escape)) // ESC ESC: the first was a real escape
            case 0x50, 0x5D, 0x5F, 0x5E, 0x58: // P ] _ ^ X: DCS, OSC, APC, PM, SOS (terminal replies, not alt keys)
                state = .string(introducer: byte)
                sequence.removeAll(keepingCapacity: true)
            case 0x20...0x7E:
                // Alt + printable key: we report just the character.
                state = .ground
                events.append(.key(.character(Character(Unicode.Scalar(byte)))))
            default:
                // Alt + control key or alt + non-ASCII: drop the alt, decode the key itself.
                state = .ground
                processGround(byte, into: &events)
            }

        case .controlSequence:
            switch byte {
            case 0x40...0x7E:
                if sequence.isEmpty && byte == 0x4D { // ESC [ M: three raw mouse bytes follow
                    state = .legacyMouse
                } else if sequence.isEmpty && byte == 0x5B { // ESC [ [
                    state = .linuxFunctionKey
                } else {
                    state = .ground
                    interpretControlSequence(final: byte, into: &events)
                    sequence.removeAll(keepingCapacity: true)
                }
            case 0x20...0x3F:
                sequence.append(byte)
                if sequence.count >= Self.maximumSequenceLength {
                    sequence.removeAll(keepingCapacity: true)
                    state = .discardingSequence
                }
            default:
                abandonSequence(andProcess: byte, into: &events)
            }

        case .singleShift:
            switch byte {
            case 0x30...0x3F where sequence.count < 8:
                sequence.append(byte)
            case 0x40...0x7E:
                state = .ground
                sequence.removeAll(keepingCapacity: true)
                if let key = Self.singleShiftKey(byte) {
                    events.append(.key(key))
                }
            default:
                abandonSequence(andProcess: byte, into: &events)
            }

        case .linuxFunctionKey:
            switch byte {
            case 0x41...0x45: // A…E = F1…F5
                state = .ground
                events.append(.key(.function(Int(byte - 0x41) + 1)))
            case 0x20...0x7E:
                state = .ground
            default:
                abandonSequence(andProcess: byte, into: &events)
            }

        case .legacyMouse:
            sequence.append(byte)
            if sequence.count == 3 {
                let code = Int(sequence[0]) - 32
                let column = Int(sequence[1]) - 33
                let row = Int(sequence[2]) - 33
                sequence.removeAll(keepingCapacity: true)
                state = .ground
                if let event = Self.mouseEvent(code: code, column: column, row: row, isRelease: false) {
                    events.append(.mouse(event))
                }
            }

        case .discardingSequence:
            switch byte {
            case 0x40...0x7E:
                state = .ground
            case 0x20...0x3F:
                break
            default:
                abandonSequence(andProcess: byte, into: &events)
            }

        case .paste:
            processPaste(byte, into: &events)

        case .string(let introducer):
            switch byte {
            case 0x1B: state = .stringEscape(introducer: introducer)
            case 0x07: finishString(introducer: introducer) // BEL ends OSC (and, leniently, the others)
            default:
                if let reply = Self.wholeReply(introducer: introducer, body: sequence, before: byte) {
                    // A reply its terminal never terminated: the byte after it is typed (`?` right
                    // after it is the key overlay, not part of the string), whenever it comes.
                    state = .ground
                    sequence.removeAll(keepingCapacity: true)
                    keep(reply)
                    processGround(byte, into: &events)
                } else if sequence.count < Self.maximumStringBytes {
                    sequence.append(byte)
                }
            }

        case .stringEscape(let introducer):
            if byte == 0x5C { // ESC \ (ST)
                finishString(introducer: introducer)
            } else {
                // An ESC that does not end the string: the string was cut off (a whole reply is kept); decode afresh.
                if let reply = Self.wholeReply(introducer: introducer, body: sequence, before: nil) { keep(reply) }
                state = .escape
                sequence.removeAll(keepingCapacity: true)
                process(byte, into: &events)
            }
        }
    }

    private mutating func finishString(introducer: UInt8) {
        state = .ground
        defer { sequence.removeAll(keepingCapacity: true) }
        if let reply = TerminalReply(stringIntroducer: introducer, body: sequence) { keep(reply) }
    }

    /// A byte that cannot continue the current sequence: drop the sequence, decode the byte afresh.
    private mutating func abandonSequence(andProcess byte: UInt8, into events: inout [InputEvent]) {
        state = .ground
        sequence.removeAll(keepingCapacity: true)
        processGround(byte, into: &events)
    }

    private mutating func processGround(_ byte: UInt8, into events: inout [InputEvent]) {
        if utf8Needed > 0 {
            if continuesUTF8(byte) {
                utf8Pending.append(byte)
                utf8Needed -= 1
                if utf8Needed == 0 {
                    emitPendingScalar(into: &events)
                }
                return
            }
            // An interrupted or invalid multi-byte sequence is skipped.
            utf8Pending.removeAll(keepingCapacity: true)
            utf8Needed = 0
        }

        switch byte {
        case 0x1B:
            state = .escape
        case 0x0D, 0x0A:
            events.append(.key(.enter))
        case 0x09:
            events.append(.key(.tab))
        case 0x7F, 0x08:
            events.append(.key(.backspace))
        case 0x01...0x1A:
            events.append(.key(.ctrl(Character(Unicode.Scalar(byte + 0x60)))))
        case 0x20...0x7E:
            events.append(.key(.character(Character(Unicode.Scalar(byte)))))
        case 0xC2...0xDF:
            startUTF8(byte, continuationCount: 1)
        case 0xE0...0xEF:
            startUTF8(byte, continuationCount: 2)
        case 0xF0...0xF4:
            startUTF8(byte, continuationCount: 3)
        default:
            // NUL, ctrl-\ ] ^ _, stray continuation bytes and bytes never valid in UTF-8.
            break
        }
    }

    private mutating func startUTF8(_ lead: UInt8, continuationCount: Int) {
        utf8Pending.removeAll(keepingCapacity: true)
        utf8Pending.append(lead)
        utf8Needed = continuationCount
    }

    /// Whether `byte` may follow the pending bytes (rejects overlong forms, surrogates, > U+10FFFF).
    private func continuesUTF8(_ byte: UInt8) -> Bool {
        guard (0x80...0xBF).contains(byte) else { return false }
        guard utf8Pending.count == 1, let lead = utf8Pending.first else { return true }
        switch lead {
        case 0xE0: return byte >= 0xA0
        case 0xED: return byte <= 0x9F
        case 0xF0: return byte >= 0x90
        case 0xF4: return byte <= 0x8F
        default: return true
        }
    }

    private mutating func emitPendingScalar(into events: inout [InputEvent]) {
        defer { utf8Pending.removeAll(keepingCapacity: true) }
        guard let lead = utf8Pending.first else { return }
        var value: UInt32
        switch utf8Pending.count {
        case 2: value = UInt32(lead & 0x1F)
        case 3: value = UInt32(lead & 0x0F)
        default: value = UInt32(lead & 0x07)
        }
        for continuation in utf8Pending.dropFirst() {
            value = (value << 6) | UInt32(continuation & 0x3F)
        }
        // C1 controls (U+0080–U+009F) are valid UTF-8 but never a key.
        guard let scalar = Unicode.Scalar(value), scalar.properties.generalCategory != .control else { return }
        events.append(.key(.character(Character(scalar))))
    }

    // MARK: - Control sequences

    private mutating func interpretControlSequence(final: UInt8, into events: inout [InputEvent]) {
        let privateMarker: UInt8? = sequence.first.flatMap { (0x3C...0x3F).contains($0) ? $0 : nil }
        // Intermediates never occur in the keys we decode; DECRPM (`CSI ? mode ; setting $ y`) has one.
        if let intermediate = sequence.firstIndex(where: { (0x20...0x2F).contains($0) }) {
            if privateMarker == 0x3F, sequence[intermediate...] == [0x24], final == 0x79 { // ? … $ y
                let parameters = Self.parameters(sequence[1..<intermediate])
                if parameters.count == 2, let mode = parameters[0], let setting = parameters[1] {
                    keep(.modeReport(mode: mode, setting: setting))
                }
            }
            return
        }
        let parameterBytes = privateMarker == nil ? sequence[...] : sequence.dropFirst()
        let parameters = Self.parameters(parameterBytes)

        switch privateMarker {
        case 0x3C: // <  SGR mouse
            guard final == 0x4D || final == 0x6D, parameters.count == 3,
                  let code = parameters[0], let x = parameters[1], let y = parameters[2]
            else { return }
            if let event = Self.mouseEvent(code: code, column: x - 1, row: y - 1, isRelease: final == 0x6D) {
                events.append(.mouse(event))
            }
            return
        case .some(let marker):
            // `?` (DECRPM, device attributes), `>` (secondary DA), `=`: terminal replies, not keys.
            if let reply = TerminalReply(privateMarker: marker, parameters: parameters, final: final) { keep(reply) }
            return
        case nil:
            break
        }

        let key: Key?
        switch final {
        case 0x41: key = .up        // A
        case 0x42: key = .down      // B
        case 0x43: key = .right     // C
        case 0x44: key = .left      // D
        case 0x48: key = .home      // H
        case 0x46: key = .end       // F
        case 0x5A: key = .backtab   // Z
        case 0x50: key = .function(1) // P
        case 0x51: key = .function(2) // Q
        case 0x53: key = .function(4) // S
        case 0x7E:                  // ~
            key = Self.tildeKey(parameters.first ?? nil)
            if key == nil, parameters.first == 200 {
                state = .paste
                pasteBytes.removeAll(keepingCapacity: false)
                pasteMarkerMatched = 0
                pasteOverflowed = false
            }
        case 0x74: // t: a window report (the cell or text area size in pixels)
            if let reply = TerminalReply(windowReport: parameters) { keep(reply) }
            key = nil
        case 0x52 where parameters.count == 2: // R: a cursor position report (what `CSI 1 ; 2 R`, shift-F3, also is in some terminals)
            if let row = parameters[0], let column = parameters[1] { keep(.cursorPosition(row: row, column: column)) }
            key = nil
        default:
            // I / O are focus reports, the rest we do not know.
            key = nil
        }
        if let key {
            events.append(.key(key))
        }
    }

    private static func tildeKey(_ number: Int?) -> Key? {
        guard let number else { return nil }
        switch number {
        case 1, 7: return .home
        case 4, 8: return .end
        case 2: return .insert
        case 3: return .delete
        case 5: return .pageUp
        case 6: return .pageDown
        case 11...15: return .function(number - 10)  // rxvt / old xterm F1–F5
        case 17...21: return .function(number - 11)  // F6–F10
        case 23, 24: return .function(number - 12)   // F11, F12
        default: return nil
        }
    }

    private static func singleShiftKey(_ final: UInt8) -> Key? {
        switch final {
        case 0x41: .up
        case 0x42: .down
        case 0x43: .right
        case 0x44: .left
        case 0x48: .home
        case 0x46: .end
        case 0x4D: .enter  // keypad enter
        case 0x50, 0x51, 0x52, 0x53: .function(Int(final - 0x50) + 1) // P Q R S = F1…F4
        default: nil
        }
    }

    /// Splits `1;5` into numbers; a missing or oversized number is nil. Sub-parameters (`:`) are ignored.
    private static func parameters(_ bytes: ArraySlice<UInt8>) -> [Int?] {
        guard !bytes.isEmpty else { return [] }
        var result: [Int?] = []
        var current: Int? = nil
        var inSubParameter = false
        var valid = true
        for byte in bytes {
            switch byte {
            case 0x30...0x39 where !inSubParameter:
                let digit = Int(byte - 0x30)
                let next = (current ?? 0) * 10 + digit
                if next > 1_000_000 { valid = false } else { current = next }
            case 0x3B: // ;
                result.append(valid ? current : nil)
                current = nil
                inSubParameter = false
                valid = true
            case 0x3A: // :
                inSubParameter = true
            default:
                if !inSubParameter { valid = false }
            }
        }
        result.append(valid ? current : nil)
        return result
    }

    /// Decodes an xterm mouse button code; modifier bits (4, 8, 16) are ignored.
    private static func mouseEvent(code: Int, column: Int, row: Int, isRelease: Bool) -> MouseEvent? {
        guard code >= 0, code & 128 == 0 else { return nil } // buttons 8–11: not supported
        let button = code & 3
        let kind: MouseEvent.Kind
        if code & 64 != 0 {
            switch button {
            case 0: kind = .wheelUp
            case 1: kind = .wheelDown
            default: return nil // horizontal wheel
            }
        } else if isRelease {
            kind = .release
        } else if code & 32 != 0 {
            guard button != 3 else { return nil } // motion without a button
            kind = .drag(button: button)
        } else {
            kind = button == 3 ? .release : .press(button: button)
        }
        return MouseEvent(kind: kind, column: max(0, column), row: max(0, row))
    }

    // MARK: - Bracketed paste

    private mutating func processPaste(_ byte: UInt8, into events: inout [InputEvent]) {
        let marker = Self.pasteEndMarker
        if byte == marker[pasteMarkerMatched] {
            pasteMarkerMatched += 1
            if pasteMarkerMatched == marker.count {
                finishPaste(into: &events)
            }
            return
        }
        if pasteMarkerMatched > 0 {
            // A false start of the end marker is paste content. ESC occurs only at the marker's
            // start, so the byte that broke the match can only begin a new match if it is ESC.
            for markerByte in marker[..<pasteMarkerMatched] {
                appendPasteByte(markerByte)
            }
            pasteMarkerMatched = 0
            if byte == marker[0] {
                pasteMarkerMatched = 1
                return
            }
        }
        appendPasteByte(byte)
    }

    private mutating func appendPasteByte(_ byte: UInt8) {
        if pasteBytes.count < Self.maximumPasteBytes {
            pasteBytes.append(byte)
        } else {
            pasteOverflowed = true
        }
    }

    private mutating func finishPaste(into events: inout [InputEvent]) {
        state = .ground
        pasteMarkerMatched = 0
        var bytes = pasteBytes
        pasteBytes = []
        if pasteOverflowed {
            Self.dropTrailingPartialUTF8(&bytes)
        }
        let text = Self.cleanPastedText(String(decoding: bytes, as: UTF8.self))
        if !text.isEmpty {
            events.append(.paste(text))
        }
    }

    /// After truncation the last character may be cut; drop its bytes instead of showing U+FFFD.
    private static func dropTrailingPartialUTF8(_ bytes: inout [UInt8]) {
        var continuationCount = 0
        var index = bytes.count - 1
        while index >= 0, (0x80...0xBF).contains(bytes[index]), continuationCount < 3 {
            continuationCount += 1
            index -= 1
        }
        guard index >= 0 else { return }
        let lead = bytes[index]
        let expected: Int
        switch lead {
        case 0xC0...0xDF: expected = 1
        case 0xE0...0xEF: expected = 2
        case 0xF0...0xF7: expected = 3
        default: return
        }
        if continuationCount < expected {
            bytes.removeSubrange(index...)
        }
    }

    /// Normalizes line ends to `\n` and strips every control character except `\n` and `\t`
    /// (ESC included), so pasted text can never drive the terminal.
    private static func cleanPastedText(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        var previousWasCarriageReturn = false
        for scalar in text.unicodeScalars {
            defer { previousWasCarriageReturn = scalar == "\r" }
            switch scalar {
            case "\r":
                scalars.append("\n")
            case "\n":
                if !previousWasCarriageReturn { scalars.append("\n") }
            case "\t":
                scalars.append(scalar)
            default:
                if scalar.properties.generalCategory != .control {
                    scalars.append(scalar)
                }
            }
        }
        return String(scalars)
    }
}
