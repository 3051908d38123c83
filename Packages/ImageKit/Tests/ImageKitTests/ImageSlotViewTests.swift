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
