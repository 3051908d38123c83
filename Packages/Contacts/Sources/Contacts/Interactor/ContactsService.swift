import Foundation

/// The contacts backend as the interactors need it: the REST contract's five calls. One live
/// implementation, ``HTTPContactsService``, talks to a server (`--base-url`) or to the embedded
/// SQLite backend through the same routes; tests use the fakes of ContactsTesting.
public protocol ContactsService: Sendable {
    /// Every contact (`GET /contacts.json`), favorites first, then by first and last name; entries
    /// the server sent that cannot be read are left out and named.
    func obtainContacts() async throws(ContactsError) -> ContactList
    /// One contact's detail (`GET /contacts/{id}.json`).
    func obtainContact(id: Int) async throws(ContactsError) -> Contact
    /// Creates a contact (`POST /contacts.json`); the picture, if any, goes as a multipart file.
    func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact
    /// Changes only the given fields (`PUT /contacts/{id}.json`); every validation runs on the result.
    func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact
    /// Deletes a contact (`DELETE /contacts/{id}.json`).
    func performDelete(id: Int) async throws(ContactsError)
    /// The absolute URL of a contact's own picture (`profile_pic`, which may be relative); nil for
    /// the server's default picture, shown as an initials avatar instead.
    func pictureURL(for profilePic: String) -> URL?
}
