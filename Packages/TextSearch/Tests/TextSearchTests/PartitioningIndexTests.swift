import TextSearch
import XCTest

/// The one binary search: checked against a linear scan over every split of small collections.
final class PartitioningIndexTests: XCTestCase {
    func testItFindsTheFirstElementOfTheSecondPartForEverySplit() {
        for count in 0...9 {
            let values = Array(0..<count).map { $0 * 2 }
            for value in -1...(2 * count + 1) {
                let linear = values.firstIndex { $0 >= value } ?? values.endIndex
                XCTAssertEqual(values.partitioningIndex { $0 >= value }, linear, "\(value) in \(values)")
                XCTAssertEqual(values.sortedIndex(of: value), values.firstIndex(of: value), "\(value) in \(values)")
            }
        }
    }

    func testItWorksOnASliceWhoseIndicesDoNotStartAtZero() {
        let slice = [1, 3, 5, 7, 9, 11][2...]
        XCTAssertEqual(slice.partitioningIndex { $0 > 7 }, 4)
        XCTAssertEqual(slice.sortedIndex(of: 5), 2)
        XCTAssertNil(slice.sortedIndex(of: 3), "before the slice")
    }
}
