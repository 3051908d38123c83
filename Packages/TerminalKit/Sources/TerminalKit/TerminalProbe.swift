import Foundation
import Glibc
internal import CTerminalGuard

/// The size of one character cell in pixels.
public struct CellPixels: Hashable, Sendable {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The widths real terminals' cells have, in pixels: a 5-pixel font to a 4K screen's largest
    /// (a 40-point font at twice the density is about 64 × 140).
    public static let plausibleWidths = 2...128
    /// The heights, likewise.
    public static let plausibleHeights = 4...256

    /// Whether this is a cell a terminal really draws: within ``plausibleWidths`` and
    /// ``plausibleHeights``, and between half as tall and four times as tall as it is wide. A terminal
    /// (or a hostile one) that reports 100000 × 100000 or 400 × 200 says nothing a picture can be sized
    /// by: pictures then fall back to symbols rather than allocate gigabytes.
    public var isPlausible: Bool {
        Self.plausibleWidths.contains(width) && Self.plausibleHeights.contains(height) && 2 * height >= width && height <= 4 * width
    }
}

/// What the terminal said it can draw, from one batch of queries (see ``TerminalProbe``).
public struct TerminalCapabilities: Hashable, Sendable {
    /// The terminal answered the device-attributes query that ends the batch: whatever else it
    /// did not answer, it does not support.
    public var answered: Bool
    /// kitty's graphics protocol answered its query (kitty, WezTerm, Ghostty, Konsole…).
    public var kittyGraphics: Bool
    /// Device attributes list 4: sixel graphics (xterm -ti vt340, foot, mlterm, WezTerm…).
    public var sixel: Bool
    /// How many sixel colour registers the terminal has (XTSMGRAPHICS), when it said.
    public var colorRegisters: Int?
    /// XTVERSION's name and version, such as "kitty(0.26.5)" or "tmux 3.3a".
    public var version: String?
    /// The cell size in pixels (`CSI 16 t`), when the terminal told, as it told it: see
    /// ``CellPixels/isPlausible`` before sizing anything by it.
    public var cellPixels: CellPixels?
    /// The background colour (OSC 11), when the terminal told: whether it is dark or light.
    public var backgroundColor: TerminalColor?
    /// DECRPM's answer for grapheme-cluster mode (DEC mode 2027), when the terminal gave one: 1 set,
    /// 2 reset (it can be set), 3 permanently set, 0 or 4 not there.
    public var graphemeClusterMode: Int?
    /// How many columns the terminal drew each width sentinel in (``TerminalProbe/widthQueries(_:)``), in
    /// order; empty when it reported no cursor positions.
    public var sentinelWidths: [Int]

    /// Nothing known: no query was sent, or nothing came back.
    public static let unknown = TerminalCapabilities(replies: [])

    /// The capabilities the replies show, up to the device attributes that end the batch; replies
    /// after them (an answer to somebody else's query) and replies to nothing asked are ignored.
    public init(replies: [TerminalReply]) {
        answered = false
        kittyGraphics = false
        sixel = false
        sentinelWidths = []
        for reply in replies where !answered {
            switch reply {
            case .primaryDeviceAttributes(let attributes):
                answered = true
                // The first number is the terminal class; the features follow it.
                sixel = sixel || attributes.dropFirst().contains(4)
            case .kittyGraphics(let answer):
                // "i=31;OK" for the query's id; an error such as "i=31;EINVAL…" means no graphics.
                if answer == "i=\(TerminalProbe.kittyQueryID);OK" {
                    kittyGraphics = true
                }
            case .version(let text): version = text
            case .cellPixels(let width, let height): cellPixels = CellPixels(width: width, height: height)
            case .colorRegisters(let count): colorRegisters = count
            case .backgroundColor(let color): backgroundColor = color
            case .modeReport(let mode, let setting) where mode == TerminalProbe.graphemeClusterMode: graphemeClusterMode = setting
            // Each sentinel is written from the first column: the cursor's column after it, less one, is its width.
            case .cursorPosition(_, let column): sentinelWidths.append(column - 1)
            case .textAreaPixels, .other, .modeReport: break
            }
        }
    }
}

/// One batch of queries that tells what a terminal can draw, answered within a deadline.
///
/// The batch asks, in order: kitty's graphics protocol (a 1×1 query image, `a=q`), XTVERSION, the
/// cell size in pixels (`CSI 16 t`), the sixel colour registers (XTSMGRAPHICS), the background colour
/// (OSC 11, for the theme), grapheme-cluster mode and the widths of a few sentinel strings (for the
/// width model, ``widthQueries(_:)``), and last the primary device attributes (DA1). Every terminal answers DA1, and answers in order, so DA1 is the sentinel:
/// once it is in, whatever was not answered is not supported, and nobody waits for the deadline.
public enum TerminalProbe {
    /// The id of kitty's query image (answers carry it back).
    public static let kittyQueryID = 31
    /// kitty's graphics query (a 1×1 image, `a=q`).
    public static let kittyQuery = "\u{1B}_Gi=\(kittyQueryID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\"
    /// The queries every terminal gets but the device attributes: XTVERSION, the cell's pixels, the
    /// sixel registers, the background colour.
    public static let capabilityQueries = "\u{1B}[>0q" + "\u{1B}[16t" + "\u{1B}[?1;1;0S" + "\u{1B}]11;?\u{1B}\\"
    /// The primary device attributes (DA1), which end every batch.
    public static let deviceAttributesQuery = "\u{1B}[c"
    /// The queries every terminal gets, device attributes last.
    public static let commonQueries = capabilityQueries + deviceAttributesQuery
    /// The whole batch, as written to a terminal outside a multiplexer.
    public static let query = kittyQuery + commonQueries

    /// Grapheme-cluster mode: set, the terminal gives each grapheme cluster one width (Contour's proposal,
    /// followed by WezTerm, foot, Ghostty and others).
    public static let graphemeClusterMode = 2027

    /// The width part of the batch: DECRQM for grapheme-cluster mode, then each sentinel written from
    /// column 1 of a cleared line with a cursor position query after it, and the line cleared again, all
    /// inside a synchronized update so that no terminal shows them (the first frame clears the screen too).
    public static func widthQueries(_ sentinels: [String]) -> String {
        guard !sentinels.isEmpty else { return "\u{1B}[?\(graphemeClusterMode)$p" }
        return "\u{1B}[?\(graphemeClusterMode)$p\u{1B}[?2026h"
            + sentinels.map { "\r\u{1B}[2K" + $0 + "\u{1B}[6n" }.joined() + "\r\u{1B}[2K\u{1B}[?2026l"
    }

    /// The batch ``TerminalSession/probe(timeoutMilliseconds:asksKitty:widthSentinels:)`` writes: kitty's
    /// query where asked, the capability queries, the width part where sentinels are given, and the
    /// device attributes last (the answer that says every other answer is in).
    public static func batch(asksKitty: Bool, widthSentinels: [String]?) -> String {
        (asksKitty ? kittyQuery : "") + capabilityQueries + (widthSentinels.map(widthQueries) ?? "") + deviceAttributesQuery
    }

    /// Whether kitty's query may be sent: not inside tmux or screen, which take an APC string for a
    /// window title (tmux shows it in its status line) and pass no graphics on anyway.
    public static func asksKitty(environment: [String: String]) -> Bool {
        let term = environment["TERM"] ?? ""
        return environment["TMUX"] == nil && environment["STY"] == nil && !term.hasPrefix("screen") && !term.hasPrefix("tmux")
    }
    /// How long a launch waits at most for the answers (a terminal that answers nothing, a slow link).
    public static let defaultTimeoutMilliseconds = 200
    /// The longest wait where the terminal has named itself (kitty, xterm, VTE, Konsole, WezTerm,
    /// iTerm2, Ghostty): it answers the device attributes, which end the wait at once, so the
    /// deadline is only ever reached when it is slow (software rendering, a loaded machine), and a
    /// wait then keeps its pictures and widths instead of falling back to symbols.
    public static let selfNamedTimeoutMilliseconds = 1000

    /// The deadline for a launch in `environment`: ``selfNamedTimeoutMilliseconds`` where a variable
    /// only such a terminal sets is there, ``defaultTimeoutMilliseconds`` elsewhere.
    public static func timeoutMilliseconds(environment: [String: String]) -> Int {
        let named = ["KITTY_WINDOW_ID", "XTERM_VERSION", "VTE_VERSION", "KONSOLE_VERSION", "WEZTERM_PANE", "GHOSTTY_RESOURCES_DIR", "ITERM_SESSION_ID"]
        return named.contains { environment[$0] != nil } || environment["TERM"] == "xterm-kitty"
            ? selfNamedTimeoutMilliseconds : defaultTimeoutMilliseconds
    }
    /// How long a reply may take to arrive whole. After the probe's deadline, a reply cut by it has
    /// this long to end: its tail is decoded as the reply's (and swallowed), not typed as keys (`?`
    /// opening the key overlay, `r` reloading). And a string sequence from the terminal (OSC, DCS,
    /// APC…) still open this long after it began is dropped at the next input, which is typed: one
    /// that never ends eats at most this long of keys typed without a pause.
    public static let lateReplyGraceMilliseconds = 1000

    /// Whether asking is safe: both ends are a terminal, and TERM is not `dumb` (which may echo or
    /// print the queries as text).
    public static func shouldProbe(inputFD: Int32, outputFD: Int32, environment: [String: String]) -> Bool {
        guard isatty(inputFD) == 1, isatty(outputFD) == 1 else { return false }
        let term = environment["TERM"] ?? ""
        return !term.isEmpty && term != "dumb"
    }
}

extension TerminalSession {
    /// Sends ``TerminalProbe/batch(asksKitty:widthSentinels:)`` and reads the answers until the device attributes arrive or
    /// `timeoutMilliseconds` pass. Keys typed meanwhile are kept and come first from ``events()``;
    /// answers that come later are swallowed there by the decoder, which ``events()`` takes over as it
    /// is: a reply cut by the deadline goes on where it stopped, never read afresh as keys. Call it
    /// after ``enter()``, before ``events()``; when not entered or in the background it asks nothing.
    /// - Parameters:
    ///   - asksKitty: whether kitty's graphics query is part of the batch (see ``TerminalProbe/asksKitty(environment:)``).
    ///   - widthSentinels: strings whose widths the terminal is asked for (``TerminalProbe/widthQueries(_:)``);
    ///     none asks nothing about widths.
    public func probe(timeoutMilliseconds: Int = TerminalProbe.defaultTimeoutMilliseconds, asksKitty: Bool = true,
                      widthSentinels: [String]? = nil) -> TerminalCapabilities {
        let batch = TerminalProbe.batch(asksKitty: asksKitty, widthSentinels: widthSentinels)
        guard isEntered, isForeground, write(batch) else { return .unknown }
        var decoder = InputDecoder()
        decoder.isAwaitingReplies = true
        var replies: [TerminalReply] = []
        var kept: [InputEvent] = []
        var buffer = [UInt8](repeating: 0, count: 1024)
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeoutMilliseconds)) * 1_000_000
        waiting: while true {
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { break }
            var descriptor = pollfd(fd: inputFD, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, Int32(min(Int((deadline - now) / 1_000_000) + 1, Int(Int32.max))))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { break }
            let count = buffer.withUnsafeMutableBytes { read(inputFD, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { break }
            kept += decoder.feed(buffer[0..<count])
            replies += decoder.takeReplies()
            for reply in replies {
                if case .primaryDeviceAttributes = reply { break waiting }
            }
        }
        // Nothing pending is resolved here: the event reader goes on with this decoder.
        keepInput(kept, decoder: decoder)
        return TerminalCapabilities(replies: replies)
    }

    /// The cell size from the window size in pixels (TIOCGWINSZ), when the terminal fills it in, as it
    /// is: see ``CellPixels/isPlausible`` before sizing anything by it.
    public func cellPixels() -> CellPixels? {
        for descriptor in [outputFD, inputFD] {
            var width: UInt16 = 0, height: UInt16 = 0
            if terminal_guard_window_pixels(descriptor, &width, &height) == 0, width > 0, height > 0 {
                return CellPixels(width: Int(width), height: Int(height))
            }
        }
        return nil
    }
}
