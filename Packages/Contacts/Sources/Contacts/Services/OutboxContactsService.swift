import ContactsCore
import Foundation
import HTTPClient
import Storage
import Synchronization

/// A contacts server with an outbox: every add, edit, delete or favourite is written to
/// `outbox.sqlite` (Storage's ``Outbox``) before it is sent, and sent at once when nothing waits
/// before it. When the server cannot be reached it stays there and is answered as "waiting to
/// sync"; the list and the pages show the waiting changes on the server's contacts until
/// ``performSync()`` has sent them, in the order they were made, this run or a later one. A process
/// killed while sending leaves the change in the outbox.
///
/// The changes are sent by its ``ContactOutboxSender`` (in order, looked up first when they may have
/// gone out, refusals set aside), and the list and the pages show them through
/// ``ContactOutboxOverlay`` (pure values) while they wait.
///
/// A contact waiting to be created has the negative id `-entry`: its page, its favourite, an edit or
/// a delete change the waiting write itself while it surely has not reached the server; once sent,
/// the id leads to the contact the server made.
///
/// The outbox is read and written on its own queue (``SQLiteStore/perform(_:)``), awaited: a write
/// that waits for another process's (up to the busy timeout) never holds a thread of the cooperative
/// pool. Only the one-time renaming at construction reads it directly.
public final class OutboxContactsService: ContactsService, ContactsSyncing {
    /// Sends the changes: a pass over the outbox, or one at once. It holds the server, the outbox,
    /// this server's queue in it, this process's name for its claims, their lease and the clock.
    let sender: ContactOutboxSender
    /// The server, for everything the outbox does not answer.
    public var server: any ContactsService { sender.server }
    private var outbox: Outbox { sender.outbox }
    private var queue: String { sender.queue }
    private var now: @Sendable () -> Date { sender.now }
    /// The contacts whose pages were shown, as the server sent them: the base of a change made
    /// offline (what the page showed), so the row and the page can show the change meanwhile.
    private let shownContacts = Mutex<[Int: Contact]>([:])
    /// The highest id of the server's last list: a contact created later has a higher one.
    private let newestKnownID = Mutex<Int?>(nil)
    /// How many outbox entries were decoded: a change must cost the same whatever else waits (its tests count).
    let payloadsDecoded = Atomic<Int>(0)

    static let maximumShownContacts = 256

    /// `settle`: how long a change that may have gone out is given to land on the server before it is
    /// looked up there: the requests' timeout or more (the app passes twice `--timeout`). `pacing`: the
    /// `Retry-After` asks of the transport under `server` (changes wait that long, this run and the next).
    public init(server: any ContactsService, outbox: Outbox, baseURL: URL, owner: String = Outbox.processOwner(),
                settle: TimeInterval = 0, pacing: ServerPacing? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        // A claim holds longer than any request it sends.
        sender = ContactOutboxSender(server: server, outbox: outbox, queue: Self.queue(for: baseURL), owner: owner, settle: settle,
                                     lease: max(Outbox.leaseDuration, settle + 60), pacing: pacing, baseURL: baseURL, now: now)
        adoptOtherSpellings()
        nameSubjects()
    }

    /// The outbox's queue for the server at `baseURL`: one for every spelling of its address
    /// (``StoreKey``), and without the password it may carry.
    static func queue(for baseURL: URL) -> String {
        queuePrefix + StoreKey.of(baseURL)
    }

    static let queuePrefix = "contacts "

    /// Every queue is named as ``queue(for:)`` names it: an older version keyed them by the address as
    /// typed (`…:18081/`, `LOCALHOST`, a password in it), so changes queued under another spelling of
    /// this server's address join this queue, each at its place, and no queue name keeps a password.
    private func adoptOtherSpellings() {
        for (other, _, _) in (try? outbox.queues()) ?? [] where other.hasPrefix(Self.queuePrefix) {
            guard let url = URL(string: String(other.dropFirst(Self.queuePrefix.count))) else { continue }
            let named = Self.queue(for: url)
            if named != other { try? outbox.moveQueue(other, to: named) }
        }
    }

    /// Changes kept before the outbox named what each is about are named once, so that a change
    /// reads only the changes about its own contact (``await queuedWrites(about:)``).
    private func nameSubjects() {
        let decoder = JSONDecoder()
        for entry in (try? outbox.entriesWithoutSubject(in: queue, now: now())) ?? [] {
            guard let pending = try? decoder.decode(PendingContactWrite.self, from: entry.payload) else { continue }
            try? outbox.setSubject(Self.subject(of: pending), of: entry.id)
        }
    }

    /// What a change is about, as the outbox indexes it: the row id of its contact (a server's id, or
    /// `-entry` of the create it follows); a create is found by its own entry.
    static func subject(of write: PendingContactWrite) -> String {
        if let id = write.contactID { return String(id) }
        if let create = write.madeBy { return String(-Int(create)) }
        return "new"
    }

    // MARK: Reading: the server's contacts with the waiting changes on them

    public func obtainContacts() async throws(ContactsError) -> ContactList {
        var list = try await server.obtainContacts()
        // Ids below 1 are the outbox's own rows' (contacts waiting to be created).
        if list.contacts.contains(where: { $0.id <= 0 }) {
            for contact in list.contacts where contact.id <= 0 {
                list.skipped.append(SkippedContact(position: 0, reason: "id \(contact.id) is not a positive number"))
            }
            list.contacts.removeAll { $0.id <= 0 }
        }
        if list.storedAt == nil, let newest = list.contacts.map(\.id).max() { newestKnownID.withLock { $0 = newest } }
        return ContactOutboxOverlay.laying(await queuedWrites(), over: list)
    }

    public func obtainContact(id: Int) async throws(ContactsError) -> Contact {
        let serverID: Int
        // The changes about this contact only: a page costs the same however many others wait.
        let queued = await queuedWrites(about: id)
        switch await resolve(id, in: queued) {
        case .waitingCreate(let create):
            // With the changes made to it since, where they could not go into the create itself.
            return ContactOutboxOverlay.laying(queued.filter { $0.rowID == create.rowID && $0.entry != create.entry }, over: create.shownContact)
        case .unknown: throw .notFound
        case .server(let resolved): serverID = resolved
        }
        let writes = (serverID == id ? queued : await queuedWrites(about: serverID)).filter { $0.rowID == serverID }
        do throws(ContactsError) {
            let contact = try await server.obtainContact(id: serverID)
            remember(contact)
            return ContactOutboxOverlay.laying(writes, over: contact)
        } catch {
            // The page of a contact changed here shows the change while the server is away.
            guard ContactOutboxSender.unreachable(error) != nil, let last = writes.last else { throw error }
            let base = shownContacts.withLock { $0[serverID] } ?? last.pending.base ?? last.pending.shown
            return ContactOutboxOverlay.laying(writes, over: base)
        }
    }

    // MARK: Writing: through the outbox, sent at once when nothing waits before it

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
    private func save(_ write: PendingContactWrite) async throws(ContactsError) -> Contact {
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

    private func enqueue(_ write: PendingContactWrite) async throws(ContactsError) -> Int64 {
        do {
            return try await outbox.perform({ [self] store in try store.enqueue(write.kind.rawValue, payload: try JSONEncoder().encode(write), in: queue, subject: Self.subject(of: write),
                                      now: now()) })
        } catch {
            throw .notKept(detail: "\(error)")
        }
    }

    /// A change to a contact still waiting to be created goes into the waiting create; nil when it
    /// cannot (it may have reached the server, or is on its way).
    private func changeWaitingCreate(_ create: QueuedWrite, with changes: ContactChanges, queued all: [QueuedWrite]) async throws(ContactsError) -> Contact? {
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
    private func joiningWaitingFavorite(_ write: PendingContactWrite, in queued: [QueuedWrite]) async -> Contact? {
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
    private func following(_ create: QueuedWrite, with write: PendingContactWrite) async throws(ContactsError) -> Contact {
        let entry = try await enqueue(write)
        var contact = QueuedWrite(entry: entry, pending: write, state: .waiting(write.kind), mayHaveBeenSent: false).shownContact
        contact.id = create.rowID
        return contact
    }

    private func remember(_ contact: Contact) {
        shownContacts.withLock { contacts in
            if contacts.count >= Self.maximumShownContacts { contacts.removeAll() }
            contacts[contact.id] = contact
        }
    }

    /// The contact a change is made to, as the person saw it: as its page showed it (else as the list
    /// shows it, the kept one when the server is away), with the changes waiting before it.
    private func obtainBase(id: Int, queued: [QueuedWrite]) async -> Contact {
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

    // MARK: The outbox's entries

    /// Where a row id leads: a contact of the server, a contact waiting to be created, or nowhere.
    private enum Resolution {
        case server(Int)
        case waitingCreate(QueuedWrite)
        case unknown
    }

    private func resolve(_ id: Int, in queued: [QueuedWrite]) async -> Resolution {
        guard id <= 0 else { return .server(id) }
        let entry = Int64(-id)
        if let write = queued.first(where: { $0.entry == entry }) { return .waitingCreate(write) }
        // Sent meanwhile: the contact the server made.
        if let made = (try? await outbox.perform({ store in try store.result(of: entry) })).flatMap({ $0 }).flatMap(Int.init) { return .server(made) }
        return .unknown
    }

    /// The waiting and refused changes, oldest first (entries that cannot be read are left out).
    private func queuedWrites() async -> [QueuedWrite] {
        await decoded((try? await outbox.perform({ [self] store in try store.pending(in: queue, now: now()) })) ?? [])
    }

    /// The waiting and refused changes about the contact of row `id`, oldest first, read through the
    /// outbox's index: the create of a contact waiting to be created (`id` = `-entry`) and the changes
    /// that follow it; for a server's contact, its changes and those that followed the create that
    /// made it.
    private func queuedWrites(about id: Int) async -> [QueuedWrite] {
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

    private func decoded(_ entries: [Outbox.Entry]) async -> [QueuedWrite] {
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

    // MARK: ContactsSyncing

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
