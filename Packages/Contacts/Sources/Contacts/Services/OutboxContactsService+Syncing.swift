// ContactsSyncing: the outbox's counts, a refused change for the form, and a pass over what waits.
import ContactsCore
import Foundation
import HTTPClient
import Storage
import Synchronization

extension OutboxContactsService {
    public func obtainStatus() async -> ContactOutboxStatus {
        let counts = (try? await outbox.perform({ [self] store in try store.counts(in: queue) })) ?? (waiting: 0, refused: 0)
        var elsewhere: [ContactOutboxStatus.Elsewhere] = []
        // Those that go when that server is opened again; one it refused waits for its person there.
        for (other, waiting, _) in (try? await outbox.perform({ store in try store.queues() })) ?? [] where other != queue && other.hasPrefix(Self.queuePrefix) && waiting > 0 {
            let address = String(other.dropFirst(Self.queuePrefix.count))
            // Shown without the account's name: a list on screen is no place for it.
            let shown = URL(string: address).map(URLDisplay.redacted) ?? URLDisplay.redacted(text: address)
            elsewhere.append(.init(server: shown, changes: waiting))
        }
        elsewhere.sort { ($0.changes, $1.server) > ($1.changes, $0.server) }
        return ContactOutboxStatus(waiting: counts.waiting, refused: counts.refused, elsewhere: elsewhere)
    }

    public func obtainRefusedWrite(contactID: Int) async -> RefusedContactWrite? {
        guard let write = await queuedWrites(about: contactID).last(where: { $0.rowID == contactID && { if case .refused = $0 { true } else { false } }($0.state) }),
              case .refused(_, let refusal) = write.state else { return nil }
        var current: Contact?
        if write.pending.kind == .update, refusal != .gone, let id = write.pending.contactID {
            current = try? await server.obtainContact(id: id)
        }
        return RefusedContactWrite(entry: write.entry, write: write.pending, refusal: refusal, current: current)
    }

    public func performDiscard(_ write: RefusedContactWrite) async {
        _ = try? await outbox.perform({ [self] store in try store.remove(write.entry, now: now()) })
    }

    public func performSync() async -> ContactSyncReport { await sender.performSync() }
}
