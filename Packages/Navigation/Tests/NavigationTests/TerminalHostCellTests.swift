@testable import Navigation
import TerminalKit
import TerminalUI
import XCTest

/// The cell size the host sizes pictures by after the window changed.
final class TerminalHostCellTests: XCTestCase {
    /// A resize takes the window's cell only when a terminal could have it; nonsense (a window of
    /// 65535 × 65535 pixels, a 400 × 200 cell, no pixels at all) keeps the last good size.
    func testAResizeTakesTheWindowsCellOnlyWhenATerminalCouldHaveIt() {
        XCTAssertEqual(TerminalHost.cellAfterResize(window: CellPixels(width: 9, height: 18)), PixelSize(width: 9, height: 18))
        XCTAssertEqual(TerminalHost.cellAfterResize(window: CellPixels(width: 64, height: 140)), PixelSize(width: 64, height: 140))
        for nonsense in [CellPixels(width: 819, height: 2730), CellPixels(width: 400, height: 200), CellPixels(width: 100_000, height: 100_000)] {
            XCTAssertNil(TerminalHost.cellAfterResize(window: nonsense), "\(nonsense)")
        }
        XCTAssertNil(TerminalHost.cellAfterResize(window: nil))
    }
}
