/// How pictures are drawn, best first: in the terminal's own pixels through a graphics protocol
/// (kitty's, iTerm2's inline images, sixel), or with text: six pixels a cell (sextants,
/// U+1FB00–1FB3B, which terminals such as kitty, foot and WezTerm draw themselves), four (quadrants,
/// U+2596–259F, which DejaVu and Noto Sans Mono draw but Liberation Mono does not), two (half blocks,
/// in every common font), the luminance ramp without colours, words in place of the picture (the
/// accessible mode's), or no pictures at all.
public enum PictureTier: String, Sendable, CaseIterable, Equatable {
    case kitty
    case iterm
    case sixel
    case sextants = "sextant"
    case quadrants = "quadrant"
    case halfBlocks = "half"
    case ascii
    /// "[picture: …]" in place of the picture: what a screen reader can say.
    case text
    case none

    /// Whether the tier draws pictures with block elements (U+2580–259F, sextants).
    public var drawsBlocks: Bool { self == .halfBlocks || self == .quadrants || self == .sextants }

    /// The graphics protocol of a pixel tier; nil for the text tiers.
    public var graphics: GraphicsProtocol? {
        switch self {
        case .kitty: .kitty
        case .iterm: .iterm
        case .sixel: .sixel
        case .sextants, .quadrants, .halfBlocks, .ascii, .text, .none: nil
        }
    }
}

/// A terminal graphics protocol: how a picture in the terminal's own pixels is sent and placed.
public enum GraphicsProtocol: Sendable, Equatable {
    /// kitty's graphics protocol (kitty, WezTerm, Ghostty, Konsole): a picture is transmitted once
    /// under an id, then placed and deleted by id.
    case kitty
    /// kitty's protocol inside tmux (kitty 0.28 and later, Ghostty): pictures are sent through tmux's
    /// passthrough and shown by Unicode placeholder cells, which tmux moves and cuts like text.
    case kittyPlaceholders
    /// iTerm2's inline images (OSC 1337; also WezTerm, mintty): the picture is sent with each placement.
    case iterm
    /// DEC sixel (xterm -ti vt340, foot, mlterm, WezTerm, Windows Terminal): a paletted picture sent
    /// with each placement, drawn into the cells it covers.
    case sixel
}

/// Where the terminal is, for choosing what a picture is sent as: raw pixels cost nothing to make and
/// are what a terminal on this machine takes fastest; over SSH every byte crosses the link, and a
/// compressed picture (zlib, PNG) is worth the milliseconds it takes to make.
public enum PictureLink: Sendable, Equatable {
    case local
    case remote

    /// Remote when the environment says the session came in over SSH (`SSH_CONNECTION`, `SSH_CLIENT`,
    /// `SSH_TTY`, which ssh sets and tmux passes on); else local.
    public init(environment: [String: String]) {
        let ssh = ["SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY"].contains { !(environment[$0] ?? "").isEmpty }
        self = ssh ? .remote : .local
    }
}
