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
/// How the server's answer to a change is taken is decided here alone (``send(_:entry:)``), for both
/// ways a change goes: a change sent at once (``sendAtOnce(_:entry:)``) is the person's again when the
/// server answered it with an error (said, not kept), while in a pass the same answer sets it aside
/// or leaves it waiting. A delete answered 404 is done either way: the contact is gone, as asked.
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
                let result = Self.result(of: pending, made)
                // False when the claim lapsed meanwhile and another process holds the change now.
                guard (try? await outbox.perform({ [self] store in try store.complete(entry.id, owner: owner, result: result, now: now()) })) == true else { break replay }
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

    /// What a change sent at once comes to, for the person who just made it.
    enum AtOnceOutcome {
        /// The server has it: the contact as saved (nil for a delete).
        case saved(Contact?)
        /// It waits in the outbox, sent later: no answer came, a pass under way sends it in its turn,
        /// changes wait before it, or the server asked to be left alone for a while.
        case waiting
        /// The server answered it with an error the person sees now (a 422, a 404, a 500): the change
        /// is theirs again (the form's, the page's), not the outbox's.
        case failed(ContactsError)
    }

    /// Sends `pending`, just kept as entry `id`, at once when nothing waits before it. Whatever the
    /// outcome, the entry is done with: completed, taken out again, or left waiting.
    func sendAtOnce(_ pending: PendingContactWrite, entry id: Int64) async -> AtOnceOutcome {
        // The server asked to be left alone for a while: it gets the change when the wait is over.
        if await pausedUntil() != nil { return .waiting }
        // A pass over the outbox under way sends it in its turn.
        guard takeSendingTurn() else { return .waiting }
        defer { endSendingTurn() }
        // Changes go to the server in the order they were made: behind the ones waiting, if any.
        guard let entry = try? await outbox.perform({ [self] store in try store.claim(id, in: queue, owner: owner, now: now(), lease: lease) }) else {
            return .waiting
        }
        let outcome = await send(pending, entry: entry)
        switch outcome {
        case .sent(let saved):
            let result = Self.result(of: pending, saved)
            _ = try? await outbox.perform({ [self] store in try store.complete(id, owner: owner, result: result, now: now()) })
            return .saved(saved)
        case .refused(let refusal):
            _ = try? await outbox.perform({ [self] store in try store.complete(id, owner: owner, now: now()) })
            return .failed(Self.error(of: refusal))
        case .notNow(let error, let mayHaveGoneOut):
            if let error, Self.unreachable(error) == nil, error != .answeredAnotherContact {
                // "Not now, ask again later" (429 or 503 with Retry-After): the change waits until then.
                if Self.asksToWait(error), let until = await pausedUntil() {
                    try? await outbox.perform({ [self] store in try store.release(id, owner: owner, problem: nil, mayHaveGoneOut: false) })
                    try? await outbox.perform({ [self] store in try store.pause(queue, until: until) })
                    return .waiting
                }
                // The server answered (a 500, a 401): said now, not kept for later.
                _ = try? await outbox.perform({ [self] store in try store.complete(id, owner: owner, now: now()) })
                return .failed(error)
            }
            // No answer (or one that cannot be read, or another contact's): it waits, looked up first
            // when it may have gone out.
            try? await outbox.perform({ [self] store in try store.release(id, owner: owner, problem: nil, mayHaveGoneOut: mayHaveGoneOut) })
            return .waiting
        }
    }

    /// What the outbox keeps of a change sent: the id of the contact a create made.
    private static func result(of pending: PendingContactWrite, _ saved: Contact?) -> String? {
        pending.kind == .create ? saved.map { String($0.id) } : nil
    }

    /// The error a refusal was, for a change sent at once.
    private static func error(of refusal: ContactRefusal) -> ContactsError {
        switch refusal {
        case .invalid(let messages): .invalid(messages)
        case .gone: .notFound
        case .status(let code): .unavailable(.status(code: code))
        case .answeredAnotherContact: .answeredAnotherContact
        }
    }

    /// A refusal as the outbox keeps it (its problem text).
    private static func encoded(_ refusal: ContactRefusal) -> String {
        (try? JSONEncoder().encode(refusal)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// The one table of what the server's answer to a change means.
    private enum SendOutcome {
        /// The server has it (the contact as saved or found, when there is one).
        case sent(Contact?)
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
            return .sent(saved)
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
            case .found(let contact): return .sent(contact)
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
