/// The items of a long list held a page at a time by position (a store of 10,000 contacts read as the
/// screen moves): the page held, the page asked for, and which page to ask for next so that the rows
/// on screen and their pictures' margin are covered. A key press costs a page at the most, never the list.
public struct ListPage<Item: Sendable>: Sendable {
    /// How many items a page holds: a few screens, so that moving through the list rarely waits.
    public let size: Int
    /// The position of the first item held.
    public private(set) var start = 0
    /// The items held, from ``start``.
    public private(set) var items: [Item] = []
    /// The positions asked for and not answered yet.
    public private(set) var requested: Range<Int>?

    public init(size: Int) {
        self.size = max(1, size)
    }

    /// The positions held.
    public var positions: Range<Int> { start..<(start + items.count) }

    /// The item at `position`, nil while its page has not come.
    public subscript(position: Int) -> Item? {
        positions.contains(position) ? items[position - start] : nil
    }

    /// The positions to ask for so that every position in `needed` is held, among `count` items: a
    /// page centred on them (longer when they span more than a page), or nil when the page held or the
    /// one asked for covers them. The positions returned count as asked for.
    public mutating func request(covering needed: some Sequence<Int>, count: Int) -> Range<Int>? {
        guard let low = needed.min(), let high = needed.max() else { return nil }
        if positions.contains(low), positions.contains(high) { return nil }
        if let requested, requested.contains(low), requested.contains(high) { return nil }
        let start = min(low, max(0, min((low + high) / 2 - size / 2, count - size)))
        let asked = start..<min(count, max(start + size, high + 1))
        requested = asked
        return asked
    }

    /// Holds `items` from position `start` (a page that came, or the page a load brought); nothing is
    /// asked for any more.
    public mutating func receive(_ items: [Item], at start: Int) {
        self.start = start
        self.items = items
        requested = nil
    }

    /// The page asked for will not come (it failed, or a load replaced the list): it may be asked again.
    public mutating func forgetRequest() {
        requested = nil
    }
}
