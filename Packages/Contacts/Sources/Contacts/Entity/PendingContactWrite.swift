import ContactsCore
import Foundation

/// A change kept in the outbox while the server cannot be reached: what to send, and what the
/// row and the page show until it is sent.
public struct PendingContactWrite: Sendable, Hashable, Codable {
    public var kind: ContactWriteKind
    /// The server's id of the contact; nil for a create.
    public var contactID: Int?
    /// What is sent: the changed fields (all of them for a create), the favourite, the photo's bytes.
    public var changes: ContactChanges
    /// The photo's path as typed, so that a refused create comes back to the form as it was typed.
    public var photoPath: String
    /// The contact before the change (an update, a favourite, a delete), for the form a refusal opens.
    public var base: Contact?
    /// The contact as it will be once saved: what the row and the page show meanwhile.
    public var shown: Contact
    /// A create that went out and got no answer: the server is asked whether it has it before it is
    /// sent again.
    public var lookFirst: Bool
    /// For a create: the highest id of the server's list when it was made. Looking for it on the
    /// server, only newer contacts count (an older one with the same values is another contact).
    public var newerThan: Int?
    /// For a change to a contact waiting to be created: the outbox entry of that create, whose result
    /// (the contact the server made) it is sent to.
    public var madeBy: Int64?

    public init(kind: ContactWriteKind, contactID: Int?, changes: ContactChanges, photoPath: String = "", base: Contact?,
                shown: Contact, lookFirst: Bool = false, newerThan: Int? = nil, madeBy: Int64? = nil) {
        self.kind = kind
        self.contactID = contactID
        self.changes = changes
        self.photoPath = photoPath
        self.base = base
        self.shown = shown
        self.lookFirst = lookFirst
        self.newerThan = newerThan
        self.madeBy = madeBy
    }

    /// The kind of a save of `changes` to an existing contact: a favourite alone, or an update.
    static func kind(ofUpdate changes: ContactChanges) -> ContactWriteKind {
        changes == ContactChanges(favorite: changes.favorite) && changes.favorite != nil ? .favorite : .update
    }
}

extension Contact {
    /// This contact with `changes` applied: what the server will hold once it saves them (the picture aside).
    public func applying(_ changes: ContactChanges) -> Contact {
        var contact = self
        if let value = changes.firstName { contact.firstName = value }
        if let value = changes.lastName { contact.lastName = value }
        if let value = changes.email { contact.email = value }
        if let value = changes.phoneNumber { contact.phoneNumber = value }
        if let value = changes.favorite { contact.favorite = value }
        return contact
    }

    /// Whether the server's contact already has every field of `changes` (a write that may have gone
    /// out did); `base` is the contact the change was made to.
    func has(_ changes: ContactChanges, madeTo base: Contact?) -> Bool {
        let trimmed = { (text: String?) in text?.trimmingCharacters(in: .whitespaces) }
        if let value = changes.firstName, trimmed(value) != trimmed(firstName) { return false }
        if let value = changes.lastName, trimmed(value) != trimmed(lastName) { return false }
        if let value = changes.email, trimmed(value) != trimmed(email ?? "") { return false }
        if let value = changes.phoneNumber, trimmed(value) != trimmed(phoneNumber ?? "") { return false }
        if let value = changes.favorite, value != favorite { return false }
        // A new photo cannot be compared by its bytes: the server's picture is a URL. It counts as saved
        // when the picture is no longer the one the change was made to; else the write goes again
        // (sending a picture twice changes nothing twice).
        if changes.photo != nil {
            guard let base, Contact.hasPicture(profilePic), profilePic != base.profilePic else { return false }
        }
        return true
    }
}
