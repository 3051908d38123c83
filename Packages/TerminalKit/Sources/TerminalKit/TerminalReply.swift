/// An answer the terminal wrote to the input stream, decoded by ``InputDecoder``; never a key.
public enum TerminalReply: Hashable, Sendable {
    /// `CSI ? Ps ; … c`: the primary device attributes (DA1); parameter 4 means sixel graphics.
    case primaryDeviceAttributes([Int])
    /// `DCS > | text ST`: XTVERSION, the terminal's name and version ("kitty(0.26.5)", "XTerm(379)").
    case version(String)
    /// `APC G … ST`: a kitty graphics protocol reply, such as `i=31;OK`.
    case kittyGraphics(String)
    /// `CSI 6 ; height ; width t`: the size of one cell in pixels.
    case cellPixels(width: Int, height: Int)
    /// `CSI 4 ; height ; width t`: the size of the text area in pixels.
    case textAreaPixels(width: Int, height: Int)
    /// `CSI ? 1 ; 0 ; count S`: XTSMGRAPHICS, how many sixel colour registers there are.
    case colorRegisters(Int)
    /// `OSC 11 ; rgb:RRRR/GGGG/BBBB ST`: the terminal's background colour.
    case backgroundColor(TerminalColor)
    /// `CSI ? mode ; setting $ y`: DECRPM, a private mode's state (DECRQM's answer): 0 not recognized,
    /// 1 set, 2 reset, 3 permanently set, 4 permanently reset.
    case modeReport(mode: Int, setting: Int)
    /// `CSI row ; column R`: where the cursor is (the answer to `CSI 6 n`), 1-based.
    case cursorPosition(row: Int, column: Int)
    /// Any other string sequence (OSC colour reports, DECRQSS…), by its introducer and body.
    case other(introducer: Character, body: String)

    /// A string sequence's reply: ESC P, ESC ], ESC _, ESC ^ or ESC X and its body up to ST.
    init?(stringIntroducer introducer: UInt8, body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
        if introducer == 0x5D, text.hasPrefix("11;"), let color = TerminalColor(xParseColor: String(text.dropFirst(3))) { // ]
            self = .backgroundColor(color)
            return
        }
        switch introducer {
        case 0x50 where text.hasPrefix(">|"): // P
            self = .version(Self.printable(String(text.dropFirst(2))))
        case 0x5F where text.hasPrefix("G"): // _
            self = .kittyGraphics(Self.printable(String(text.dropFirst())))
        default:
            self = .other(introducer: Character(Unicode.Scalar(introducer)), body: Self.printable(text))
        }
    }

    /// A private-marker control sequence's reply (`?`, `>`, `=`), or nil when it is none we use.
    init?(privateMarker: UInt8, parameters: [Int?], final: UInt8) {
        guard privateMarker == 0x3F else { return nil } // ?
        switch final {
        case 0x63: // c
            self = .primaryDeviceAttributes(parameters.compactMap { $0 })
        case 0x53 where parameters.count >= 3 && parameters[0] == 1 && parameters[1] == 0: // S, item 1, success
            guard let count = parameters[2], count > 0 else { return nil }
            self = .colorRegisters(count)
        default:
            return nil
        }
    }

    /// `CSI 6 ; h ; w t` or `CSI 4 ; h ; w t`, or nil.
    init?(windowReport parameters: [Int?]) {
        guard parameters.count == 3, let kind = parameters[0], let height = parameters[1], let width = parameters[2],
              height > 0, width > 0 else { return nil }
        switch kind {
        case 6: self = .cellPixels(width: width, height: height)
        case 4: self = .textAreaPixels(width: width, height: height)
        default: return nil
        }
    }

    /// Replies are kept as text for diagnostics: without control characters, at most 128 characters.
    private static func printable(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value) }
            .prefix(128).map(Character.init))
    }
}

/// A colour a terminal reported, 8 bits a channel.
public struct TerminalColor: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// XParseColor's `rgb:R/G/B` (each channel 1 to 4 hex digits, scaled to 8 bits), as OSC 10/11
    /// answers carry it; `rgba:R/G/B/A` too (the alpha is ignored).
    init?(xParseColor text: String) {
        let lowered = text.lowercased()
        let body: Substring
        if lowered.hasPrefix("rgb:") { body = lowered.dropFirst(4) } else if lowered.hasPrefix("rgba:") { body = lowered.dropFirst(5) } else { return nil }
        let parts = body.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3 || (parts.count == 4 && lowered.hasPrefix("rgba:")) else { return nil }
        var channels: [UInt8] = []
        for part in parts.prefix(3) {
            guard (1...4).contains(part.count), let value = UInt32(part, radix: 16) else { return nil }
            let maximum = (UInt32(1) << (4 * UInt32(part.count))) - 1
            channels.append(UInt8((value * 255 + maximum / 2) / maximum))
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2])
    }
}
