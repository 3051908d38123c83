import ContactsCore
import Foundation

/// An entry of the outbox, read: a change waiting for the server, or one it refused.
struct QueuedWrite {
    var entry: Int64
    var pending: PendingContactWrite
    var state: ContactSyncState
    var mayHaveBeenSent: Bool

    /// The id of the contact's row: the server's, or `-entry` for a contact waiting to be created.
    var rowID: Int { pending.contactID ?? -Int(pending.madeBy ?? entry) }

    var shownContact: Contact {
        var contact = pending.shown
        contact.id = rowID
        contact.sync = state
        return contact
    }
}

/// The outbox's changes laid over the server's contacts: what the list and the pages show while the
/// changes wait. Pure values (no store, no network), so every rule is tested on its own:
/// - a waiting change is applied and marked; a refused one only marked, and its mark stays over the
///   waiting ones after it (it needs the person);
/// - a contact waiting to be created is a row of its own (`-entry`); a waiting delete hides its row;
/// - a refused edit of a contact deleted on the server meanwhile keeps its row, to be brought back
///   or discarded.
enum ContactOutboxOverlay {
    /// The server's `list` with `writes` (oldest first) laid over it.
    static func laying(_ writes: [QueuedWrite], over list: ContactList) -> ContactList {
        guard !writes.isEmpty else { return list }
        var list = list
        var positions: [Int: Int] = [:]
        for (position, contact) in list.contacts.enumerated() { positions[contact.id] = position }
        var hidden = Set<Int>()
        for write in writes {
            if write.pending.kind == .create {
                positions[write.rowID] = list.contacts.count
                list.contacts.append(write.shownContact.summary)
                continue
            }
            let id = write.rowID
            guard let position = positions[id] else {
                if case .refused = write.state, write.pending.kind == .update { list.contacts.append(write.shownContact.summary) }
                continue
            }
            if write.pending.kind == .delete, case .waiting = write.state { hidden.insert(id) }
            list.contacts[position] = laying(write, over: list.contacts[position])
        }
        if !hidden.isEmpty { list.contacts.removeAll { hidden.contains($0.id) } }
        return list
    }

    /// `contact`'s page with `writes` (oldest first) laid over it.
    static func laying(_ writes: [QueuedWrite], over contact: Contact) -> Contact {
        writes.reduce(contact) { contact, write in
            var contact = contact
            if case .waiting = write.state { contact = contact.applying(write.pending.changes) }
            if case .refused? = contact.sync {} else { contact.sync = write.state }
            return contact
        }
    }

    private static func laying(_ write: QueuedWrite, over summary: ContactSummary) -> ContactSummary {
        var summary = summary
        if case .waiting = write.state {
            let changes = write.pending.changes
            if let value = changes.firstName { summary.firstName = value }
            if let value = changes.lastName { summary.lastName = value }
            if let value = changes.favorite { summary.favorite = value }
        }
        if case .refused? = summary.sync {} else { summary.sync = write.state }
        return summary
    }
}
