import ContactsCore
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

/// Whether a contact sent without an answer is on the server.
public enum CreatedContactSearch: Sendable, Equatable {
    case found(Contact)
    case absent
    case unknown(ContactsError)
}

extension ContactsService {
    /// How many same-named contacts are compared before a new one is created.
    static var maximumCandidates: Int { 20 }

    /// Looks on the server for the contact a create of `changes` makes: the same names, then the same
    /// mobile and email, newest first. Asked before a create that may have gone out is sent again
    /// (the form's next Done, the outbox's replay).
    /// `newerThan`: only contacts with a higher id count (those the server made after it).
    public func obtainCreatedContact(_ changes: ContactChanges, newerThan: Int? = nil) async -> CreatedContactSearch {
        let summaries: [ContactSummary]
        do throws(ContactsError) {
            let list = try await obtainContacts()
            // A list kept from an earlier run proves nothing about what the server holds now.
            guard list.storedAt == nil else { return .unknown(.unavailable(.other(detail: ContactsTexts.keptListProvesNothing))) }
            summaries = list.contacts
        } catch { return .unknown(error) }
        let trimmed = { (text: String?) in (text ?? "").trimmingCharacters(in: .whitespaces) }
        // Contacts waiting in the outbox (negative ids) are not the server's.
        let candidates = summaries.filter { $0.id > (newerThan ?? 0) && trimmed($0.firstName) == trimmed(changes.firstName) && trimmed($0.lastName) == trimmed(changes.lastName) }
            .sorted { $0.id > $1.id }.prefix(Self.maximumCandidates)
        for candidate in candidates {
            let contact: Contact
            do throws(ContactsError) { contact = try await obtainContact(id: candidate.id) } catch {
                if error == .notFound { continue }
                return .unknown(error)
            }
            if trimmed(contact.email) == trimmed(changes.email), trimmed(contact.phoneNumber) == trimmed(changes.phoneNumber) {
                return .found(contact)
            }
        }
        return .absent
    }
}
