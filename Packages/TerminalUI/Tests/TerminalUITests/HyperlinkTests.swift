import Foundation
import XCTest
@testable import TerminalUI

private final class Bytes: OutputSink {
    var writes: [[UInt8]] = []
    func write(_ bytes: [UInt8]) { writes.append(bytes) }
    var last: String { writes.last.map { String(decoding: $0, as: UTF8.self) } ?? "" }
}

/// OSC 8 links as a cell attribute: written around their cells only, ended before any other cell,
/// part of the diff, never written without colours, and never carrying a control character.
final class HyperlinkTests: XCTestCase {
    private func frame(_ target: String?, text: String = "0812 3456 7890") -> Frame {
        var frame = Frame(size: Size(columns: 30, rows: 2))
        frame.put("mobile", at: Point(column: 0, row: 0))
        if let target {
            frame.putLink(text, target: target, at: Point(column: 8, row: 0))
        } else {
            frame.put(text, at: Point(column: 8, row: 0))
        }
        frame.put("after", at: Point(column: 24, row: 0))
        return frame
    }

    func testALinkIsOpenedBeforeItsCellsAndClosedAfterThem() throws {
        let sink = Bytes()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor)
        renderer.render(frame("tel:081234567890"))
        let id = try XCTUnwrap(Hyperlink.id(for: "tel:081234567890"))
        let open = "\u{1B}]8;id=\(String(id, radix: 36));tel:081234567890\u{1B}\\"
        let close = "\u{1B}]8;;\u{1B}\\"
        XCTAssertTrue(sink.last.contains(open + "0812 3456 7890"), sink.last.debugDescription)
        XCTAssertEqual(sink.last.components(separatedBy: "\u{1B}]8;").count - 1, 2, "one link, opened once and closed once")
        let closed = try XCTUnwrap(sink.last.range(of: close))
        XCTAssertTrue(sink.last[closed.upperBound...].contains("after"), "the cells after it are written outside it")

        renderer.render(frame("tel:081234567890"))
        XCTAssertEqual(sink.writes.count, 1, "an identical frame writes nothing")
        renderer.render(frame("tel:089999999999"))
        XCTAssertTrue(sink.last.contains("tel:089999999999") && sink.last.contains("0812 3456 7890"),
                      "a new target is a change: its cells are written again")
        renderer.render(frame(nil))
        XCTAssertTrue(sink.last.contains("0812 3456 7890") && !sink.last.contains("\u{1B}]8;id"), "the link gone: the text again, unlinked")
    }

    func testNoLinksWithoutColoursOrInPlainText() {
        let sink = Bytes()
        DiffRenderer(sink: sink, colorMode: .none).render(frame("tel:081234567890"))
        XCTAssertFalse(sink.last.contains("\u{1B}]8"), "NO_COLOR and TERM=dumb: plain text stays plain")
        XCTAssertEqual(PlainTextEncoder.encode(frame("tel:081234567890")), PlainTextEncoder.encode(frame(nil)))
    }

    func testATargetThatCouldCarryAControlIsNoLink() {
        for target in ["tel:0812\u{1B}]0;owned\u{7}", "https://a b.example", "mailto:x@y.example\n", "no-scheme", ":x",
                       "https://é.example", String(repeating: "a", count: 3000) + ":x"] {
            XCTAssertNil(Hyperlink.id(for: target), target.debugDescription)
            var linked = Frame(size: Size(columns: 20, rows: 1))
            linked.putLink("text", target: target, at: Point(column: 0, row: 0))
            XCTAssertTrue(linked.links.isEmpty)
            XCTAssertEqual(linked[0, 0].style.link, 0)
        }
        XCTAssertNotNil(Hyperlink.id(for: "geo:52.52,13.40"))
        XCTAssertNotNil(Hyperlink.id(for: "https://www.pizza.example/menu?x=1"))
    }

    /// Composed screens (overlays, split views, clipping) keep their links.
    func testDrawingAFrameIntoAnotherCarriesItsLinks() {
        let inner = frame("mailto:a@b.example")
        var outer = Frame(size: Size(columns: 40, rows: 4))
        outer.draw(inner, at: Point(column: 2, row: 1))
        XCTAssertEqual(outer.links.values.sorted(), ["mailto:a@b.example"])
        var clipped = Frame(size: Size(columns: 40, rows: 4))
        clipped.draw(inner, from: Rect(column: 8, row: 0, columns: 5, rows: 1), at: Point(column: 0, row: 0))
        XCTAssertEqual(clipped[0, 0].style.link, Hyperlink.id(for: "mailto:a@b.example"))
        XCTAssertEqual(clipped.links.count, 1)
    }
}
