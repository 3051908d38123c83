// Writing a contact through the outbox: each change kept first, sent at once when nothing waits before it.
import ContactsCore
import Foundation
import HTTPClient
import Storage
import Synchronization

extension OutboxContactsService {
    public func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact {
        let shown = Contact(id: 0, firstName: changes.firstName ?? "", lastName: changes.lastName ?? "", email: changes.email,
                            phoneNumber: changes.phoneNumber, favorite: changes.favorite ?? false)
        let write = PendingContactWrite(kind: .create, contactID: nil, changes: changes, photoPath: changes.photo?.sourcePath ?? "",
                                        base: nil, shown: shown, newerThan: newestKnownID.withLock { $0 })
        return try await save(write)
    }

    public func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact {
        let serverID: Int
        let queued = await queuedWrites(about: id)
        switch await resolve(id, in: queued) {
        case .waitingCreate(let create):
            if let changed = try await changeWaitingCreate(create, with: changes, queued: queued) { return changed }
            // It may have reached the server: the change follows it, to the contact it made.
            let base = try await obtainContact(id: create.rowID)
            let write = PendingContactWrite(kind: PendingContactWrite.kind(ofUpdate: changes), contactID: nil, changes: changes,
                                            photoPath: changes.photo?.sourcePath ?? "", base: base, shown: base.applying(changes),
                                            madeBy: create.entry)
            return try await following(create, with: write)
        case .unknown: throw .notFound
        case .server(let resolved): serverID = resolved
        }
        let about = serverID == id ? queued : await queuedWrites(about: serverID)
        let base = await obtainBase(id: serverID, queued: about)
        let write = PendingContactWrite(kind: PendingContactWrite.kind(ofUpdate: changes), contactID: serverID, changes: changes,
                                        photoPath: changes.photo?.sourcePath ?? "", base: base, shown: base.applying(changes))
        if let joined = await joiningWaitingFavorite(write, in: about) { return joined }
        return try await save(write)
    }

    public func performDelete(id: Int) async throws(ContactsError) {
        let serverID: Int
        let queued = await queuedWrites(about: id)
        switch await resolve(id, in: queued) {
        case .waitingCreate(let create):
            // A contact not created yet: the waiting create goes, unless it may have reached the server;
            // then the delete follows it, to the contact it made.
            guard case .waiting = create.state else { throw .refusedWhileWaiting }
            if (try? await outbox.perform({ [self] store in try store.remove(create.entry, now: now()) })) == true { return }
            let base = try await obtainContact(id: create.rowID)
            _ = try await following(create, with: PendingContactWrite(kind: .delete, contactID: nil, changes: ContactChanges(), base: base,
                                                                shown: base, madeBy: create.entry))
            return
        case .unknown: throw .notFound
        case .server(let resolved): serverID = resolved
        }
        let base = await obtainBase(id: serverID, queued: serverID == id ? queued : await queuedWrites(about: serverID))
        let write = PendingContactWrite(kind: .delete, contactID: serverID, changes: ContactChanges(), base: base, shown: base)
        _ = try await save(write)
    }

    public func pictureURL(for profilePic: String) -> URL? {
        server.pictureURL(for: profilePic)
    }

    /// Keeps `write` in the outbox, then has the sender send it at once when nothing waits before it
    /// (``ContactOutboxSender/sendAtOnce(_:entry:)``, which decides what the answer means): the contact
    /// as saved, or as it will be and marked waiting. A process killed meanwhile leaves it there,
    /// marked as possibly sent. An answer that is an error (422, 404, 5xx) takes it out again and is thrown.
    func save(_ write: PendingContactWrite) async throws(ContactsError) -> Contact {
        let entry = try await enqueue(write)
        switch await sender.sendAtOnce(write, entry: entry) {
        case .saved(let saved?):
            if write.kind != .delete { remember(saved) }
            return saved
        case .saved(nil):
            return write.shown
        case .waiting:
            return QueuedWrite(entry: entry, pending: write, state: .waiting(write.kind), mayHaveBeenSent: false).shownContact
        case .failed(let error):
            throw error
        }
    }

    func enqueue(_ write: PendingContactWrite) async throws(ContactsError) -> Int64 {
        do {
            return try await outbox.perform({ [self] store in try store.enqueue(write.kind.rawValue, payload: try JSONEncoder().encode(write), in: queue, subject: Self.subject(of: write),
                                      now: now()) })
        } catch {
            throw .notKept(detail: "\(error)")
        }
    }

    /// A change to a contact still waiting to be created goes into the waiting create; nil when it
    /// cannot (it may have reached the server, or is on its way).
    func changeWaitingCreate(_ create: QueuedWrite, with changes: ContactChanges, queued all: [QueuedWrite]) async throws(ContactsError) -> Contact? {
        let queued = create
        guard case .waiting = queued.state else { throw .refusedWhileWaiting }
        // A change already follows it: this one goes behind, in order.
        if all.contains(where: { $0.pending.madeBy == queued.entry }) { return nil }
        var write = queued.pending
        write.shown = write.shown.applying(changes)
        if let path = changes.photo?.sourcePath { write.photoPath = path }
        write.changes = ContactChanges(firstName: write.shown.firstName, lastName: write.shown.lastName, email: write.shown.email,
                                       phoneNumber: write.shown.phoneNumber, favorite: write.shown.favorite,
                                       photo: changes.photo ?? write.changes.photo)
        // One that may have reached the server is settled by sending it first (looked up, then sent or not).
        guard let payload = try? JSONEncoder().encode(write), (try? await outbox.perform({ [self] store in try store.replace(queued.entry, payload: payload, now: now()) })) == true else {
            return nil
        }
        return QueuedWrite(entry: queued.entry, pending: write, state: queued.state, mayHaveBeenSent: false).shownContact
    }

    /// A favourite toggled while the contact's last change is a favourite still waiting (and surely
    /// never sent) replaces it: the server gets the last state once, and a contact toggled a thousand
    /// times offline has one change waiting, not a thousand to read at every toggle. Edits are not
    /// joined: each is taken or refused by the server on its own, and a refused one must not take
    /// another down with it. Nil when it cannot; the change is then queued behind.
    func joiningWaitingFavorite(_ write: PendingContactWrite, in queued: [QueuedWrite]) async -> Contact? {
        guard write.kind == .favorite, let last = queued.last, last.pending.kind == .favorite, last.pending.contactID == write.contactID,
              case .waiting = last.state, !last.mayHaveBeenSent else { return nil }
        var joined = last.pending
        joined.changes = write.changes
        joined.shown = write.shown
        guard let payload = try? JSONEncoder().encode(joined), (try? await outbox.perform({ [self] store in try store.replace(last.entry, payload: payload, now: now()) })) == true else { return nil }
        return QueuedWrite(entry: last.entry, pending: joined, state: .waiting(.favorite), mayHaveBeenSent: false).shownContact
    }

    /// Keeps `write`, a change to the contact `create` makes, for after it: never sent at once (the
    /// create goes first). The contact as it will be, marked waiting.
    func following(_ create: QueuedWrite, with write: PendingContactWrite) async throws(ContactsError) -> Contact {
        let entry = try await enqueue(write)
        var contact = QueuedWrite(entry: entry, pending: write, state: .waiting(write.kind), mayHaveBeenSent: false).shownContact
        contact.id = create.rowID
        return contact
    }

    func remember(_ contact: Contact) {
        shownContacts.withLock { contacts in
            if contacts.count >= Self.maximumShownContacts { contacts.removeAll() }
            contacts[contact.id] = contact
        }
    }

    /// The contact a change is made to, as the person saw it: as its page showed it (else as the list
    /// shows it, the kept one when the server is away), with the changes waiting before it.
    func obtainBase(id: Int, queued: [QueuedWrite]) async -> Contact {
        var base: Contact
        if let shown = shownContacts.withLock({ $0[id] }) {
            base = shown
        } else {
            let summary = try? await server.obtainContacts().contacts.first { $0.id == id }
            base = Contact(id: id, firstName: summary?.firstName ?? "", lastName: summary?.lastName ?? "",
                           profilePic: summary?.profilePic ?? Contact.missingPicture, favorite: summary?.favorite ?? false)
        }
        for write in queued where write.rowID == id {
            if case .waiting = write.state { base = base.applying(write.pending.changes) }
        }
        base.sync = nil
        return base
    }
}
