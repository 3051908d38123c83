import Foundation
import TerminalUI
import XCTest
@testable import PictureUI
import ImageKit

@MainActor
final class ImageSlotViewTests: XCTestCase {
    private func draw(_ slot: ImageSlot, colorMode: ColorMode = .trueColor) -> Frame {
        var frame = Frame(size: Size(columns: 16, rows: 5))
        ImageSlotView.draw(slot, into: &frame, rect: Rect(column: 0, row: 0, columns: 16, rows: 5), colorMode: colorMode, tick: 0)
        return frame
    }

    func testPlaceholderIsFramedAndSaysWhy() async {
        let frame = draw(.unavailable(reason: "broken image"))
        XCTAssertEqual(frame.text.split(separator: "\n")[2], "│ broken image │")
        XCTAssertEqual(frame[0, 0].grapheme, "┌")
        XCTAssertTrue(draw(.none).text.contains("no image"))
        XCTAssertTrue(draw(.loading).text.contains("↑ loading"), "a spinner, truncated to fit the frame")
    }

    /// The accessible mode's tier says in words what is there: the whole sentence where it fits,
    /// wrapped at words, else a short form on one line; never a box or a block, in colour or not.
    func testTheTextTierSaysWhatIsThereInWords() async {
        func words(_ slot: ImageSlot, columns: Int = 20, rows: Int = 4, description: String? = "Apples", colorMode: ColorMode = .trueColor) -> String {
            var frame = Frame(size: Size(columns: columns, rows: rows))
            ImageSlotView.draw(slot, into: &frame, rect: Rect(column: 0, row: 0, columns: columns, rows: rows), colorMode: colorMode,
                               tier: .text, tick: 0, description: description)
            XCTAssertFalse(frame.text.unicodeScalars.contains { (0x2500...0x259F).contains($0.value) }, frame.text)
            return frame.text.split(separator: "\n").joined(separator: "|")
        }
        let image = RGBImage(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 12))
        XCTAssertEqual(words(.loaded(image)), "[picture: Apples]")
        XCTAssertEqual(words(.loaded(image), colorMode: .none), "[picture: Apples]", "not the luminance ramp")
        XCTAssertEqual(words(.loaded(image), description: nil), "[picture]")
        XCTAssertEqual(words(.loaded(image), columns: 12), "[picture:|Apples]", "wrapped at the word")
        XCTAssertEqual(words(.loaded(image), columns: 9, rows: 3), "[picture]", "too narrow for the sentence")
        XCTAssertEqual(words(.loaded(image), columns: 6, rows: 1), "[pic]")
        XCTAssertEqual(words(.loaded(image), columns: 4, rows: 2), "pic", "an avatar's box: a shorter word, not a cut one")
        XCTAssertEqual(words(.loaded(image), columns: 2, rows: 2), "", "narrower than every word: none")
        XCTAssertEqual(words(.loading), "[picture: Apples]", "the same words as loaded: nothing changes as it arrives")
        XCTAssertEqual(words(.unavailable(reason: "broken image"), columns: 40), "[no picture: Apples: broken image]")
        XCTAssertEqual(words(.none, columns: 11, rows: 1), "[no picture]".count <= 11 ? "[no picture]" : "[none]")
        XCTAssertEqual(words(.loaded(image), description: "A\u{1B}[31mB"), "[picture: A\u{FFFD}[31mB]", "the description is sanitized")
    }

    /// In a list row's small box a failed picture must not look like one still loading: no "ima…".
    func testSmallBoxesShowAPlaceholderThatFitsWhole() async {
        func text(_ slot: ImageSlot, columns: Int, rows: Int) -> String {
            var frame = Frame(size: Size(columns: columns, rows: rows))
            ImageSlotView.draw(slot, into: &frame, rect: Rect(column: 0, row: 0, columns: columns, rows: rows), colorMode: .trueColor, tick: 0)
            return frame.text
        }
        for (columns, rows) in [(8, 3), (6, 3), (12, 4), (3, 1)] {
            let failed = text(.unavailable(reason: "image unavailable"), columns: columns, rows: rows)
            let loading = text(.loading, columns: columns, rows: rows)
            XCTAssertFalse(failed.contains("…"), "\(columns)x\(rows): \(failed)")
            XCTAssertFalse(loading.contains("…"), "\(columns)x\(rows): \(loading)")
            XCTAssertNotEqual(failed, loading, "\(columns)x\(rows): a failure looks like a load")
        }
        XCTAssertTrue(text(.unavailable(reason: "image unavailable"), columns: 8, rows: 3).contains("×"))
        XCTAssertTrue(text(.unavailable(reason: "image unavailable"), columns: 14, rows: 3).contains("no image"))
    }

    func testFailedSlotUsesTheImageErrorsShortReason() async {
        XCTAssertEqual(ImageSlot.failed(ImageError.unsupportedFormat), .unavailable(reason: "not an image"))
        struct Other: Error {}
        XCTAssertEqual(ImageSlot.failed(Other()), .unavailable(reason: "image unavailable"))
    }

    func testLoadedImageIsHalfBlocksInColorAndARampWithout() async {
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
    private let white = RGBImage(rows: [[.white]])

    private func url(_ name: String) -> URL { URL(string: "http://images.test/\(name).png")! }

    func testLoadsEachPictureOnScreenOnceAndRetriesFailuresOnlyAfterAReload() async {
        let slots = ImageSlots()
        let good = url("good"), bad = url("bad")
        let fetched = FetchLog()
        var jobs: [Task<Void, Never>] = []
        var changes = 0
        func show() async {
            slots.show([good, bad, good], start: { job in
                let task = Task { @MainActor in await job() }
                jobs.append(task)
                return task
            }, fetch: { url in
                await fetched.append(url)
                if url == bad { throw Broken() }
                return RGBImage(rows: [[.white]])
            }, changed: { changes += 1 })
            while !jobs.isEmpty { await jobs.removeFirst().value }
        }
        XCTAssertEqual(slots[nil], .none)
        XCTAssertEqual(slots[good], .loading, "not asked for yet means loading")
        await show()
        XCTAssertEqual(slots[good], .loaded(white))
        XCTAssertEqual(slots[bad], .unavailable(reason: "image unavailable"))
        XCTAssertEqual(changes, 2)
        await show()
        var urls = await fetched.urls
        XCTAssertEqual(urls, [good, bad], "scrolling back neither refetches a picture nor hammers a failing one")
        slots.retryFailed()
        await show()
        urls = await fetched.urls
        XCTAssertEqual(urls, [good, bad, bad], "a reload tries the failed one again")
    }

    func testOnlyPicturesOnScreenLoadAtMostFourAtATimeNearestFirst() async {
        let slots = ImageSlots(maximumInFlight: 4)
        let gate = HeldFetch()
        let urls = (0..<10).map { url("\($0)") }
        let start: ImageSlots.Start = { job in Task { @MainActor in await job() } }
        slots.show(urls, start: start, fetch: { try await gate.fetch($0) }, changed: {})
        XCTAssertEqual(slots.loadingURLs, Set(urls.prefix(4)))
        await gate.waitForCalls(4)
        await gate.release(urls[0])
        await waitUntil { slots[urls[0]] != .loading }
        XCTAssertEqual(slots.loadingURLs, Set(urls[1...4]), "a finished load makes room for the next picture")
    }

    func testAPictureThatLeftTheScreenIsCancelledAndRecordsNothing() async {
        let slots = ImageSlots(maximumInFlight: 2)
        let gate = HeldFetch()
        let first = url("first"), second = url("second"), later = url("later")
        let start: ImageSlots.Start = { job in Task { @MainActor in await job() } }
        slots.show([first, second], start: start, fetch: { try await gate.fetch($0) }, changed: {})
        await gate.waitForCalls(2)
        slots.show([later], start: start, fetch: { try await gate.fetch($0) }, changed: {})
        XCTAssertEqual(slots.loadingURLs, [later])
        await gate.waitForCancellations(2)
        XCTAssertEqual(slots[first], .loading, "a cancelled load is not a failure: it loads again when shown again")
        await gate.release(later)
        await waitUntil { slots[later] != .loading }
        XCTAssertEqual(slots[later], .loaded(white))
    }

    private func waitUntil(_ condition: () -> Bool) async {
        for _ in 0..<10_000 where !condition() { await Task.yield() }
        XCTAssertTrue(condition())
    }
}

private actor FetchLog {
    var urls: [URL] = []
    func append(_ url: URL) { urls.append(url) }
}

/// A fetch held open until the test releases its URL; cancellation ends it with CancellationError.
private actor HeldFetch {
    private var waiting: [URL: CheckedContinuation<Void, any Error>] = [:]
    private var released: Set<URL> = []
    private(set) var calls = 0
    private(set) var cancellations = 0

    func fetch(_ url: URL) async throws -> RGBImage {
        calls += 1
        do {
            try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    if released.contains(url) { continuation.resume() } else { waiting[url] = continuation }
                }
            } onCancel: {
                Task { await self.cancel(url) }
            }
        } catch {
            cancellations += 1
            throw error
        }
        return RGBImage(rows: [[.white]])
    }

    func release(_ url: URL) {
        released.insert(url)
        waiting.removeValue(forKey: url)?.resume()
    }

    private func cancel(_ url: URL) {
        waiting.removeValue(forKey: url)?.resume(throwing: CancellationError())
    }

    func waitForCalls(_ count: Int) async {
        while calls < count { await Task.yield() }
    }

    func waitForCancellations(_ count: Int) async {
        while cancellations < count { await Task.yield() }
    }
}
