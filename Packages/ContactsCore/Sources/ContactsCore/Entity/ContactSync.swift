import Foundation

/// What a change made while the server could not be reached does to a contact.
public enum ContactWriteKind: String, Sendable, Hashable, Codable {
    case create, update, favorite, delete
}

/// Why the server refused a change it was sent later.
public enum ContactRefusal: Sendable, Hashable, Codable {
    /// Its 422 messages ("Email is invalid"), the only text that comes from outside.
    case invalid([String])
    /// The contact was deleted on the server meanwhile (404).
    case gone
    /// Another answer that sending again cannot change (400, 413…): its status.
    case status(Int)
    /// The server answered with another contact than the one sent, again after a look-up that did not
    /// find the change: sending it once more could make yet another contact, so the person decides.
    case answeredAnotherContact
}

/// A contact's change the server does not have yet: what its row and its page say.
public enum ContactSyncState: Sendable, Hashable {
    /// Kept in the outbox, sent in order when the server answers again.
    case waiting(ContactWriteKind)
    /// Sent, and refused: it stays, for the person who made it to correct or discard.
    case refused(ContactWriteKind, ContactRefusal)
}
