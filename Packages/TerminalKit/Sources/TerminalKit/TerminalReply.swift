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
    /// Any other string sequence (OSC colour reports, DECRQSS…), by its introducer and body.
    case other(introducer: Character, body: String)

    /// A string sequence's reply: ESC P, ESC ], ESC _, ESC ^ or ESC X and its body up to ST.
    init?(stringIntroducer introducer: UInt8, body: [UInt8]) {
        let text = String(decoding: body, as: UTF8.self)
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
