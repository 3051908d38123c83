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
///
/// Its jobs, a file each: reading (here), bringing an older outbox up to date (`+Migrations`),
/// writing through the outbox (`+Writing`), reading the entries back (`+Entries`) and syncing (`+Syncing`).
public final class OutboxContactsService: ContactsService, ContactsSyncing {
    /// Sends the changes: a pass over the outbox, or one at once. It holds the server, the outbox,
    /// this server's queue in it, this process's name for its claims, their lease and the clock.
    let sender: ContactOutboxSender
    /// The server, for everything the outbox does not answer.
    public var server: any ContactsService { sender.server }
    var outbox: Outbox { sender.outbox }
    var queue: String { sender.queue }
    var now: @Sendable () -> Date { sender.now }
    /// The contacts whose pages were shown, as the server sent them: the base of a change made
    /// offline (what the page showed), so the row and the page can show the change meanwhile.
    let shownContacts = Mutex<[Int: Contact]>([:])
    /// The highest id of the server's last list: a contact created later has a higher one.
    let newestKnownID = Mutex<Int?>(nil)
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

}
