import Foundation
@testable import Navigation
import NavigationTesting
import Synchronization
import TerminalUI
import XCTest

private final class CollectingSink: OutputSink {
    var text = ""
    func write(_ bytes: [UInt8]) { text += String(decoding: bytes, as: UTF8.self) }
}

/// A picture that notes the threads its pixels are made on and, while held, waits to be let go.
private final class WatchedPicture: PictureSource, Sendable {
    private let state = Mutex((requests: 0, onMainThread: 0))
    private let gate: DispatchSemaphore?
    init(held: Bool = false) { gate = held ? DispatchSemaphore(value: 0) : nil }
    var identity: AnyObject & Sendable { self }
    var requests: Int { state.withLock { $0.requests } }
    var requestsOnMainThread: Int { state.withLock { $0.onMainThread } }
    func letGo() { gate?.signal() }
    func rgba(fittingIn box: PixelSize) -> [UInt8] {
        state.withLock {
            $0.requests += 1
            if Thread.isMainThread { $0.onMainThread += 1 }
        }
        gate?.wait()
        return [UInt8](repeating: 200, count: box.width * box.height * 4)
    }
    func png(rgba: [UInt8], size: PixelSize) -> [UInt8]? { nil }
}

@MainActor
final class PictureMakerTests: XCTestCase {
    private func frame(_ pictures: [(WatchedPicture, row: Int)]) -> Frame {
        var frame = Frame(size: Size(columns: 20, rows: 10))
        frame.put("title", at: Point(column: 0, row: 0))
        for (picture, row) in pictures { frame.place(picture, in: Rect(column: 2, row: row, columns: 4, rows: 2)) }
        return frame
    }

    /// The frame that places a new picture writes its text at once; the picture is made off the main
    /// thread and sent by the frame drawn when it arrives.
    func testAPictureIsMadeOffTheMainThreadAndSentByTheFrameAfterIt() async {
        let sink = CollectingSink()
        let renderer = DiffRenderer(sink: sink, colorMode: .trueColor, graphics: .sixel, cellPixels: PixelSize(width: 2, height: 3),
                                    makesPicturesLater: true)
        var arrivals = 0
        let maker = PictureMaker { arrivals += 1 }
        let picture = WatchedPicture()
        renderer.render(frame([(picture, 2)]))
        maker.makePictures(of: renderer)
        XCTAssertTrue(sink.text.contains("title"))
        XCTAssertFalse(sink.text.contains("\u{1B}P"), "no sixel in the frame that placed it")
        await waitUntil("the picture arrives") { arrivals == 1 }
        renderer.render(frame([(picture, 2)]))
        XCTAssertTrue(sink.text.contains("\u{1B}[3;3H\u{1B}P0;1;0q"), sink.text)
        XCTAssertEqual(picture.requests, 1)
        XCTAssertEqual(picture.requestsOnMainThread, 0)
        XCTAssertTrue(maker.isIdle)
    }

    /// Pictures are made one at a time; one whose turn comes after it left the screen is never made.
    func testAPictureThatLeftBeforeItsTurnIsNotMade() async {
        let renderer = DiffRenderer(sink: CollectingSink(), colorMode: .trueColor, graphics: .sixel, makesPicturesLater: true)
        var arrivals = 0
        let maker = PictureMaker { arrivals += 1 }
        let first = WatchedPicture(held: true), second = WatchedPicture()
        renderer.render(frame([(first, 2), (second, 5)]))
        maker.makePictures(of: renderer)
        await waitUntil("the first is being made") { first.requests == 1 }
        XCTAssertFalse(maker.isIdle)
        renderer.render(frame([(first, 2)]))
        maker.makePictures(of: renderer)
        first.letGo()
        await waitUntil("the first arrives and the maker is idle") { arrivals == 1 && maker.isIdle }
        XCTAssertEqual(second.requests, 0, "it left the screen while the first was made")
    }
}
