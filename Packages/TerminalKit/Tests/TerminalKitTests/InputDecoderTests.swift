import XCTest
@testable import TerminalKit

final class InputDecoderTests: XCTestCase {
    private typealias Case = (name: String, bytes: [UInt8], expected: [InputEvent])

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
    private static func key(_ key: Key) -> InputEvent { .key(key) }
    private static func character(_ character: Character) -> InputEvent { .key(.character(character)) }
    private static func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int) -> InputEvent {
        .mouse(MouseEvent(kind: kind, column: column, row: row))
    }

    /// Complete inputs: no timeout needed, nothing pending afterwards.
    private static let cases: [Case] = [
        ("ascii", bytes("aZ ~/"), [character("a"), character("Z"), character(" "), character("~"), character("/")]),
        ("two-byte utf8", [0xC3, 0xA4], [character("ä")]),
        ("three-byte utf8", bytes("€"), [character("€")]),
        ("four-byte utf8", bytes("😀"), [character("😀")]),
        ("invalid lead byte skipped", [0xFF, 0x61], [character("a")]),
        ("interrupted utf8 skipped", [0xC3, 0x41], [character("A")]),
        ("stray continuation skipped", [0x80, 0xBF], []),
        ("c1 control via utf8 skipped", [0xC2, 0x85, 0xC2, 0x9B], []),
        ("overlong skipped", [0xC0, 0xAF, 0xE0, 0x80, 0xAF], []),
        ("surrogate skipped", [0xED, 0xA0, 0x80], []),
        ("beyond U+10FFFF skipped", [0xF4, 0x90, 0x80, 0x80], []),
        ("enter cr", [0x0D], [key(.enter)]),
        ("enter lf", [0x0A], [key(.enter)]),
        ("tab", [0x09], [key(.tab)]),
        ("backtab", bytes("\u{1b}[Z"), [key(.backtab)]),
        ("backspace del", [0x7F], [key(.backspace)]),
        ("backspace bs", [0x08], [key(.backspace)]),
        ("ctrl-a", [0x01], [key(.ctrl("a"))]),
        ("ctrl-c", [0x03], [key(.ctrl("c"))]),
        ("ctrl-q", [0x11], [key(.ctrl("q"))]),
        ("ctrl-z", [0x1A], [key(.ctrl("z"))]),
        ("nul and ctrl-backslash swallowed", [0x00, 0x1C, 0x1F], []),
        ("csi arrows", bytes("\u{1b}[A\u{1b}[B\u{1b}[C\u{1b}[D"), [key(.up), key(.down), key(.right), key(.left)]),
        ("ss3 arrows", bytes("\u{1b}OA\u{1b}OB\u{1b}OC\u{1b}OD"), [key(.up), key(.down), key(.right), key(.left)]),
        ("modified arrows", bytes("\u{1b}[1;5A\u{1b}[1;2D\u{1b}[1;3C"), [key(.up), key(.left), key(.right)]),
        ("home end csi", bytes("\u{1b}[H\u{1b}[F"), [key(.home), key(.end)]),
        ("home end ss3", bytes("\u{1b}OH\u{1b}OF"), [key(.home), key(.end)]),
        ("home end tilde", bytes("\u{1b}[1~\u{1b}[4~\u{1b}[7~\u{1b}[8~"), [key(.home), key(.end), key(.home), key(.end)]),
        ("insert delete", bytes("\u{1b}[2~\u{1b}[3~"), [key(.insert), key(.delete)]),
        ("modified delete", bytes("\u{1b}[3;5~"), [key(.delete)]),
        ("page up down", bytes("\u{1b}[5~\u{1b}[6~"), [key(.pageUp), key(.pageDown)]),
        ("f1-f4 ss3", bytes("\u{1b}OP\u{1b}OQ\u{1b}OR\u{1b}OS"), (1...4).map { key(.function($0)) }),
        ("f1-f5 tilde", bytes("\u{1b}[11~\u{1b}[12~\u{1b}[13~\u{1b}[14~\u{1b}[15~"), (1...5).map { key(.function($0)) }),
        ("f6-f12 tilde", bytes("\u{1b}[17~\u{1b}[18~\u{1b}[19~\u{1b}[20~\u{1b}[21~\u{1b}[23~\u{1b}[24~"), (6...12).map { key(.function($0)) }),
        ("f1-f5 linux console", bytes("\u{1b}[[A\u{1b}[[E"), [key(.function(1)), key(.function(5))]),
        ("modified f1 f2 f4", bytes("\u{1b}[1;2P\u{1b}[1;5Q\u{1b}[1;2S"), [key(.function(1)), key(.function(2)), key(.function(4))]),
        ("keypad enter", bytes("\u{1b}OM"), [key(.enter)]),
        ("sgr press", bytes("\u{1b}[<0;10;5M"), [mouse(.press(button: 0), 9, 4)]),
        ("sgr release", bytes("\u{1b}[<0;10;5m"), [mouse(.release, 9, 4)]),
        ("sgr right press at origin", bytes("\u{1b}[<2;1;1M"), [mouse(.press(button: 2), 0, 0)]),
        ("sgr middle press", bytes("\u{1b}[<1;300;200M"), [mouse(.press(button: 1), 299, 199)]),
        ("sgr drag", bytes("\u{1b}[<32;3;4M"), [mouse(.drag(button: 0), 2, 3)]),
        ("sgr wheel up", bytes("\u{1b}[<64;5;6M"), [mouse(.wheelUp, 4, 5)]),
        ("sgr wheel down", bytes("\u{1b}[<65;5;6M"), [mouse(.wheelDown, 4, 5)]),
        ("sgr modifiers ignored", bytes("\u{1b}[<16;1;1M\u{1b}[<4;2;2M\u{1b}[<80;1;1M"),
         [mouse(.press(button: 0), 0, 0), mouse(.press(button: 0), 1, 1), mouse(.wheelUp, 0, 0)]),
        ("sgr motion without button swallowed", bytes("\u{1b}[<35;1;1M"), []),
        ("sgr horizontal wheel swallowed", bytes("\u{1b}[<66;1;1M\u{1b}[<67;1;1M"), []),
        ("sgr zero coordinates clamp", bytes("\u{1b}[<0;0;0M"), [mouse(.press(button: 0), 0, 0)]),
        ("sgr malformed swallowed", bytes("\u{1b}[<0;1M\u{1b}[<0;;1M\u{1b}[<0;1;99999999999999999999M"), []),
        ("x10 mouse", bytes("\u{1b}[M") + [32, 33 + 9, 33 + 4], [mouse(.press(button: 0), 9, 4)]),
        ("x10 mouse release", bytes("\u{1b}[M") + [35, 33, 33], [mouse(.release, 0, 0)]),
        ("decrpm swallowed", bytes("\u{1b}[?2026;2$y\u{1b}[?1049;1$y"), []),
        ("ansi decrpm swallowed", bytes("\u{1b}[4;2$y"), []),
        ("cursor position report swallowed", bytes("\u{1b}[12;40R\u{1b}[1;1R"), []),
        ("device attributes swallowed", bytes("\u{1b}[?62;22c\u{1b}[>1;10;0c\u{1b}[=1c"), []),
        ("focus in out swallowed", bytes("\u{1b}[I\u{1b}[O"), []),
        ("unknown sequences swallowed", bytes("\u{1b}[99~\u{1b}[5u\u{1b}Ox\u{1b}[1;5X\u{1b}[201~"), []),
        ("alt letter", bytes("\u{1b}x"), [character("x")]),
        ("alt utf8", [0x1B, 0xC3, 0xA4], [character("ä")]),
        ("alt ctrl", [0x1B, 0x01], [key(.ctrl("a"))]),
        ("alt backspace", [0x1B, 0x7F], [key(.backspace)]),
        ("double escape then sequence", bytes("\u{1b}\u{1b}[A"), [key(.escape), key(.up)]),
        ("sequence interrupted by new sequence", bytes("\u{1b}[1;\u{1b}[B"), [key(.down)]),
        ("sequence interrupted by control", bytes("\u{1b}[1\u{0d}"), [key(.enter)]),
        ("keys around a sequence", bytes("a\u{1b}[Ab"), [character("a"), key(.up), character("b")]),
        ("paste", bytes("\u{1b}[200~hello world\u{1b}[201~"), [.paste("hello world")]),
        ("paste line ends normalized", bytes("\u{1b}[200~a\r\nb\rc\nd\u{1b}[201~"), [.paste("a\nb\nc\nd")]),
        ("paste strips escape and controls", bytes("\u{1b}[200~x\u{1b}[31my\u{07}\u{03}\tz\u{7f}\u{1b}]0;t\u{07}\u{1b}[201~"),
         [.paste("x[31my\tz]0;t")]),
        ("paste strips c1 controls", bytes("\u{1b}[200~a\u{85}b\u{9b}c\u{1b}[201~"), [.paste("abc")]),
        ("paste false end marker", bytes("\u{1b}[200~a\u{1b}[20b\u{1b}[201x\u{1b}[201~"), [.paste("a[20b[201x")]),
        ("paste escape right before end", bytes("\u{1b}[200~x\u{1b}\u{1b}[201~"), [.paste("x")]),
        ("paste keeps keys literal", bytes("\u{1b}[200~q\u{1b}[A\u{1b}[201~q"), [.paste("q[A"), character("q")]),
        ("paste invalid utf8 replaced", [0x1B, 0x5B, 0x32, 0x30, 0x30, 0x7E, 0xFF, 0x61] + bytes("\u{1b}[201~"),
         [.paste("\u{FFFD}a")]),
        ("empty paste has no event", bytes("\u{1b}[200~\u{1b}[201~"), []),
        ("paste utf8", bytes("\u{1b}[200~äö 😀\u{1b}[201~"), [.paste("äö 😀")]),
    ]

    func testEveryCaseDecodesInOnePiece() {
        for testCase in Self.cases {
            var decoder = InputDecoder()
            XCTAssertEqual(decoder.feed(testCase.bytes), testCase.expected, testCase.name)
            XCTAssertFalse(decoder.hasPendingEscape, "\(testCase.name): nothing should be pending")
            XCTAssertEqual(decoder.resolveTimeout(), [], "\(testCase.name): timeout must add nothing")
        }
    }

    func testEveryCaseDecodesTheSameWhenSplitAtEveryBoundary() {
        for testCase in Self.cases {
            for split in 0...testCase.bytes.count {
                var decoder = InputDecoder()
                let events = decoder.feed(testCase.bytes[..<split]) + decoder.feed(testCase.bytes[split...])
                XCTAssertEqual(events, testCase.expected, "\(testCase.name) split at \(split)")
            }
        }
    }

    func testEveryCaseDecodesTheSameByteByByte() {
        for testCase in Self.cases {
            var decoder = InputDecoder()
            var events: [InputEvent] = []
            for byte in testCase.bytes {
                events += decoder.feed([byte])
            }
            XCTAssertEqual(events, testCase.expected, testCase.name)
        }
    }

    func testAllCasesConcatenatedDecodeToAllEvents() {
        var decoder = InputDecoder()
        let events = decoder.feed(Self.cases.flatMap(\.bytes))
        XCTAssertEqual(events, Self.cases.flatMap(\.expected))
    }

    func testLoneEscapeNeedsTimeout() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [.key(.escape)])
        XCTAssertFalse(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [])
        XCTAssertEqual(decoder.feed(Array("q".utf8)), [.key(.character("q"))])
    }

    func testEscapeThenTimeoutThenLetterIsNotAlt() {
        var decoder = InputDecoder()
        _ = decoder.feed([0x1B])
        XCTAssertEqual(decoder.resolveTimeout(), [.key(.escape)])
        XCTAssertEqual(decoder.feed(Array("[A".utf8)), [.key(.character("[")), .key(.character("A"))])
    }

    func testDoubleEscapeResolvesToTwoEscapes() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x1B, 0x1B]), [.key(.escape)])
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [.key(.escape)])
    }

    func testIncompleteSequencesResolveSensibly() {
        var decoder = InputDecoder()
        _ = decoder.feed(Array("\u{1b}[".utf8))
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [.key(.character("["))], "alt-[")

        _ = decoder.feed(Array("\u{1b}O".utf8))
        XCTAssertEqual(decoder.resolveTimeout(), [.key(.character("O"))], "alt-O")

        _ = decoder.feed(Array("\u{1b}[1;5".utf8))
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [], "a cut-off sequence is dropped")

        _ = decoder.feed(Array("\u{1b}[<0;3".utf8))
        XCTAssertEqual(decoder.resolveTimeout(), [])

        _ = decoder.feed(Array("\u{1b}[M ".utf8))
        XCTAssertTrue(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [])
        XCTAssertEqual(decoder.feed(Array("x".utf8)), [.key(.character("x"))], "decoder is back in its ground state")
    }

    func testPartialUTF8IsCarriedAcrossFeedsWithoutPendingEscape() {
        var decoder = InputDecoder()
        let bytes = Array("😀".utf8)
        for byte in bytes.dropLast() {
            XCTAssertEqual(decoder.feed([byte]), [])
            XCTAssertFalse(decoder.hasPendingEscape)
        }
        XCTAssertEqual(decoder.feed([bytes[3]]), [.key(.character("😀"))])
    }

    func testPasteWaitsForItsEndMarkerWithoutPendingEscape() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed(Array("\u{1b}[200~abc".utf8)), [])
        XCTAssertFalse(decoder.hasPendingEscape)
        XCTAssertEqual(decoder.resolveTimeout(), [])
        XCTAssertEqual(decoder.feed(Array("def\u{1b}[20".utf8)), [])
        XCTAssertEqual(decoder.feed(Array("1~x".utf8)), [.paste("abcdef"), .key(.character("x"))])
    }

    func testPasteIsCappedAndTheRestDiscarded() {
        var decoder = InputDecoder()
        let cap = InputDecoder.maximumPasteBytes
        _ = decoder.feed(Array("\u{1b}[200~".utf8))
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 64 * 1024)
        for _ in 0..<(cap / chunk.count + 4) {
            XCTAssertEqual(decoder.feed(chunk), [])
        }
        let events = decoder.feed(Array("\u{1b}[201~z".utf8))
        XCTAssertEqual(events.count, 2)
        guard case .paste(let text)? = events.first else { return XCTFail("expected a paste, got \(events)") }
        XCTAssertEqual(text.utf8.count, cap)
        XCTAssertEqual(events.last, .key(.character("z")))
    }

    func testCappedPasteDoesNotEndInABrokenCharacter() {
        var decoder = InputDecoder()
        // One ASCII byte, then two-byte characters: the cap falls in the middle of one.
        var bytes = Array("\u{1b}[200~a".utf8)
        bytes += Array(String(repeating: "ä", count: InputDecoder.maximumPasteBytes / 2 + 10).utf8)
        bytes += Array("\u{1b}[201~".utf8)
        let events = decoder.feed(bytes)
        guard case .paste(let text)? = events.first, events.count == 1 else { return XCTFail("expected one paste") }
        XCTAssertFalse(text.unicodeScalars.contains("\u{FFFD}"))
        XCTAssertEqual(text.utf8.count, InputDecoder.maximumPasteBytes - 1)
    }

    func testUnterminatedControlSequenceIsCappedAndSwallowed() {
        var decoder = InputDecoder()
        var bytes = Array("\u{1b}[".utf8)
        bytes += [UInt8](repeating: UInt8(ascii: "1"), count: 10_000)
        XCTAssertEqual(decoder.feed(bytes), [], "digits of an over-long sequence are not typed")
        XCTAssertEqual(decoder.feed(Array(";5A".utf8)), [], "its final byte ends it without a key")
        XCTAssertEqual(decoder.feed(Array("x".utf8)), [.key(.character("x"))])
    }

    func testLongSequenceJustUnderTheCapStillDecodes() {
        var decoder = InputDecoder()
        let parameters = String(repeating: "1;", count: (InputDecoder.maximumSequenceLength - 2) / 2)
        XCTAssertEqual(decoder.feed(Array("\u{1b}[\(parameters)1A".utf8)), [.key(.up)])
    }
}
