import Navigation
import TerminalKit
import TerminalUI
import XCTest

/// `--images auto`: the tier from the terminal's answers and its environment.
final class PictureDetectionTests: XCTestCase {
    private func answers(_ text: String) -> TerminalCapabilities {
        var decoder = InputDecoder()
        _ = decoder.feed(Array(text.utf8))
        return TerminalCapabilities(replies: decoder.takeReplies())
    }

    func testTheBestProtocolTheTerminalAnswersWins() {
        let kitty = answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?62;c")
        XCTAssertEqual(PictureTier.automatic(kitty, environment: ["TERM": "xterm-kitty"]), .kitty)
        let wezTerm = answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?65;4;6;18;22c")
        XCTAssertEqual(PictureTier.automatic(wezTerm, environment: ["TERM_PROGRAM": "WezTerm"]), .kitty, "kitty's protocol before sixel")
        let xterm = answers("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?63;1;2;4;6;9;15;16;22;28;29c")
        XCTAssertEqual(PictureTier.automatic(xterm, environment: ["TERM": "xterm"]), .sixel)
        let iTerm = answers("\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[?62;4c")
        XCTAssertEqual(PictureTier.automatic(iTerm, environment: [:]), .iterm)
        XCTAssertEqual(PictureTier.automatic(.unknown, environment: ["TERM_PROGRAM": "iTerm.app"]), .iterm)
    }

    func testWithoutGraphicsSymbolsFitTheTerminal() {
        let foot = answers("\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[?62;22c")
        XCTAssertEqual(PictureTier.automatic(foot, environment: ["TERM": "foot"]), .sextants)
        let plainXterm = answers("\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[?62;22c")
        XCTAssertEqual(PictureTier.automatic(plainXterm, environment: ["TERM": "xterm-256color"]), .halfBlocks)
        XCTAssertEqual(PictureTier.automatic(.unknown, environment: [:]), .halfBlocks, "a terminal that answers nothing")
    }

    func testInsideTmuxNoProtocolIsAssumedToPassThrough() {
        // Even where the outer terminal's environment leaks in and the answers say sixel.
        let tmux = answers("\u{1B}P>|tmux 3.4\u{1B}\\\u{1B}[?1;2;4c")
        XCTAssertEqual(PictureTier.automatic(tmux, environment: ["TMUX": "/tmp/tmux-0/default,1,0", "TERM": "tmux-256color"]), .halfBlocks)
        XCTAssertEqual(PictureTier.automatic(tmux, environment: ["TMUX": "/tmp/tmux-0/default,1,0", "KITTY_WINDOW_ID": "1"]), .sextants,
                       "kitty outside draws sextants")
        let kittyAnswer = answers("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;c")
        XCTAssertEqual(PictureTier.automatic(kittyAnswer, environment: ["TMUX": "x", "TERM_PROGRAM": "tmux"]), .halfBlocks)
    }

    func testKittyInsideTmuxIsShownByPlaceholders() {
        XCTAssertEqual(GraphicsProtocol.forTier(.kitty, environment: [:]), .kitty)
        XCTAssertEqual(GraphicsProtocol.forTier(.kitty, environment: ["TMUX": "/tmp/tmux-0/default,1,0"]), .kittyPlaceholders)
        XCTAssertEqual(GraphicsProtocol.forTier(.sixel, environment: ["TMUX": "x"]), .sixel, "asked for, sixel is written as is")
        XCTAssertNil(GraphicsProtocol.forTier(.sextants, environment: [:]))
    }

    /// Pictures go raw to a terminal on this machine and compressed over SSH.
    func testAnSSHSessionIsARemoteLink() {
        XCTAssertEqual(PictureLink(environment: [:]), .local)
        XCTAssertEqual(PictureLink(environment: ["SSH_CONNECTION": "10.0.0.2 51000 10.0.0.1 22"]), .remote)
        XCTAssertEqual(PictureLink(environment: ["SSH_TTY": "/dev/pts/3"]), .remote)
        XCTAssertEqual(PictureLink(environment: ["SSH_CLIENT": "10.0.0.2 51000 22"]), .remote)
        XCTAssertEqual(PictureLink(environment: ["SSH_CONNECTION": ""]), .local, "set but empty is not a session")
    }

    /// A cell size that is nonsense (a hostile `CSI 6;100000;100000 t`, a window of 65535 × 65535
    /// pixels) never sizes a picture: the pixel tier falls back to the symbols this terminal would get,
    /// also when asked for by name; a real one sizes the boxes, and none at all leaves the 10 × 20 guess.
    func testANonsenseCellSizeFallsBackToSymbols() {
        let kittyTerminal = ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"]
        for tier in [PictureTier.kitty, .sixel, .iterm] {
            let huge = PictureSetup.choose(tier: tier, reported: CellPixels(width: 100_000, height: 100_000), windowCell: nil, environment: kittyTerminal)
            XCTAssertEqual(huge, PictureSetup(tier: .sextants, cell: .defaultCell), "\(tier)")
            let window = PictureSetup.choose(tier: tier, reported: nil, windowCell: CellPixels(width: 819, height: 2730), environment: [:])
            XCTAssertEqual(window, PictureSetup(tier: .halfBlocks, cell: .defaultCell), "\(tier): 65535 px over 80 × 24 cells")
            let nonsenseFirst = PictureSetup.choose(tier: tier, reported: CellPixels(width: 400, height: 200),
                                                    windowCell: CellPixels(width: 10, height: 20), environment: [:])
            XCTAssertNil(nonsenseFirst.tier.graphics, "what the terminal said is nonsense: no pixels")
            XCTAssertEqual(PictureSetup.choose(tier: tier, reported: CellPixels(width: 9, height: 17), windowCell: nil, environment: [:]),
                           PictureSetup(tier: tier, cell: PixelSize(width: 9, height: 17)))
            XCTAssertEqual(PictureSetup.choose(tier: tier, reported: nil, windowCell: nil, environment: [:]),
                           PictureSetup(tier: tier, cell: .defaultCell))
        }
        XCTAssertEqual(PictureSetup.choose(tier: .quadrants, reported: CellPixels(width: 100_000, height: 1), windowCell: nil, environment: [:]).tier,
                       .quadrants, "symbols are not sized by the cell")
        XCTAssertEqual(PictureSetup.choose(tier: .kitty, reported: CellPixels(width: 0, height: 0), windowCell: nil,
                                           environment: ["TERM_PROGRAM": "iTerm.app"]).tier, .halfBlocks, "never another pixel tier")
    }
}
