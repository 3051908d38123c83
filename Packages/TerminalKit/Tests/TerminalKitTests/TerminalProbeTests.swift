import Foundation
import Glibc
@testable import TerminalKit
import XCTest

/// The probe's parsing of what real terminals answer to ``TerminalProbe/query``, and the decoder
/// keeping those answers away from the keys.
final class TerminalProbeTests: XCTestCase {
    /// Answers as the terminals write them (captured from each, or from its documentation where
    /// it cannot run here), in the order of the query batch.
    private static let kitty = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"
    private static let xtermVT340 = "\u{1B}P>|XTerm(379)\u{1B}\\\u{1B}[6;17;9t\u{1B}[?1;0;1024S\u{1B}[?63;1;2;4;6;9;15;16;22;28;29c"
    private static let wezTerm = "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}P>|WezTerm 20240203-110809-5046fc22\u{1B}\\\u{1B}[6;17;8t\u{1B}[?1;0;256S\u{1B}[?65;4;6;18;22c"
    private static let foot = "\u{1B}P>|foot(1.16.2)\u{1B}\\\u{1B}[6;18;9t\u{1B}[?1;0;1024S\u{1B}[?62;4;22c"
    private static let iTerm2 = "\u{1B}P>|iTerm2 3.5.0\u{1B}\\\u{1B}[6;32;14t\u{1B}[?62;4c"
    private static let tmux = "\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c"
    /// A kitty that refuses the query (graphics switched off): an error, not OK.
    private static let kittyRefusing = "\u{1B}_Gi=31;ENOTSUPPORTED:graphics disabled\u{1B}\\\u{1B}[?62;c"

    private func capabilities(_ answers: String) -> (TerminalCapabilities, [InputEvent]) {
        var decoder = InputDecoder()
        let events = decoder.feed(Array(answers.utf8))
        return (TerminalCapabilities(replies: decoder.takeReplies()), events)
    }

    func testKittyAnswersGraphicsItsVersionAndItsCellSize() {
        let (found, keys) = capabilities(Self.kitty)
        XCTAssertEqual(keys, [], "no answer is ever a key")
        XCTAssertTrue(found.answered)
        XCTAssertTrue(found.kittyGraphics)
        XCTAssertFalse(found.sixel)
        XCTAssertEqual(found.version, "kitty(0.26.5)")
        XCTAssertEqual(found.cellPixels, CellPixels(width: 10, height: 20))
    }

    func testXtermAsAVT340AnswersSixelAndItsColourRegisters() {
        let (found, keys) = capabilities(Self.xtermVT340)
        XCTAssertEqual(keys, [])
        XCTAssertTrue(found.answered)
        XCTAssertFalse(found.kittyGraphics)
        XCTAssertTrue(found.sixel)
        XCTAssertEqual(found.colorRegisters, 1024)
        XCTAssertEqual(found.version, "XTerm(379)")
        XCTAssertEqual(found.cellPixels, CellPixels(width: 9, height: 17))
    }

    /// A cell size no terminal has is reported as it came, and said to be nonsense: nothing may be
    /// sized by it (the host falls back to symbols). Numbers too large for an Int are no reply at all.
    func testANonsenseCellSizeIsNotPlausible() {
        let (huge, keys) = capabilities("\u{1B}[6;100000;100000t\u{1B}[6;99999999999999999999999;5t\u{1B}[?62;c")
        XCTAssertEqual(keys, [])
        XCTAssertEqual(huge.cellPixels, CellPixels(width: 100_000, height: 100_000))
        XCTAssertFalse(huge.cellPixels?.isPlausible ?? true)
        for (width, height) in [(400, 200), (1000, 1000), (819, 2730), (0, 20), (10, 0), (2, 40), (200, 40)] {
            XCTAssertFalse(CellPixels(width: width, height: height).isPlausible, "\(width)×\(height)")
        }
        for (width, height) in [(10, 20), (9, 17), (14, 32), (5, 10), (64, 140), (8, 8)] {
            XCTAssertTrue(CellPixels(width: width, height: height).isPlausible, "\(width)×\(height)")
        }
    }

    func testWezTermFootITerm2AndTmux() {
        let wez = capabilities(Self.wezTerm).0
        XCTAssertTrue(wez.kittyGraphics && wez.sixel)
        XCTAssertEqual(wez.version, "WezTerm 20240203-110809-5046fc22")
        let foot = capabilities(Self.foot).0
        XCTAssertFalse(foot.kittyGraphics)
        XCTAssertTrue(foot.sixel)
        let iTerm = capabilities(Self.iTerm2).0
        XCTAssertEqual(iTerm.version, "iTerm2 3.5.0")
        XCTAssertTrue(iTerm.sixel)
        XCTAssertEqual(iTerm.cellPixels, CellPixels(width: 14, height: 32))
        // tmux answers for itself and passes no graphics query on: no graphics inside it.
        let tmux = capabilities(Self.tmux).0
        XCTAssertTrue(tmux.answered)
        XCTAssertFalse(tmux.kittyGraphics || tmux.sixel)
        XCTAssertEqual(tmux.version, "tmux 3.3a")
        XCTAssertFalse(capabilities(Self.kittyRefusing).0.kittyGraphics, "an error answer is no graphics")
    }

    func testATerminalThatAnswersNothingIsUnknown() {
        let (found, keys) = capabilities("")
        XCTAssertEqual(keys, [])
        XCTAssertEqual(found, .unknown)
        XCTAssertFalse(found.answered)
    }

    func testAnswersSplitAtEveryByteAndMixedWithKeysKeepTheKeys() {
        let stream = Array(("j" + Self.kitty + "k" + Self.xtermVT340 + "\u{1B}[A").utf8)
        var decoder = InputDecoder()
        var events: [InputEvent] = []
        for byte in stream { events += decoder.feed([byte]) }
        XCTAssertEqual(events, [.key(.character("j")), .key(.character("k")), .key(.up)])
        let found = TerminalCapabilities(replies: decoder.takeReplies())
        XCTAssertTrue(found.kittyGraphics)
        XCTAssertFalse(found.sixel, "answers after the first device attributes belong to somebody else's query")
        XCTAssertEqual(decoder.takeReplies(), [], "taken once")
    }

    func testStringSequencesAreSwallowedWholeAndBounded() {
        var decoder = InputDecoder()
        // An OSC colour report ended by BEL, a DCS longer than what is kept, and a string cut off by a new sequence.
        let long = String(repeating: "x", count: 5_000)
        let events = decoder.feed(Array(("\u{1B}]11;rgb:0000/0000/0000\u{07}a\u{1B}P1$r\(long)\u{1B}\\b\u{1B}_Gi=1\u{1B}[Bc").utf8))
        XCTAssertEqual(events, [.key(.character("a")), .key(.character("b")), .key(.down), .key(.character("c"))])
        let replies = decoder.takeReplies()
        XCTAssertEqual(replies.count, 2)
        XCTAssertEqual(replies.first, .backgroundColor(TerminalColor(red: 0, green: 0, blue: 0)))
        if case .other(_, let body)? = replies.last { XCTAssertEqual(body.count, 128) } else { XCTFail("\(replies)") }
        // A string never ended resolves after the escape delay, as any incomplete sequence.
        XCTAssertEqual(decoder.feed(Array("\u{1B}_Gi=31;OK".utf8)), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [])
        XCTAssertEqual(decoder.feed(Array("q".utf8)), [.key(.character("q"))])
    }

    func testKeptRepliesAreBounded() {
        var decoder = InputDecoder()
        let flood = String(repeating: "\u{1B}[?62;c", count: 1_000)
        XCTAssertEqual(decoder.feed(Array(flood.utf8)), [])
        XCTAssertEqual(decoder.takeReplies().count, InputDecoder.maximumKeptReplies)
    }

    func testProbeReadsTheAnswersAndKeepsKeysTypedMeanwhileForTheEventStream() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        // The terminal's answers wait in the input queue with keys typed around them, and a late
        // answer after the sentinel.
        pty.type("j" + Self.kitty + "k" + "\u{1B}P>|late\u{1B}\\")
        let found = session.probe(timeoutMilliseconds: 5_000)
        XCTAssertTrue(found.kittyGraphics)
        XCTAssertEqual(found.version, "kitty(0.26.5)")
        let written = String(decoding: pty.readOutput(containing: "\u{1B}[c"), as: UTF8.self)
        XCTAssertTrue(written.contains(TerminalProbe.query), "the whole batch was asked")

        let collector = EventCollector(session.events())
        pty.type("\u{1B}_Gi=31;OK\u{1B}\\q")
        let events = await collector.wait { $0.count >= 3 }
        XCTAssertEqual(events, [.input(.key(.character("j"))), .input(.key(.character("k"))), .input(.key(.character("q")))],
                       "keys typed during the probe come first; answers are never keys")
    }

    /// A reply the probe's deadline cuts in two (a slow link) goes on in the event reader where it
    /// stopped: its tail is the reply's, never keys (`?` would open the key overlay, `r` reload), and a
    /// cut just after its ESC is no Escape key. The tail comes a moment after reading began, as over a
    /// slow link; kitty's refusal goes on with its message however long that pause.
    func testAReplyCutByTheProbesDeadlineIsNeverReadAsKeys() async throws {
        let cuts = [
            ("\u{1B}[?62", ";4c"), ("\u{1B}[?6", "2;4c"), ("\u{1B}", "[?62;4c"),
            ("\u{1B}]11;rgb:0000/00", "00/0000\u{1B}\\\u{1B}[?62;c"), ("\u{1B}]", "11;rgb:0000/0000/0000\u{07}\u{1B}[?62;c"),
            ("\u{1B}_Gi=31;EN", "OTSUPPORTED:graphics disabled\u{1B}\\\u{1B}[?62;c"),
        ]
        for (before, after) in cuts {
            let pty = try PseudoTerminal()
            let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
            try session.enter()
            defer { session.leave() }
            pty.type(before)
            let found = session.probe(timeoutMilliseconds: 100)
            XCTAssertFalse(found.answered, "the deadline came first")
            let collector = EventCollector(session.events())
            try await Task.sleep(for: .milliseconds(60))
            pty.type(after + "?q")
            let events = await collector.wait { $0.count >= 2 }
            XCTAssertEqual(events, [.input(.key(.character("?"))), .input(.key(.character("q")))], "\(before.debugDescription) | \(after.debugDescription)")
        }
    }

    /// A terminal that never ends its reply (an OSC without ST or BEL, kitty's OK without ST) does
    /// not eat the key typed right after it: the reply is whole, and `?` cannot belong to it.
    func testAKeyTypedRightAfterAnUnterminatedReplyIsAKey() async throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())
        pty.type("\u{1B}]11;rgb:0000/0000/0000?")
        pty.type("\u{1B}_Gi=31;OKq")
        let events = await collector.wait { $0.count >= 2 }
        XCTAssertEqual(events, [.input(.key(.character("?"))), .input(.key(.character("q")))])
    }

    /// A string that never ends and is no reply (any OSC, DCS, APC) eats keys typed without a pause
    /// (the escape delay never passes) for at most a reply's time, a second; then keys are keys.
    func testAStringThatNeverEndsIsDroppedAfterAReplysTime() async throws {
        let pty = try PseudoTerminal()
        // An escape delay longer than the test: only the string's age can end it.
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave, escapeDelayMilliseconds: 10_000)
        try session.enter()
        defer { session.leave() }
        let collector = EventCollector(session.events())
        let start = ContinuousClock.now
        pty.type("\u{1B}]99;never ends")
        // Someone holding a key: an x every 50 ms, until one comes through.
        while collector.events.isEmpty, ContinuousClock.now < start + .seconds(8) {
            pty.type("x")
            try await Task.sleep(for: .milliseconds(50))
        }
        let events = collector.events
        XCTAssertFalse(events.isEmpty, "keys came through")
        XCTAssertEqual(events, Array(repeating: .input(.key(.character("x"))), count: events.count))
        XCTAssertGreaterThanOrEqual(ContinuousClock.now - start, .milliseconds(900), "the string had its reply's time")
    }

    /// A reply that is already whole ends at the first byte that cannot belong to it, terminated or
    /// not, whatever the reads: a fifth hex digit, a fourth channel of `rgb:`, anything after kitty's
    /// OK. What may still belong to it (a colour's last digit, kitty's error message) goes on.
    func testAWholeReplyEndsAtTheFirstByteThatCannotBelongToIt() {
        let black = TerminalReply.backgroundColor(TerminalColor(red: 0, green: 0, blue: 0))
        let white = TerminalReply.backgroundColor(TerminalColor(red: 255, green: 255, blue: 255))
        let cases: [(input: String, keys: [InputEvent], replies: [TerminalReply])] = [
            ("\u{1B}]11;rgb:ffff/ffff/ffff?", [.key(.character("?"))], [white]),
            ("\u{1B}]11;rgb:0000/0000/0000f", [.key(.character("f"))], [black]),
            ("\u{1B}]11;rgb:0000/0000/0000/q", [.key(.character("/")), .key(.character("q"))], [black]),
            ("\u{1B}]11;rgb:f/f/ff?", [.key(.character("?"))], [white]),
            ("\u{1B}]11;rgba:0000/0000/0000/ffffq", [.key(.character("q"))], [black]),
            ("\u{1B}_Gi=31;OKr", [.key(.character("r"))], [.kittyGraphics("i=31;OK")]),
            ("\u{1B}_Gi=31;OK\u{1B}[A", [.key(.up)], [.kittyGraphics("i=31;OK")]),
            ("\u{1B}_Gi=31;ENOENT:r\u{1B}\\", [], [.kittyGraphics("i=31;ENOENT:r")]),
            // Short of a channel: it waits for its terminator (or the escape delay), taking what comes.
            ("\u{1B}]11;rgb:00/00?", [], []),
        ]
        for (input, keys, replies) in cases {
            var whole = InputDecoder()
            XCTAssertEqual(whole.feed(Array(input.utf8)), keys, input.debugDescription)
            XCTAssertEqual(whole.takeReplies(), replies, input.debugDescription)
            var byByte = InputDecoder()
            XCTAssertEqual(input.utf8.flatMap { byByte.feed([$0]) }, keys, "byte by byte: \(input.debugDescription)")
            XCTAssertEqual(byByte.takeReplies(), replies, "byte by byte: \(input.debugDescription)")
        }
    }

    /// OSC 11's answer, as xterm (4 digits a channel, ST), kitty (BEL), urxvt (rgba) and 2-digit
    /// writers send it, is the background colour; nonsense is no colour, and never a key.
    func testTheBackgroundColourAnswerIsReadInEveryFormTerminalsWrite() {
        let answers: [(String, TerminalColor?)] = [
            ("\u{1B}]11;rgb:0000/0000/0000\u{1B}\\", TerminalColor(red: 0, green: 0, blue: 0)),
            ("\u{1B}]11;rgb:ffff/ffff/ffff\u{07}", TerminalColor(red: 255, green: 255, blue: 255)),
            ("\u{1B}]11;rgb:fdfd/f6f6/e3e3\u{1B}\\", TerminalColor(red: 0xFD, green: 0xF6, blue: 0xE3)),
            ("\u{1B}]11;rgba:2828/2c2c/3434/ffff\u{1B}\\", TerminalColor(red: 0x28, green: 0x2C, blue: 0x34)),
            ("\u{1B}]11;rgb:1e/1e/1e\u{07}", TerminalColor(red: 0x1E, green: 0x1E, blue: 0x1E)),
            ("\u{1B}]11;rgb:f/f/f\u{07}", TerminalColor(red: 255, green: 255, blue: 255)),
            ("\u{1B}]11;rgb:zz/00/00\u{07}", nil),
            ("\u{1B}]11;rgb:00/00\u{07}", nil),
            ("\u{1B}]11;#ffffff\u{07}", nil),
            ("\u{1B}]10;rgb:ffff/ffff/ffff\u{07}", nil),
        ]
        for (answer, expected) in answers {
            let (found, keys) = capabilities(answer + "\u{1B}[?62;c")
            XCTAssertEqual(keys, [], answer.debugDescription)
            XCTAssertTrue(found.answered)
            XCTAssertEqual(found.backgroundColor, expected, answer.debugDescription)
        }
        XCTAssertTrue(TerminalProbe.commonQueries.contains("\u{1B}]11;?\u{1B}\\"), "asked in the batch")
        XCTAssertTrue(TerminalProbe.commonQueries.hasSuffix("\u{1B}[c"), "before the device attributes that end it")
    }

    func testProbeOfATerminalThatAnswersNothingEndsAtItsDeadline() throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        XCTAssertEqual(session.probe(timeoutMilliseconds: 30), .unknown)
    }

    /// A terminal that named itself answers the device attributes, so it may take longer (kitty with
    /// software rendering on a loaded machine) without a launch waiting for one that never answers.
    func testOnlyATerminalThatNamedItselfIsGivenLongerToAnswer() {
        XCTAssertEqual(TerminalProbe.timeoutMilliseconds(environment: ["TERM": "xterm-256color"]), TerminalProbe.defaultTimeoutMilliseconds)
        XCTAssertEqual(TerminalProbe.timeoutMilliseconds(environment: [:]), 200)
        for environment in [["TERM": "xterm-kitty"], ["KITTY_WINDOW_ID": "1"], ["XTERM_VERSION": "XTerm(379)"], ["VTE_VERSION": "7006"]] {
            XCTAssertEqual(TerminalProbe.timeoutMilliseconds(environment: environment), TerminalProbe.selfNamedTimeoutMilliseconds, "\(environment)")
        }
        XCTAssertGreaterThan(TerminalProbe.selfNamedTimeoutMilliseconds, TerminalProbe.defaultTimeoutMilliseconds)
    }

    func testInsideTmuxOrScreenKittysQueryIsNotSent() throws {
        XCTAssertTrue(TerminalProbe.asksKitty(environment: ["TERM": "xterm-kitty"]))
        XCTAssertFalse(TerminalProbe.asksKitty(environment: ["TERM": "tmux-256color", "TMUX": "/tmp/tmux-0/default,1,0"]))
        XCTAssertFalse(TerminalProbe.asksKitty(environment: ["TERM": "screen-256color"]))
        XCTAssertFalse(TerminalProbe.asksKitty(environment: ["TERM": "xterm", "STY": "1234.pts-0.host"]))
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        pty.type("\u{1B}P>|tmux 3.3a\u{1B}\\\u{1B}[?1;2c")
        XCTAssertEqual(session.probe(timeoutMilliseconds: 5_000, asksKitty: false).version, "tmux 3.3a")
        let written = String(decoding: pty.readOutput(containing: "\u{1B}[c"), as: UTF8.self)
        XCTAssertTrue(written.contains(TerminalProbe.commonQueries))
        XCTAssertFalse(written.contains("\u{1B}_G"), "tmux would take kitty's query for a window title")
    }

    func testNoProbeWithoutATerminalOrWithTermDumb() throws {
        var descriptors: [Int32] = [-1, -1]
        XCTAssertEqual(pipe(&descriptors), 0)
        defer { close(descriptors[0]); close(descriptors[1]) }
        let pty = try PseudoTerminal()
        XCTAssertFalse(TerminalProbe.shouldProbe(inputFD: descriptors[0], outputFD: pty.slave, environment: ["TERM": "xterm"]))
        XCTAssertFalse(TerminalProbe.shouldProbe(inputFD: pty.slave, outputFD: descriptors[1], environment: ["TERM": "xterm"]))
        XCTAssertFalse(TerminalProbe.shouldProbe(inputFD: pty.slave, outputFD: pty.slave, environment: ["TERM": "dumb"]))
        XCTAssertFalse(TerminalProbe.shouldProbe(inputFD: pty.slave, outputFD: pty.slave, environment: [:]))
        XCTAssertTrue(TerminalProbe.shouldProbe(inputFD: pty.slave, outputFD: pty.slave, environment: ["TERM": "xterm-kitty"]))
        // Not entered: nothing is asked.
        XCTAssertEqual(TerminalSession(inputFD: pty.slave, outputFD: pty.slave).probe(), .unknown)
    }

    // MARK: - Widths

    /// The answers to the width part of the batch (``TerminalProbe/widthQueries(_:)``, with the four
    /// sentinels the host sends), recorded from kitty 0.26.5, xterm 379 and tmux 3.3a on this machine.
    static let kittyWidths = "\u{1B}[?2027;0$y\u{1B}[1;5R\u{1B}[1;2R\u{1B}[1;2R\u{1B}[1;4R\u{1B}[?62;c"
    static let xtermWidths = "\u{1B}[?2027;0$y\u{1B}[1;5R\u{1B}[1;3R\u{1B}[1;2R\u{1B}[1;3R\u{1B}[?64;1;2;6;9;15;16;17;18;21;22;28c"
    static let tmuxWidths = "\u{1B}[1;3R\u{1B}[1;3R\u{1B}[1;2R\u{1B}[1;3R\u{1B}[?1;2c"
    /// A terminal with grapheme-cluster mode that can be set (as WezTerm and foot answer).
    static let clusterModeWidths = "\u{1B}[?2027;2$y\u{1B}[1;5R\u{1B}[1;2R\u{1B}[1;3R\u{1B}[1;3R\u{1B}[?62;c"

    func testTheWidthAnswersAreReadAndNeverKeys() {
        for (answer, mode, widths) in [(Self.kittyWidths, 0, [4, 1, 1, 3]), (Self.xtermWidths, 0, [4, 2, 1, 2]),
                                       (Self.tmuxWidths, nil, [2, 2, 1, 2]), (Self.clusterModeWidths, 2, [4, 1, 2, 2])] as [(String, Int?, [Int])] {
            let (found, keys) = capabilities(answer)
            XCTAssertEqual(keys, [], answer.debugDescription)
            XCTAssertTrue(found.answered)
            XCTAssertEqual(found.graphemeClusterMode, mode, answer.debugDescription)
            XCTAssertEqual(found.sentinelWidths, widths, answer.debugDescription)
        }
        // Another mode's report is not grapheme-cluster mode's.
        XCTAssertNil(capabilities("\u{1B}[?2026;1$y\u{1B}[?62;c").0.graphemeClusterMode)
    }

    func testTheWidthQueriesAreSentInTheBatchBeforeTheDeviceAttributes() throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        try session.enter()
        defer { session.leave() }
        pty.type(Self.kittyWidths)
        let found = session.probe(timeoutMilliseconds: 5_000, asksKitty: false, widthSentinels: ["a", "\u{2630}"])
        XCTAssertEqual(found.sentinelWidths, [4, 1, 1, 3])
        let written = String(decoding: pty.readOutput(containing: "\u{1B}[c"), as: UTF8.self)
        let widthPart = "\u{1B}[?2027$p\u{1B}[?2026h\r\u{1B}[2Ka\u{1B}[6n\r\u{1B}[2K\u{2630}\u{1B}[6n\r\u{1B}[2K\u{1B}[?2026l"
        XCTAssertEqual(TerminalProbe.widthQueries(["a", "\u{2630}"]), widthPart)
        XCTAssertTrue(written.contains(TerminalProbe.capabilityQueries + widthPart + TerminalProbe.deviceAttributesQuery), written.debugDescription)
    }

    func testGraphemeClusterModeIsTurnedOffWhenLeavingAndOnAgainAfterASuspend() throws {
        let pty = try PseudoTerminal()
        let session = TerminalSession(inputFD: pty.slave, outputFD: pty.slave)
        XCTAssertFalse(session.enterSequence.contains("2027"))
        try session.enter()
        session.enableGraphemeClusterMode()
        XCTAssertTrue(session.setsGraphemeClusterMode)
        _ = pty.readOutput(containing: "\u{1B}[?2027h")
        XCTAssertTrue(session.enterSequence.hasSuffix("\u{1B}[?2027h"), "a resume turns it on again")
        XCTAssertTrue(session.leaveSequence.hasPrefix("\u{1B}[?2027l"), "leaving (and the crash guard) turn it off")
        session.leave()
        _ = pty.readOutput(containing: "\u{1B}[?2027l")
        XCTAssertFalse(session.setsGraphemeClusterMode)
    }
}
