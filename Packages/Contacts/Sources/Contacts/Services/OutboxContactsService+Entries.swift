// The outbox's entries read back as the waiting and refused changes, and where a row id leads.
import ContactsCore
import Foundation
import HTTPClient
import Storage
import Synchronization

extension OutboxContactsService {
    /// Where a row id leads: a contact of the server, a contact waiting to be created, or nowhere.
    enum Resolution {
        case server(Int)
        case waitingCreate(QueuedWrite)
        case unknown
    }

    func resolve(_ id: Int, in queued: [QueuedWrite]) async -> Resolution {
        guard id <= 0 else { return .server(id) }
        let entry = Int64(-id)
        if let write = queued.first(where: { $0.entry == entry }) { return .waitingCreate(write) }
        // Sent meanwhile: the contact the server made.
        if let made = (try? await outbox.perform({ store in try store.result(of: entry) })).flatMap({ $0 }).flatMap(Int.init) { return .server(made) }
        return .unknown
    }

    /// The waiting and refused changes, oldest first (entries that cannot be read are left out).
    func queuedWrites() async -> [QueuedWrite] {
        await decoded((try? await outbox.perform({ [self] store in try store.pending(in: queue, now: now()) })) ?? [])
    }

    /// The waiting and refused changes about the contact of row `id`, oldest first, read through the
    /// outbox's index: the create of a contact waiting to be created (`id` = `-entry`) and the changes
    /// that follow it; for a server's contact, its changes and those that followed the create that
    /// made it.
    func queuedWrites(about id: Int) async -> [QueuedWrite] {
        var entries: [Outbox.Entry] = []
        var subjects = [String(id)]
        if id <= 0 {
            if let create = try? await outbox.perform({ [self] store in try store.entry(Int64(-id), in: queue, now: now()) }) { entries.append(create) }
        } else {
            subjects += ((try? await outbox.perform({ store in try store.completed(withResult: String(id)) })) ?? []).map { String(-Int($0)) }
        }
        let about = subjects
        entries += (try? await outbox.perform({ [self] store in try store.pending(in: queue, about: about, now: now()) })) ?? []
        return await decoded(entries.sorted { $0.id < $1.id })
    }

    func decoded(_ entries: [Outbox.Entry]) async -> [QueuedWrite] {
        payloadsDecoded.add(entries.count, ordering: .relaxed)
        let decoder = JSONDecoder()
        var writes: [QueuedWrite] = []
        for entry in entries {
            guard let pending = try? decoder.decode(PendingContactWrite.self, from: entry.payload) else { continue }
            var state = ContactSyncState.waiting(pending.kind)
            if entry.isRefused {
                let refusal = entry.lastProblem.flatMap { try? decoder.decode(ContactRefusal.self, from: Data($0.utf8)) } ?? .invalid([])
                state = .refused(pending.kind, refusal)
            }
            var resolved = pending
            // A change that follows a create sent meanwhile is about the contact the server made.
            if let create = pending.madeBy, pending.contactID == nil {
                resolved.contactID = (try? await outbox.perform({ store in try store.result(of: create) })).flatMap { $0 }.flatMap(Int.init)
            }
            writes.append(QueuedWrite(entry: entry.id, pending: resolved, state: state, mayHaveBeenSent: entry.mayHaveBeenSent))
        }
        return writes
    }
}
