import ContactsCore
import Foundation

/// What one pass over the outbox did.
public struct ContactSyncReport: Sendable, Equatable {
    /// Changes the server took this time (or was found to have already).
    public var sent = 0
    /// Changes the server refused this time, by the contact's name: they wait, marked, to be corrected.
    public var refused: [String] = []
    /// Favourites and deletes the server refused: nothing was typed, so they are dropped and only named.
    public var dropped: [DroppedContactWrite] = []
    /// Changes still waiting to go out.
    public var waiting = 0
    /// Why the pass stopped with changes waiting: the server did not answer (nil: another process is
    /// sending them, or one that may have gone out is given time to land first).
    public var stoppedBy: ContactsError?
    /// The server asked not to be sent anything before this (`Retry-After`): nothing goes until then.
    public var resumesAt: Date?

    public init(sent: Int = 0, refused: [String] = [], dropped: [DroppedContactWrite] = [], waiting: Int = 0, stoppedBy: ContactsError? = nil,
                resumesAt: Date? = nil) {
        self.sent = sent
        self.refused = refused
        self.dropped = dropped
        self.waiting = waiting
        self.stoppedBy = stoppedBy
        self.resumesAt = resumesAt
    }
}

/// A favourite or a delete the server refused, for the notice that says so.
public struct DroppedContactWrite: Sendable, Equatable {
    public var name: String
    public var kind: ContactWriteKind
    public var refusal: ContactRefusal

    public init(name: String, kind: ContactWriteKind, refusal: ContactRefusal) {
        self.name = name
        self.kind = kind
        self.refusal = refusal
    }
}

/// How many changes the outbox holds.
public struct ContactOutboxStatus: Sendable, Equatable {
    /// Changes made on another server's contacts that wait for it: they go when it is opened again.
    public struct Elsewhere: Sendable, Equatable {
        /// The server's address, as a person reads it (without a password).
        public var server: String
        /// How many changes wait to be sent to it.
        public var changes: Int

        public init(server: String, changes: Int) {
            self.server = server
            self.changes = changes
        }
    }

    public var waiting: Int
    public var refused: Int
    /// What waits for other servers, most changes first.
    public var elsewhere: [Elsewhere]

    public init(waiting: Int = 0, refused: Int = 0, elsewhere: [Elsewhere] = []) {
        self.waiting = waiting
        self.refused = refused
        self.elsewhere = elsewhere
    }
}

/// A change the server refused, as the form it reopens needs it.
public struct RefusedContactWrite: Sendable, Equatable {
    /// The outbox's entry.
    public var entry: Int64
    public var write: PendingContactWrite
    public var refusal: ContactRefusal
    /// The contact as the server has it now (an edit's), when it could be asked: the form starts from it.
    public var current: Contact?

    public init(entry: Int64, write: PendingContactWrite, refusal: ContactRefusal, current: Contact? = nil) {
        self.entry = entry
        self.write = write
        self.refusal = refusal
        self.current = current
    }

    /// The contact the form edits: as the server has it now, else as it was when the change was made.
    public var editedContact: Contact? { current ?? write.base }
}

/// The outbox of a contacts server: changes made while it could not be reached, sent in order when
/// it answers again (``OutboxContactsService``). Nil for the embedded backend, which is always there.
public protocol ContactsSyncing: Sendable {
    /// Sends the waiting changes, oldest first, until the outbox is empty or the server stops answering.
    func performSync() async -> ContactSyncReport
    func obtainStatus() async -> ContactOutboxStatus
    /// The refused change of the contact with row id `contactID`, if it has one.
    func obtainRefusedWrite(contactID: Int) async -> RefusedContactWrite?
    /// Takes a refused change out: corrected (saved again as a new change) or discarded.
    func performDiscard(_ write: RefusedContactWrite) async
}
