extension RandomAccessCollection {
    /// The first index whose element is in the second part of a collection split in two by
    /// `belongsToSecondPart` (false for every element before it, true for every one from it on): a
    /// binary search, in O(log n) tests. Sorted positions, rows and entries are all searched through it,
    /// so the one binary search of the project is here.
    ///
    /// For a collection sorted ascending, `partitioningIndex { $0 >= value }` is where `value` is or goes.
    public func partitioningIndex(where belongsToSecondPart: (Element) throws -> Bool) rethrows -> Index {
        var low = startIndex, count = self.count
        while count > 0 {
            let half = count / 2
            let middle = index(low, offsetBy: half)
            if try belongsToSecondPart(self[middle]) {
                count = half
            } else {
                low = index(after: middle)
                count -= half + 1
            }
        }
        return low
    }
}

extension RandomAccessCollection where Element: Comparable {
    /// The index of `value` in a collection sorted ascending, if it holds it.
    public func sortedIndex(of value: Element) -> Index? {
        let found = partitioningIndex { $0 >= value }
        return found < endIndex && self[found] == value ? found : nil
    }
}
