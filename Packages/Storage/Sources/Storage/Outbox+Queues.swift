import Foundation

// The queues: which hold writes, moving and pausing one, what one holds and how many, a completed write's result.
extension Outbox {
    /// Every queue that holds writes, with how many wait and how many are set aside: what waits for
    /// other servers than the one a screen shows.
    public func queues() throws -> [(queue: String, waiting: Int, refused: Int)] {
        var found: [String: (waiting: Int, refused: Int)] = [:]
        try database.forEachRow("SELECT queue, refused, count(*) FROM outbox GROUP BY queue, refused") { row in
            let queue = try row.string(at: 0) ?? ""
            let count = try row.int(at: 2) ?? 0
            if try row.int(at: 1) == 1 { found[queue, default: (0, 0)].refused += count } else { found[queue, default: (0, 0)].waiting += count }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value.waiting, $0.value.refused) }
    }

    /// Moves every write of `source` into `target`, each keeping its place (writes go out in the order
    /// they were added, whichever queue name they were added under), with a pause of `source`: for a
    /// queue name that changed spelling (a server's address written another way).
    public func moveQueue(_ source: String, to target: String) throws {
        try database.transaction { transaction in
            try transaction.execute("UPDATE outbox SET queue = ? WHERE queue = ?", [.text(target), .text(source)])
            try transaction.execute("""
                INSERT INTO outbox_pauses (queue, until) SELECT ?, until FROM outbox_pauses WHERE queue = ?
                ON CONFLICT (queue) DO UPDATE SET until = max(until, excluded.until)
                """, [.text(target), .text(source)])
            try transaction.execute("DELETE FROM outbox_pauses WHERE queue = ?", [.text(source)])
        }
    }

    /// The server of `queue` asked not to be sent anything before `until` (`Retry-After`): kept across
    /// runs, the later of two asks wins.
    public func pause(_ queue: String, until: Date) throws {
        try database.execute("""
            INSERT INTO outbox_pauses (queue, until) VALUES (?, ?) ON CONFLICT (queue) DO UPDATE SET until = max(until, excluded.until)
            """, [.text(queue), .real(until.timeIntervalSince1970)])
    }

    /// Until when `queue` is paused (``pause(_:until:)``); nil when it is not, or no longer.
    public func pausedUntil(_ queue: String, now: Date = Date()) throws -> Date? {
        guard let until = try database.query("SELECT until FROM outbox_pauses WHERE queue = ?", [.text(queue)]).first?.double("until"),
              until > now.timeIntervalSince1970 else { return nil }
        return Date(timeIntervalSince1970: until)
    }

    /// Every write of `queue` still waiting (claimed or not) or set aside, oldest first: what a screen
    /// marks "waiting to sync" or "not saved".
    public func pending(in queue: String, now: Date = Date()) throws -> [Entry] {
        try database.query("SELECT * FROM outbox WHERE queue = ? ORDER BY id", [.text(queue)]).map { try Self.entry($0, now: now) }
    }

    /// How many writes of `queue` wait and how many are set aside, counted in SQL (no payload is read:
    /// a screen asks at every load).
    public func counts(in queue: String) throws -> (waiting: Int, refused: Int) {
        var counts = (waiting: 0, refused: 0)
        try database.forEachRow("SELECT refused, count(*) FROM outbox WHERE queue = ? GROUP BY refused", [.text(queue)]) { row in
            if try row.int(at: 0) == 1 { counts.refused = try row.int(at: 1) ?? 0 } else { counts.waiting = try row.int(at: 1) ?? 0 }
        }
        return counts
    }

    /// What ``complete(_:owner:result:)`` recorded for the write `id` (a created record's id), if it
    /// completed within ``resultsKept``.
    public func result(of id: Int64) throws -> String? {
        try database.query("SELECT result FROM outbox_results WHERE id = ?", [.integer(id)]).first?.string("result")
    }
}
