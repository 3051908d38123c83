// The outbox as older versions left it, brought up to date once when the service starts: queue names, subjects.
import ContactsCore
import Foundation
import HTTPClient
import Storage
import Synchronization

extension OutboxContactsService {
    /// Every queue is named as ``queue(for:)`` names it: an older version keyed them by the address as
    /// typed (`…:18081/`, `LOCALHOST`, a password in it), so changes queued under another spelling of
    /// this server's address join this queue, each at its place, and no queue name keeps a password.
    func adoptOtherSpellings() {
        for (other, _, _) in (try? outbox.queues()) ?? [] where other.hasPrefix(Self.queuePrefix) {
            guard let url = URL(string: String(other.dropFirst(Self.queuePrefix.count))) else { continue }
            let named = Self.queue(for: url)
            if named != other { try? outbox.moveQueue(other, to: named) }
        }
    }

    /// Changes kept before the outbox named what each is about are named once, so that a change
    /// reads only the changes about its own contact (``await queuedWrites(about:)``).
    func nameSubjects() {
        let decoder = JSONDecoder()
        for entry in (try? outbox.entriesWithoutSubject(in: queue, now: now())) ?? [] {
            guard let pending = try? decoder.decode(PendingContactWrite.self, from: entry.payload) else { continue }
            try? outbox.setSubject(Self.subject(of: pending), of: entry.id)
        }
    }
}
