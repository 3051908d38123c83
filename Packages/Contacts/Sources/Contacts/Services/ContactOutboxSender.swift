import ContactsCore
import Foundation
import HTTPClient
import Storage
import Synchronization

/// Sends the contacts outbox's changes to the server in the order they were made, one at a time: in a
/// pass over the outbox (``performSync()``), or one change at once when nothing waits before it
/// (``OutboxContactsService`` takes a turn). One sender at a time in this process; other processes
/// are kept off by the outbox's claims, which lapse when their process dies.
///
/// A change that may have gone out already (no answer came, or a process died while sending it) is
/// given the requests' time to land (`settle`), then looked up on the server before it is sent
/// again, so the server never gets one twice. A change the server refuses (422, 404 for a contact
/// deleted meanwhile, another 4xx) is set aside with its reasons for the form to bring back; a
/// refused favourite or delete, which holds nothing typed, is dropped and named. A server that asks
/// to be left alone (`Retry-After` on a 429 or 503) gets nothing until then, this run and the next.
final class ContactOutboxSender: Sendable {
    let server: any ContactsService
    let outbox: Outbox
    let queue: String
    let owner: String
    /// How long a change that may have gone out is given to land on the server before it is looked up.
    let settle: TimeInterval
    /// How long a claim of this process holds: longer than any request it sends.
    let lease: TimeInterval
    let now: @Sendable () -> Date
    /// Where the server's `Retry-After` asks are noted (the app's transport fills it in).
    private let pacing: ServerPacing?
    private let baseURL: URL
    /// One sender at a time in this process, a pass over the outbox or a change sent at once (other
    /// processes are kept off by the claims; this process's own claims would not keep its tasks apart).
    private let sending = Mutex(false)

    init(server: any ContactsService, outbox: Outbox, queue: String, owner: String, settle: TimeInterval, lease: TimeInterval,
         pacing: ServerPacing?, baseURL: URL, now: @escaping @Sendable () -> Date) {
        self.server = server
        self.outbox = outbox
        self.queue = queue
        self.owner = owner
        self.settle = settle
        self.lease = lease
        self.pacing = pacing
        self.baseURL = baseURL
        self.now = now
    }

    /// The changes waiting to go out (set-aside ones do not count), counted without reading them.
    func waitingCount() async -> Int {
        (try? await outbox.perform({ [self] store in try store.counts(in: queue) }).waiting) ?? 0
    }

    func takeSendingTurn() -> Bool {
        sending.withLock { busy in
            defer { busy = true }
            return !busy
        }
    }

    func endSendingTurn() {
        sending.withLock { $0 = false }
    }

    /// Until when the server asked not to be sent anything (`Retry-After` on a 429 or 503, noted by
    /// ``ServerPacing`` from any request and kept in the outbox across runs, never more than
    /// ``ServerPacing/longestWait`` from now, whatever the clock did); nil when it did not, or the wait is over.
    func pausedUntil() async -> Date? {
        let now = now()
        if let asked = pacing?.notBefore(baseURL, now: now) { try? await outbox.perform({ [self] store in try store.pause(queue, until: asked) }) }
        return (try? await outbox.perform({ [self] store in try store.pausedUntil(queue, now: now) })).flatMap { $0 }.map { min($0, now.addingTimeInterval(ServerPacing.longestWait)) }
    }

    /// A 429 or a 503: the server's "not now" (it says until when with `Retry-After`).
    static func asksToWait(_ error: ContactsError) -> Bool {
        if case .unavailable(.status(let code)) = error { return code == 429 || code == 503 }
        return false
    }

    func performSync() async -> ContactSyncReport {
        if let until = await pausedUntil() { return ContactSyncReport(waiting: await waitingCount(), resumesAt: until) }
        guard takeSendingTurn() else { return ContactSyncReport(waiting: await waitingCount()) }
        defer { endSendingTurn() }
        var report = ContactSyncReport()
        replay: while let entry = try? await outbox.perform({ [self] store in try store.claimNext(in: queue, owner: owner, now: now(), lease: lease) }) {
            guard var pending = try? JSONDecoder().decode(PendingContactWrite.self, from: entry.payload) else {
                // Written by a newer version of the app: it waits for that version, never sent half-understood.
                try? await outbox.perform({ [self] store in try store.release(entry.id, owner: owner, problem: nil) })
                break replay
            }
            if let create = pending.madeBy, pending.contactID == nil {
                // The contact its create made; none when that create was refused or discarded.
                pending.contactID = (try? await outbox.perform({ store in try store.result(of: create) })).flatMap { $0 }.flatMap(Int.init) ?? 0
            }
            switch await send(pending, entry: entry) {
            case .sent(let made):
                // False when the claim lapsed meanwhile and another process holds the change now.
                guard (try? await outbox.perform({ [self] store in try store.complete(entry.id, owner: owner, result: made.map(String.init), now: now()) })) == true else { break replay }
                report.sent += 1
            case .refused(let refusal) where pending.kind == .favorite || pending.kind == .delete:
                // Nothing typed to bring back: dropped, and named.
                guard (try? await outbox.perform({ [self] store in try store.complete(entry.id, owner: owner, now: now()) })) == true else { break replay }
                report.dropped.append(DroppedContactWrite(name: pending.shown.fullName, kind: pending.kind, refusal: refusal))
            case .refused(let refusal):
                guard (try? await outbox.perform({ [self] store in try store.setAside(entry.id, owner: owner, problem: Self.encoded(refusal)) })) == true else { break replay }
                report.refused.append(pending.shown.fullName)
            case .notNow(let error, let mayHaveGoneOut):
                try? await outbox.perform({ [self] store in try store.release(entry.id, owner: owner, problem: nil, mayHaveGoneOut: mayHaveGoneOut) })
                report.stoppedBy = error
                // A 429 or 503 that said how long to wait: kept (by pausedUntil), so that the next run waits too.
                report.resumesAt = await pausedUntil()
                break replay
            }
        }
        report.waiting = await waitingCount()
        return report
    }

    /// A refusal as the outbox keeps it (its problem text).
    private static func encoded(_ refusal: ContactRefusal) -> String {
        (try? JSONEncoder().encode(refusal)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private enum SendOutcome {
        /// The server has it (the id of the contact a create made, when known).
        case sent(Int?)
        case refused(ContactRefusal)
        /// Not this time: the server did not answer (the error; nil while a change that may have gone
        /// out is given time to land), and whether this attempt may have reached it.
        case notNow(ContactsError?, mayHaveGoneOut: Bool)
    }

    /// Sends one claimed change, after looking on the server for it when it may have gone out already.
    private func send(_ pending: PendingContactWrite, entry: Outbox.Entry) async -> SendOutcome {
        // A change to a contact whose create never made it (refused, discarded): nothing to send it to.
        if pending.madeBy != nil, pending.contactID == 0 { return .refused(.gone) }
        if entry.mayHaveBeenSent || pending.lookFirst {
            if let since = entry.sendingSince, now() < since.addingTimeInterval(settle) { return .notNow(nil, mayHaveGoneOut: true) }
            if let outcome = await lookUp(pending) { return outcome }
        }
        guard (try? await outbox.perform({ [self] store in try store.markSending(entry.id, owner: owner, now: now(), lease: lease) })) == true else { return .notNow(nil, mayHaveGoneOut: false) }
        do throws(ContactsError) {
            var saved: Contact?
            switch pending.kind {
            case .create: saved = try await server.performCreate(pending.changes)
            case .update, .favorite: saved = try await server.performUpdate(id: pending.contactID ?? 0, pending.changes)
            case .delete: try await server.performDelete(id: pending.contactID ?? 0)
            }
            if let saved, !Self.answerMatches(saved, pending) {
                // Answered with another contact: the change waits and is looked up first next time. Again
                // after a look-up that did not find it, the person decides: sending it once more could make
                // yet another contact on the server.
                if entry.mayHaveBeenSent || pending.lookFirst { return .refused(.answeredAnotherContact) }
                return .notNow(.answeredAnotherContact, mayHaveGoneOut: true)
            }
            return .sent(pending.kind == .create ? saved?.id : nil)
        } catch {
            switch error {
            case .invalid(let messages): return .refused(.invalid(messages))
            case .notFound: return pending.kind == .delete ? .sent(nil) : .refused(.gone)
            case .unavailable(.status(let code)) where Self.isFinal(code): return .refused(.status(code))
            default: return .notNow(error == .noAnswer(nil) ? nil : error, mayHaveGoneOut: Self.unreachable(error) ?? true)
            }
        }
    }

    /// Whether the server has the change already: the outcome if that settles it, nil to send it.
    private func lookUp(_ pending: PendingContactWrite) async -> SendOutcome? {
        if pending.kind == .create {
            switch await server.obtainCreatedContact(pending.changes, newerThan: pending.newerThan) {
            case .found(let contact): return .sent(contact.id)
            case .absent: return nil
            case .unknown(let error): return .notNow(error, mayHaveGoneOut: false)
            }
        }
        do throws(ContactsError) {
            let contact = try await server.obtainContact(id: pending.contactID ?? 0)
            return pending.kind != .delete && contact.has(pending.changes, madeTo: pending.base) ? .sent(nil) : nil
        } catch {
            if error == .notFound { return pending.kind == .delete ? .sent(nil) : .refused(.gone) }
            return .notNow(error, mayHaveGoneOut: false)
        }
    }

    // MARK: Answers

    /// Whether the server's answer to a create or an edit is the contact the change was made to: an
    /// edit's answer has its id, and either answer the names sent (trimmed, in any case: a server may
    /// tidy an email or a phone number, never turn one person into another). A 201 or a 200 that names
    /// another contact is not taken for it, and later changes never go to that one.
    static func answerMatches(_ saved: Contact, _ write: PendingContactWrite) -> Bool {
        let same = { (sent: String?, answered: String) in
            sent.map { $0.trimmingCharacters(in: .whitespaces).lowercased() == answered.trimmingCharacters(in: .whitespaces).lowercased() } ?? true
        }
        let names = same(write.changes.firstName, saved.firstName) && same(write.changes.lastName, saved.lastName)
        switch write.kind {
        case .create: return names
        case .update, .favorite: return saved.id == write.contactID && names
        case .delete: return true
        }
    }

    /// Whether a failed request means the server could not be reached (the change waits), and whether
    /// the request may have reached it; nil when the server answered (422, 404, 5xx).
    static func unreachable(_ error: ContactsError) -> Bool? {
        switch error {
        case .unavailable(.noConnection), .unavailable(.invalidAddress): false
        case .unavailable(.timeout), .unavailable(.connectionLost), .unavailable(.cancelled), .noAnswer(.some): true
        default: nil
        }
    }

    /// Whether a 4xx answer is for good: sending the same change again gets the same answer.
    static func isFinal(_ code: Int) -> Bool {
        // Not a timeout, a rate limit or a login problem: those pass.
        (400..<500).contains(code) && ![401, 403, 408, 429].contains(code)
    }
}
