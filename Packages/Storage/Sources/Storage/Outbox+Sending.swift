import Foundation

// Sending: the next write claimed under a lease, marked sending, then completed, given back or set aside.
extension Outbox {
    /// The oldest write of `queue`, claimed for `owner` until `lease` runs out; nil when the queue is
    /// empty or its oldest write is claimed by another owner whose lease holds (one write of a queue
    /// at a time, in order). A lapsed claim is taken over.
    public func claimNext(in queue: String, owner: String, now: Date = Date(), lease: TimeInterval = Outbox.leaseDuration) throws -> Entry? {
        try database.transaction { transaction in
            try Self.claimOldest(in: queue, only: nil, owner: owner, now: now, lease: lease, transaction)
        }
    }

    /// Claims the write `id` if it is the next of `queue` to go out (nothing waits before it, no one
    /// else holds it): a write just added is sent at once this way, or left waiting behind the others.
    public func claim(_ id: Int64, in queue: String, owner: String, now: Date = Date(), lease: TimeInterval = Outbox.leaseDuration) throws -> Entry? {
        try database.transaction { transaction in
            try Self.claimOldest(in: queue, only: id, owner: owner, now: now, lease: lease, transaction)
        }
    }

    private static func claimOldest(in queue: String, only wanted: Int64?, owner: String, now: Date, lease: TimeInterval,
                                    _ transaction: SQLiteTransaction) throws -> Entry? {
        guard let row = try transaction.query("SELECT * FROM outbox WHERE queue = ? AND refused = 0 ORDER BY id LIMIT 1", [.text(queue)]).first
        else { return nil }
        let id = try row.int64("id") ?? 0
        if let wanted, wanted != id { return nil }
        let claimedBy = try row.string("claimed_by")
        let until = try row.double("claimed_until") ?? 0
        if let claimedBy, claimedBy != owner, until > now.timeIntervalSince1970, !isDeadProcess(claimedBy) { return nil }
        // A claim (anyone's, a reused owner name's too) that had started sending: the server may have the write already.
        try transaction.execute("""
            UPDATE outbox SET claimed_by = ?, claimed_until = ?, sent_before = sent_before OR sending, sending = 0 WHERE id = ?
            """, [.text(owner), .real(now.timeIntervalSince1970 + lease), .integer(id)])
        return try transaction.query("SELECT * FROM outbox WHERE id = ?", [.integer(id)]).first.map { try entry($0, now: now) }
    }

    /// Says the claimed write is about to go out: if this owner dies before completing it, the next
    /// claim learns it may have been sent. The lease starts again (`lease`, as long as the request may
    /// take). False when the claim is no longer this owner's (it lapsed): then the write must not go out.
    @discardableResult
    public func markSending(_ id: Int64, owner: String, now: Date = Date(), lease: TimeInterval = Outbox.leaseDuration) throws -> Bool {
        try database.transaction { transaction in
            try transaction.execute("""
                UPDATE outbox SET sending = 1, sending_since = ?, claimed_until = ? WHERE id = ? AND claimed_by = ? AND claimed_until > ?
                """, [.real(now.timeIntervalSince1970), .real(now.timeIntervalSince1970 + lease), .integer(id), .text(owner),
                      .real(now.timeIntervalSince1970)])
            return transaction.changes > 0
        }
    }

    /// The server has the write (or refused it for good): it leaves the outbox, and `result` (a created
    /// record's id) is kept for ``result(of:)``. False when `owner` no longer holds the claim (it lapsed
    /// and another owner took the write over).
    @discardableResult
    public func complete(_ id: Int64, owner: String, result: String? = nil, now: Date = Date()) throws -> Bool {
        try database.transaction { transaction in
            try transaction.execute("DELETE FROM outbox WHERE id = ? AND claimed_by = ?", [.integer(id), .text(owner)])
            guard transaction.changes > 0 else { return false }
            if let result {
                try transaction.execute("INSERT OR REPLACE INTO outbox_results (id, result, completed_at) VALUES (?, ?, ?)",
                                        [.integer(id), .text(result), .real(now.timeIntervalSince1970)])
            }
            try transaction.execute("DELETE FROM outbox_results WHERE completed_at < ?", [.real(now.timeIntervalSince1970 - Self.resultsKept)])
            return true
        }
    }

    /// The write could not be sent now: it waits again at its place, `problem` kept. `mayHaveGoneOut`:
    /// false when it surely did not reach the server (no connection could be made), so it is not looked
    /// up there before it goes again.
    public func release(_ id: Int64, owner: String, problem: String?, mayHaveGoneOut: Bool = true) throws {
        try database.execute("""
            UPDATE outbox SET claimed_by = NULL, claimed_until = NULL, attempts = attempts + 1, last_problem = ?,
              sent_before = sent_before OR (sending AND ?), sending = 0
            WHERE id = ? AND claimed_by = ?
            """, [problem.map(SQLiteValue.text) ?? .null, .integer(mayHaveGoneOut ? 1 : 0), .integer(id), .text(owner)])
    }

    /// The server refused the claimed write for good (`problem` says why, in the caller's encoding): it
    /// stays, set aside, until ``remove(_:now:)`` — the writes after it go on. False when `owner` no
    /// longer holds the claim.
    @discardableResult
    public func setAside(_ id: Int64, owner: String, problem: String) throws -> Bool {
        try database.transaction { transaction in
            try transaction.execute("""
                UPDATE outbox SET refused = 1, last_problem = ?, claimed_by = NULL, claimed_until = NULL, sending = 0
                WHERE id = ? AND claimed_by = ?
                """, [.text(problem), .integer(id), .text(owner)])
            return transaction.changes > 0
        }
    }
}
