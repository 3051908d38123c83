import Foundation
import HTTPClient
import Storage
import Synchronization

/// A contacts server with an outbox: an add, edit, delete or favourite made while the server cannot
/// be reached is kept in `outbox.sqlite` (Storage's ``Outbox``) and answered at once as "waiting to
/// sync"; the list and the pages show those changes on the server's contacts until
/// ``performSync()`` has sent them, in the order they were made, this run or a later one.
///
/// A change that may have gone out already (no answer came, or a process died while sending it) is
/// looked up on the server before it is sent again, so the server never gets one twice. A change the
/// server refuses (422, or 404 for a contact deleted meanwhile) is set aside with its reasons for the
/// form to bring back; a refused favourite or delete, which holds nothing typed, is dropped and named.
///
/// A contact waiting to be created has the negative id `-entry`: its page, its favourite, an edit or
/// a delete change the waiting write itself while no process is sending it.
public final class OutboxContactsService: ContactsService, ContactsSyncing {
    /// The server, for everything the outbox does not answer.
    public let server: any ContactsService
    private let outbox: Outbox
    private let queue: String
    private let owner: String
    /// How long a change that may have gone out is given to land on the server before it is looked
    /// up there (a request still in flight when its process died): the requests' timeout.
    private let settle: TimeInterval
    private let now: @Sendable () -> Date
    /// The contacts whose pages were shown, as the server sent them: the base of a change made
    /// offline (what the page showed), so the row and the page can show the change meanwhile.
    private let shownContacts = Mutex<[Int: Contact]>([:])
    /// One pass over the outbox at a time in this process (other processes are kept off by the claims).
    private let syncing = Mutex(false)

    static let maximumShownContacts = 256

    public init(server: any ContactsService, outbox: Outbox, baseURL: URL, owner: String = Outbox.processOwner(),
                settle: TimeInterval = 0, now: @escaping @Sendable () -> Date = Date.init) {
        self.server = server
        self.outbox = outbox
        queue = "contacts " + baseURL.absoluteString
        self.owner = owner
        self.settle = settle
        self.now = now
    }

    // MARK: Reading: the server's contacts with the waiting changes on them

    public func obtainContacts() async throws(ContactsError) -> ContactList {
        var list = try await server.obtainContacts()
        let queued = queuedWrites()
        guard !queued.isEmpty else { return list }
        var positions: [Int: Int] = [:]
        for (position, contact) in list.contacts.enumerated() { positions[contact.id] = position }
        var hidden = Set<Int>()
        for write in queued {
            let summary = write.shownContact.summary
            guard let id = write.pending.contactID else {
                list.contacts.append(summary)
                continue
            }
            // A delete hides the row until the server says otherwise; a refused one brings it back.
            if write.pending.kind == .delete {
                if case .waiting = write.state { hidden.insert(id) }
                continue
            }
            guard let position = positions[id] else {
                // Deleted on the server meanwhile: a refused change still has its row, to be brought back or discarded.
                if case .refused = write.state { list.contacts.append(summary) }
                continue
            }
            list.contacts[position] = summary
        }
        if !hidden.isEmpty { list.contacts.removeAll { hidden.contains($0.id) } }
        return list
    }

    public func obtainContact(id: Int) async throws(ContactsError) -> Contact {
        let latest = queuedWrites().last { $0.rowID == id && $0.pending.kind != .delete }
        if id < 0 {
            guard let latest else { throw .notFound }
            return latest.shownContact
        }
        do throws(ContactsError) {
            let contact = try await server.obtainContact(id: id)
            remember(contact)
            return latest?.shownContact ?? contact
        } catch {
            // The page of a contact changed offline shows the change while the server is away.
            guard let latest, Self.queuing(error) != nil else { throw error }
            return latest.shownContact
        }
    }

    // MARK: Writing: to the server, or to the outbox when it cannot be reached

    public func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact {
        let shown = Contact(id: 0, firstName: changes.firstName ?? "", lastName: changes.lastName ?? "", email: changes.email,
                            phoneNumber: changes.phoneNumber, favorite: changes.favorite ?? false)
        let write = PendingContactWrite(kind: .create, contactID: nil, changes: changes,
                                        photoPath: changes.photo?.sourcePath ?? "", base: nil, shown: shown)
        return try await save(write) { () throws(ContactsError) in try await server.performCreate(changes) }
    }

    public func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact {
        if id < 0 { return try changeWaitingCreate(id: id, with: changes) }
        let base = await obtainBase(id: id)
        let write = PendingContactWrite(kind: PendingContactWrite.kind(ofUpdate: changes), contactID: id, changes: changes,
                                        photoPath: changes.photo?.sourcePath ?? "", base: base, shown: base.applying(changes))
        let saved = try await save(write) { () throws(ContactsError) in try await server.performUpdate(id: id, changes) }
        if saved.sync == nil { remember(saved) }
        return saved
    }

    public func performDelete(id: Int) async throws(ContactsError) {
        if id < 0 {
            // A contact not created yet: the waiting create goes, unless it is being sent this moment.
            guard let entry = queuedWrites().last(where: { $0.rowID == id }) else { throw .notFound }
            guard (try? outbox.remove(entry.entry, now: now())) == true else { throw .unavailable(.other(detail: Self.beingSent)) }
            return
        }
        let base = await obtainBase(id: id)
        let write = PendingContactWrite(kind: .delete, contactID: id, changes: ContactChanges(), base: base, shown: base)
        _ = try await save(write) { () throws(ContactsError) in
            try await server.performDelete(id: id)
            return base
        }
    }

    /// The contact a change is made to, as the person saw it: with the changes waiting before it, else
    /// as its page showed it, else as the list (the kept one, when the server is away) shows it.
    private func obtainBase(id: Int) async -> Contact {
        if let waiting = queuedWrites().last(where: { $0.rowID == id })?.pending.shown { return waiting }
        if let shown = shownContacts.withLock({ $0[id] }) { return shown }
        let summary = try? await server.obtainContacts().contacts.first { $0.id == id }
        return Contact(id: id, firstName: summary?.firstName ?? "", lastName: summary?.lastName ?? "",
                       profilePic: summary?.profilePic ?? Contact.missingPicture, favorite: summary?.favorite ?? false)
    }

    public func pictureURL(for profilePic: String) -> URL? {
        server.pictureURL(for: profilePic)
    }

    /// Sends `write` through `send` when nothing waits before it, else (or when the server cannot be
    /// reached) keeps it in the outbox; the contact as saved, or as it will be, marked waiting.
    private func save(_ write: PendingContactWrite, send: () async throws(ContactsError) -> Contact) async throws(ContactsError) -> Contact {
        // Changes go to the server in the order they were made: behind the ones waiting, if any.
        if (try? outbox.hasWaiting(in: queue)) == true { return try enqueue(write) }
        do throws(ContactsError) {
            return try await send()
        } catch {
            guard let lookFirst = Self.queuing(error) else { throw error }
            var kept = write
            kept.lookFirst = lookFirst
            return try enqueue(kept)
        }
    }

    private func enqueue(_ write: PendingContactWrite) throws(ContactsError) -> Contact {
        let entry: Int64
        do {
            entry = try outbox.enqueue(write.kind.rawValue, payload: try JSONEncoder().encode(write), in: queue, now: now())
        } catch {
            throw .unavailable(.other(detail: "The change could not be kept for later: \(error)"))
        }
        return QueuedWrite(entry: entry, pending: write, state: .waiting(write.kind)).shownContact
    }

    /// A change to a contact still waiting to be created goes into the waiting create.
    private func changeWaitingCreate(id: Int, with changes: ContactChanges) throws(ContactsError) -> Contact {
        guard let entry = queuedWrites().last(where: { $0.rowID == id }) else { throw .notFound }
        var write = entry.pending
        write.shown = write.shown.applying(changes)
        if let path = changes.photo?.sourcePath { write.photoPath = path }
        write.changes = ContactChanges(firstName: write.shown.firstName, lastName: write.shown.lastName, email: write.shown.email,
                                       phoneNumber: write.shown.phoneNumber, favorite: write.shown.favorite,
                                       photo: changes.photo ?? write.changes.photo)
        guard let payload = try? JSONEncoder().encode(write), (try? outbox.replace(entry.entry, payload: payload, now: now())) == true else {
            throw .unavailable(.other(detail: Self.beingSent))
        }
        return QueuedWrite(entry: entry.entry, pending: write, state: entry.state).shownContact
    }

    static let beingSent = "It is being sent to the server right now; try again in a moment."

    /// Whether a failed save is kept for later, and whether it may have reached the server (then
    /// it is looked up there before it is sent again); nil when the server answered (422, 404, 5xx).
    static func queuing(_ error: ContactsError) -> Bool? {
        switch error {
        case .unavailable(.noConnection), .unavailable(.invalidAddress): false
        case .unavailable(.timeout), .unavailable(.connectionLost), .noAnswer(.some): true
        default: nil
        }
    }

    private func remember(_ contact: Contact) {
        shownContacts.withLock { contacts in
            if contacts.count >= Self.maximumShownContacts { contacts.removeAll() }
            contacts[contact.id] = contact
        }
    }

    // MARK: The outbox's entries

    /// An entry of the outbox, read.
    struct QueuedWrite {
        var entry: Int64
        var pending: PendingContactWrite
        var state: ContactSyncState

        /// The id of the contact's row: the server's, or `-entry` for a contact waiting to be created.
        var rowID: Int { pending.contactID ?? -Int(entry) }

        var shownContact: Contact {
            var contact = pending.shown
            contact.id = rowID
            contact.sync = state
            return contact
        }
    }

    /// The waiting and refused changes, oldest first (entries that cannot be read are left out).
    private func queuedWrites() -> [QueuedWrite] {
        guard let entries = try? outbox.pending(in: queue, now: now()) else { return [] }
        let decoder = JSONDecoder()
        return entries.compactMap { entry in
            guard let pending = try? decoder.decode(PendingContactWrite.self, from: entry.payload) else { return nil }
            var state = ContactSyncState.waiting(pending.kind)
            if entry.isRefused {
                let refusal = entry.lastProblem.flatMap { try? decoder.decode(ContactRefusal.self, from: Data($0.utf8)) } ?? .invalid([])
                state = .refused(pending.kind, refusal)
            }
            return QueuedWrite(entry: entry.id, pending: pending, state: state)
        }
    }

    // MARK: ContactsSyncing

    public func obtainStatus() async -> ContactOutboxStatus {
        queuedWrites().reduce(into: ContactOutboxStatus()) { status, write in
            if case .refused = write.state { status.refused += 1 } else { status.waiting += 1 }
        }
    }

    public func obtainRefusedWrite(contactID: Int) async -> RefusedContactWrite? {
        guard let write = queuedWrites().last(where: { $0.rowID == contactID }), case .refused(_, let refusal) = write.state else { return nil }
        return RefusedContactWrite(entry: write.entry, write: write.pending, refusal: refusal)
    }

    public func performDiscard(_ write: RefusedContactWrite) async {
        _ = try? outbox.remove(write.entry, now: now())
    }

    public func performSync() async -> ContactSyncReport {
        guard syncing.withLock({ busy in
            defer { busy = true }
            return !busy
        }) else { return ContactSyncReport(waiting: queuedWrites().count) }
        defer { syncing.withLock { $0 = false } }
        var report = ContactSyncReport()
        replay: while let entry = try? outbox.claimNext(in: queue, owner: owner, now: now()) {
            guard let pending = try? JSONDecoder().decode(PendingContactWrite.self, from: entry.payload) else {
                // Written by another version of the app: set aside, never sent half-understood.
                _ = try? outbox.setAside(entry.id, owner: owner, problem: Self.encoded(.invalid([])))
                continue
            }
            switch await send(pending, entry: entry) {
            case .sent:
                // False when the claim lapsed meanwhile and another process holds the change now.
                guard (try? outbox.complete(entry.id, owner: owner)) == true else { break replay }
                report.sent += 1
            case .refused(let refusal) where pending.kind == .favorite || pending.kind == .delete:
                // Nothing typed to bring back: dropped, and named.
                guard (try? outbox.complete(entry.id, owner: owner)) == true else { break replay }
                report.dropped.append(DroppedContactWrite(name: pending.shown.fullName, kind: pending.kind, refusal: refusal))
            case .refused(let refusal):
                guard (try? outbox.setAside(entry.id, owner: owner, problem: Self.encoded(refusal))) == true else { break replay }
                report.refused.append(pending.shown.fullName)
            case .notNow(let error):
                try? outbox.release(entry.id, owner: owner, problem: nil)
                report.stoppedBy = error
                break replay
            }
        }
        report.waiting = queuedWrites().filter { if case .waiting = $0.state { true } else { false } }.count
        return report
    }

    /// A refusal as the outbox keeps it (its problem text).
    private static func encoded(_ refusal: ContactRefusal) -> String {
        (try? JSONEncoder().encode(refusal)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    private enum SendOutcome {
        case sent
        case refused(ContactRefusal)
        /// Not this time: the server did not answer (the error), or a change that may have gone out is
        /// given time to land first (nil).
        case notNow(ContactsError?)
    }

    /// Sends one claimed change, after looking on the server for it when it may have gone out already.
    private func send(_ pending: PendingContactWrite, entry: Outbox.Entry) async -> SendOutcome {
        if entry.mayHaveBeenSent || pending.lookFirst {
            if entry.mayHaveBeenSent, let since = entry.sendingSince, now() < since.addingTimeInterval(settle) { return .notNow(nil) }
            switch await lookUp(pending) {
            case .some(let outcome): return outcome
            case nil: break
            }
        }
        guard (try? outbox.markSending(entry.id, owner: owner, now: now())) == true else { return .notNow(nil) }
        do throws(ContactsError) {
            switch pending.kind {
            case .create: _ = try await server.performCreate(pending.changes)
            case .update, .favorite: _ = try await server.performUpdate(id: pending.contactID ?? 0, pending.changes)
            case .delete: try await server.performDelete(id: pending.contactID ?? 0)
            }
            return .sent
        } catch {
            switch error {
            case .invalid(let messages): return .refused(.invalid(messages))
            case .notFound: return pending.kind == .delete ? .sent : .refused(.gone)
            // Saved (2xx) with an answer that cannot be read.
            case .noAnswer(nil): return .sent
            case .noAnswer, .unavailable: return .notNow(error)
            }
        }
    }

    /// Whether the server has the change already: the outcome if it settles it, nil to send it.
    private func lookUp(_ pending: PendingContactWrite) async -> SendOutcome? {
        if pending.kind == .create {
            switch await server.obtainCreatedContact(pending.changes) {
            case .found: return .sent
            case .absent: return nil
            case .unknown(let error): return .notNow(error)
            }
        }
        do throws(ContactsError) {
            let contact = try await server.obtainContact(id: pending.contactID ?? 0)
            return pending.kind != .delete && contact.has(pending.changes) ? .sent : nil
        } catch {
            if error == .notFound { return pending.kind == .delete ? .sent : .refused(.gone) }
            return .notNow(error)
        }
    }
}
