import ContactsCore
import Foundation
import HTTPClient
import JSONKit

/// The contacts REST contract over HTTP: a remote server (`--base-url`), or the embedded backend
/// through its ``RouteTable`` — the same requests either way.
///
/// Saves send the fields under the `contact` root key: JSON without a picture, and
/// `multipart/form-data` with bracketed names (`contact[first_name]`, file `contact[profile_pic]`)
/// with one, because the server silently drops a picture sent in a flat JSON body.
public struct HTTPContactsService: ContactsService {
    public let client: HTTPClient
    public let baseURL: URL

    public init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func obtainContacts() async throws(ContactsError) -> ContactList {
        do {
            let url = try ContactsRoutes.list.url(base: baseURL)
            // With --base-url the list kept from the last good answer stands in when the server cannot be reached.
            let fetched = try await client.fetch([Lossy<ContactSummary>].self, from: .get(url, byteLimit: HTTPRequest.ByteLimit.list,
                                                                                          acceptedContentTypes: ["application/json"]))
            let entries = fetched.value
            var contacts: [ContactSummary] = []
            contacts.reserveCapacity(entries.count)
            var skipped: [SkippedContact] = []
            for (index, entry) in entries.enumerated() {
                if let contact = entry.value { contacts.append(contact) } else {
                    skipped.append(SkippedContact(position: index + 1, reason: entry.reason ?? "not readable"))
                }
            }
            return ContactList(contacts, skipped: skipped, storedAt: fetched.storedAt)
        } catch {
            throw Self.failure(error)
        }
    }

    public func obtainContact(id: Int) async throws(ContactsError) -> Contact {
        do {
            let url = try ContactsRoutes.show.url(base: baseURL, ["id": String(id)])
            var request = HTTPRequest.get(url, byteLimit: HTTPRequest.ByteLimit.detail, acceptedContentTypes: ["application/json"])
            // A contact's page, and the check for a contact that may have been saved, need the server's own answer.
            request.headers["Cache-Control"] = "no-cache"
            return try await client.decode(Contact.self, from: request)
        } catch {
            throw Self.failure(error)
        }
    }

    public func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact {
        try await saving {
            let url = try ContactsRoutes.create.url(base: baseURL)
            guard let contact = try await save(try Self.request(.post, url: url, changes: changes)) else {
                // Created (2xx), but the answer does not say as what: the caller looks for it.
                throw ContactsError.noAnswer(nil)
            }
            return contact
        }
    }

    public func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact {
        try await saving {
            let url = try ContactsRoutes.update.url(base: baseURL, ["id": String(id)])
            guard let contact = try await save(try Self.request(.put, url: url, changes: changes)) else {
                // Saved (2xx) with an unreadable answer: the contact as the server now has it.
                do { return try await obtainContact(id: id) } catch {
                    throw ContactsError.noAnswer(nil)
                }
            }
            return contact
        }
    }

    /// A create or an update: what it throws as the feature's error (the server's messages, an answer
    /// that cannot be read, or why the request failed).
    private func saving(_ body: () async throws -> Contact) async throws(ContactsError) -> Contact {
        do {
            return try await body()
        } catch let error as ContactsError {
            throw error
        } catch {
            throw Self.saveFailure(error)
        }
    }

    public func performDelete(id: Int) async throws(ContactsError) {
        do {
            let url = try ContactsRoutes.destroy.url(base: baseURL, ["id": String(id)])
            _ = try await client.data(HTTPRequest(method: .delete, url: url, headers: ["Accept": "application/json"],
                                                  byteLimit: HTTPRequest.ByteLimit.detail))
        } catch {
            throw Self.failure(error)
        }
    }

    public func pictureURL(for profilePic: String) -> URL? {
        guard Contact.hasPicture(profilePic), let url = URL(string: profilePic, relativeTo: baseURL)?.absoluteURL,
              let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else { return nil }
        return url
    }

    /// Sends a create or update: 2xx is a success, with the saved contact when its body can be read
    /// (nil when not: an empty 201 still means saved); 422 is the server's messages.
    private func save(_ request: HTTPRequest) async throws -> Contact? {
        let response = try await client.send(request)
        if response.statusCode == 422, let body = ServerErrorBody.decode(response.body), body.status == nil {
            throw ContactsError.invalid(body.messages)
        }
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        return try? response.decode(Contact.self)
    }

    /// A save's failure: a timeout or a connection lost after the request went out leaves its outcome
    /// unknown (``ContactsError/noAnswer(_:)``); the rest as for any request.
    static func saveFailure(_ error: any Error) -> ContactsError {
        switch error as? HTTPError {
        case .timeout?, .connectionLost?: return .noAnswer(RequestFailure(error))
        default: return failure(error)
        }
    }

    /// The request for a save: JSON `{"contact": {…}}`, or multipart with `contact[…]` names when
    /// there is a picture.
    static func request(_ method: HTTPRequest.Method, url: URL, changes: ContactChanges) throws(HTTPError) -> HTTPRequest {
        var fields: [(String, String)] = []
        if let value = changes.firstName { fields.append(("first_name", value)) }
        if let value = changes.lastName { fields.append(("last_name", value)) }
        if let value = changes.email { fields.append(("email", value)) }
        if let value = changes.phoneNumber { fields.append(("phone_number", value)) }
        if let photo = changes.photo {
            var parts = fields.map { MultipartPart.field("contact[\($0.0)]", $0.1) }
            if let favorite = changes.favorite { parts.append(.field("contact[favorite]", favorite ? "true" : "false")) }
            parts.append(.file("contact[profile_pic]", filename: photo.filename, contentType: photo.contentType, data: photo.data))
            return try .multipart(method, url: url, parts: parts, byteLimit: HTTPRequest.ByteLimit.detail)
        }
        var contact = fields.map { ($0.0, JSONText.string($0.1)) }
        if let favorite = changes.favorite { contact.append(("favorite", favorite ? "true" : "false")) }
        let body = Data(JSONText.object([("contact", JSONText.object(contact))]).utf8)
        return HTTPRequest(method: method, url: url, headers: ["Content-Type": "application/json", "Accept": "application/json"],
                           body: body, byteLimit: HTTPRequest.ByteLimit.detail)
    }

    /// A failure as the feature's value: 404 is "gone", 422 the server's messages, the rest the request's failure.
    static func failure(_ error: any Error) -> ContactsError {
        if let error = error as? ContactsError { return error }
        if case HTTPError.status(let code, _)? = error as? HTTPError {
            if code == 404 { return .notFound }
            if code == 422, let messages = (error as? HTTPError)?.serverMessages, !messages.isEmpty { return .invalid(messages) }
        }
        return .unavailable(RequestFailure(error))
    }
}
