import XCTest
import JSONKit

final class ConcurrentChunksTests: XCTestCase {
    /// Every position once, in order, on every core or on one (below the minimum), empty included.
    func testMapPositionsKeepsTheOrderAtEverySize() {
        for count in [0, 1, 7, 1_999, 2_000, 10_007] {
            XCTAssertEqual(ConcurrentChunks.mapPositions(count: count) { $0 * 3 }, (0..<count).map { $0 * 3 }, "\(count)")
        }
        XCTAssertEqual(ConcurrentChunks.mapPositions(count: 50, minimumCount: 1) { "\($0)" }, (0..<50).map { "\($0)" })
    }
}
