import Foundation
import TerminalUI
import XCTest
@testable import ImageKit

final class ImageSlotViewTests: XCTestCase {
    private func draw(_ slot: ImageSlot, colorMode: ColorMode = .trueColor) -> Frame {
        var frame = Frame(size: Size(columns: 16, rows: 5))
        ImageSlotView.draw(slot, into: &frame, rect: Rect(column: 0, row: 0, columns: 16, rows: 5), colorMode: colorMode, tick: 0)
        return frame
    }

    func testPlaceholderIsFramedAndSaysWhy() {
        let frame = draw(.unavailable(reason: "broken image"))
        XCTAssertEqual(frame.text.split(separator: "\n")[2], "│ broken image │")
        XCTAssertEqual(frame[0, 0].grapheme, "┌")
        XCTAssertTrue(draw(.none).text.contains("no image"))
        XCTAssertTrue(draw(.loading).text.contains("⠋ loading"), "a spinner, truncated to fit the frame")
    }

    func testFailedSlotUsesTheImageErrorsShortReason() {
        XCTAssertEqual(ImageSlot.failed(ImageError.unsupportedFormat), .unavailable(reason: "not an image"))
        struct Other: Error {}
        XCTAssertEqual(ImageSlot.failed(Other()), .unavailable(reason: "image unavailable"))
    }

    func testLoadedImageIsHalfBlocksInColorAndARampWithout() {
        let image = RGBImage(rows: [[.white, .white], [.white, .white]])
        // Fitted and centered: the picture is somewhere in the slot, never a placeholder.
        let colored = draw(.loaded(image)).text
        XCTAssertTrue(colored.contains("▀") && !colored.contains("┌"), colored)
        let plain = draw(.loaded(image), colorMode: .none).text
        XCTAssertTrue(plain.contains("@") && !plain.contains("▀"), plain)
    }
}

@MainActor
final class ImageSlotsTests: XCTestCase {
    private struct Broken: Error {}

    func testLoadsEachURLOnceKeepsLoadedOnesAndRetriesFailedOnes() async {
        let slots = ImageSlots()
        let good = URL(string: "http://images.test/good.png")!
        let bad = URL(string: "http://images.test/bad.png")!
        let fetched = FetchLog()
        var jobs: [Task<Void, Never>] = []
        var changes = 0
        func load() async {
            slots.load([good, bad, good], start: { job in jobs.append(Task { @MainActor in await job() }) },
                       fetch: { url in
                           await fetched.append(url)
                           if url == bad { throw Broken() }
                           return RGBImage(rows: [[.white]])
                       },
                       changed: { changes += 1 })
            for job in jobs { await job.value }
            jobs.removeAll()
        }
        XCTAssertEqual(slots[nil], .none)
        XCTAssertEqual(slots[good], .loading, "not asked for yet means loading")
        await load()
        XCTAssertEqual(slots[good], .loaded(RGBImage(rows: [[.white]])))
        XCTAssertEqual(slots[bad], .unavailable(reason: "image unavailable"))
        XCTAssertEqual(changes, 2)
        await load()
        let urls = await fetched.urls
        XCTAssertEqual(urls.filter { $0 == good }.count, 1, "a loaded picture is kept")
        XCTAssertEqual(urls.filter { $0 == bad }.count, 2, "a failed one is tried again")
    }
}

private actor FetchLog {
    var urls: [URL] = []
    func append(_ url: URL) { urls.append(url) }
}
