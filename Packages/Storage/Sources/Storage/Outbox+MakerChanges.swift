import Foundation

// Its maker's changes: a write set aside or never sent taken out, or its payload replaced, while no one holds it.
extension Outbox {
    /// Takes out a write set aside, or a waiting one that surely never reached the server (its maker
    /// discarded or replaced it). False when it is gone already, claimed by a live owner (it may be going
    /// out now), or may have reached the server (only sending it settles that).
    @discardableResult
    public func remove(_ id: Int64, now: Date = Date()) throws -> Bool {
        try database.transaction { transaction in
            guard try Self.isUntouched(id, orRefused: true, now: now, transaction) else { return false }
            try transaction.execute("DELETE FROM outbox WHERE id = ?", [.integer(id)])
            return true
        }
    }

    /// Replaces the payload of a waiting write that surely never reached the server (a change to a
    /// record that is itself waiting to be created). False when it is gone, set aside, claimed by a live
    /// owner, or may have reached the server.
    @discardableResult
    public func replace(_ id: Int64, payload: Data, now: Date = Date()) throws -> Bool {
        try database.transaction { transaction in
            guard try Self.isUntouched(id, orRefused: false, now: now, transaction) else { return false }
            try transaction.execute("UPDATE outbox SET payload = ? WHERE id = ?", [.blob(payload), .integer(id)])
            return true
        }
    }

    /// Whether the write `id` is there, held by no live owner and never went out (or, with `orRefused`, is set aside).
    private static func isUntouched(_ id: Int64, orRefused: Bool, now: Date, _ transaction: SQLiteTransaction) throws -> Bool {
        guard let row = try transaction.query("SELECT * FROM outbox WHERE id = ?", [.integer(id)]).first else { return false }
        if try row.int("refused") == 1 { return orRefused }
        if let claimedBy = try row.string("claimed_by"), try row.double("claimed_until") ?? 0 > now.timeIntervalSince1970,
           !isDeadProcess(claimedBy) { return false }
        return try row.int("sending") == 0 && row.int("sent_before") == 0
    }
}
