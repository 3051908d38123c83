/// A small least-recently-used cache bounded both by entry count and by a total cost (e.g. bytes).
///
/// Eviction scans the entries (O(count)); with the few dozen images a screen holds that is cheaper
/// and simpler than a linked list.
struct LRUCache<Key: Hashable, Value> {
    private struct Entry {
        var value: Value
        var cost: Int
        var lastUse: UInt64
    }

    let countLimit: Int
    let costLimit: Int
    private var entries: [Key: Entry] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0

    init(countLimit: Int, costLimit: Int) {
        self.countLimit = max(0, countLimit)
        self.costLimit = max(0, costLimit)
    }

    var count: Int { entries.count }

    /// The value for `key`, marking it as the most recently used.
    mutating func value(for key: Key) -> Value? {
        guard var entry = entries[key] else { return nil }
        clock += 1
        entry.lastUse = clock
        entries[key] = entry
        return entry.value
    }

    /// Inserts or replaces a value, then evicts the least recently used entries until both limits hold.
    /// A value costlier than `costLimit` on its own is not kept.
    mutating func insert(_ value: Value, for key: Key, cost: Int) {
        removeValue(for: key)
        guard countLimit > 0, cost <= costLimit else { return }
        clock += 1
        entries[key] = Entry(value: value, cost: cost, lastUse: clock)
        totalCost += cost
        while entries.count > countLimit || totalCost > costLimit {
            guard let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key else { break }
            removeValue(for: oldest)
        }
    }

    mutating func removeValue(for key: Key) {
        if let removed = entries.removeValue(forKey: key) { totalCost -= removed.cost }
    }

    mutating func removeAll() {
        entries.removeAll()
        totalCost = 0
    }
}
