import Contacts
import ContactsCore
import Foundation
import NavigationTesting
import Synchronization

/// Named contacts for tests.
public enum ContactsFixtures {
    public static func contact(_ id: Int, _ first: String, _ last: String, email: String? = "x@y.example",
                               phone: String? = "+6281234567890", favorite: Bool = false,
                               picture: String = Contact.missingPicture) -> Contact {
        Contact(id: id, firstName: first, lastName: last, email: email, phoneNumber: phone, profilePic: picture, favorite: favorite,
                createdAt: "2016-05-29T10:10:10.995Z", updatedAt: "2016-05-29T10:10:10.995Z")
    }

    /// Names that sort and section in telling ways: accents and lower case, a digit and another script under `#`.
    public static let people: [Contact] = [
        contact(1, "Amitabh", "Bachchan", favorite: true),
        contact(2, "Émilie", "Rousseau"),
        contact(3, "bayu", "Nugroho"),
        contact(4, "Łukasz", "Nowak", email: nil),
        contact(5, "24Seven", "Laundry", phone: nil),
        contact(6, "Дмитрий", "Иванов"),
        contact(7, "Zoë", "Adams", favorite: true),
        contact(8, "anna", "Zed"),
    ]
}

/// A contacts backend in memory that answers like the server: the server's validations (422 with
/// its messages), 404 for unknown ids, favorites-first ordering; every call recorded. Scripted
/// failures answer the next calls of a kind instead (`fail(_:with:)`); with `heldOpen`, every call
/// waits until the test releases it, and then answers with the state of when it was made (a slow,
/// stale answer), as a server's late response would.
public final class InMemoryContactsService: ContactsService {
    /// The calls, as recorded.
    public enum Call: Sendable, Equatable {
        case list
        case show(Int)
        case create(ContactChanges)
        case update(Int, ContactChanges)
        case delete(Int)

        var kind: String {
            switch self {
            case .list: "list"
            case .show: "show"
            case .create: "create"
            case .update: "update"
            case .delete: "delete"
            }
        }
    }

    private struct State {
        var contacts: [Contact]
        var nextID: Int
        var calls: [Call] = []
        var failures: [String: [ContactsError]] = [:]
        var keptSince: [Date?] = []
    }

    private let state: Mutex<State>
    private let heldOpen: HeldOpenCalls?
    public let baseURL: URL

    public init(contacts: [Contact] = ContactsFixtures.people, heldOpen: HeldOpenCalls? = nil,
                baseURL: URL = URL(string: "http://contacts.test")!) {
        state = Mutex(State(contacts: contacts, nextID: (contacts.map(\.id).max() ?? 0) + 1))
        self.heldOpen = heldOpen
        self.baseURL = baseURL
    }

    /// The calls made so far, in order.
    public var calls: [Call] { state.withLock { $0.calls } }
    /// The stored contacts now.
    public var contacts: [Contact] { state.withLock { $0.contacts } }

    /// The next `count` calls of `kind` ("list", "show", "create", "update", "delete") fail with `error`.
    public func fail(_ kind: String, with error: ContactsError, count: Int = 1) {
        state.withLock { $0.failures[kind, default: []] += Array(repeating: error, count: count) }
    }

    /// The next lists answered are the one kept from an earlier run, current at each date in turn
    /// (a server that cannot be reached, behind a transport that keeps answers); nil is a fresh one.
    public func answerListsAsKept(since dates: [Date?]) {
        state.withLock { $0.keptSince += dates }
    }

    /// Records `call`, works out its answer from the state now (a write applies now), then, when
    /// held open, waits for the test: a held answer is the state as it was when the call was made.
    private func answer<T: Sendable>(_ call: Call, _ work: (inout State) throws(ContactsError) -> T) async throws(ContactsError) -> T {
        let result: Result<T, ContactsError> = state.withLock { state in
            state.calls.append(call)
            if var queue = state.failures[call.kind], !queue.isEmpty {
                let failure = queue.removeFirst()
                state.failures[call.kind] = queue
                return .failure(failure)
            }
            do throws(ContactsError) { return .success(try work(&state)) } catch { return .failure(error) }
        }
        await heldOpen?.hold()
        return try result.get()
    }

    public func obtainContacts() async throws(ContactsError) -> ContactList {
        try await answer(.list) { state in
            let storedAt = state.keptSince.isEmpty ? nil : state.keptSince.removeFirst()
            return ContactList(state.contacts.sorted { lhs, rhs in
                if lhs.favorite != rhs.favorite { return lhs.favorite }
                return (lhs.firstName.lowercased(), lhs.lastName.lowercased(), lhs.id) < (rhs.firstName.lowercased(), rhs.lastName.lowercased(), rhs.id)
            }.map(\.summary), storedAt: storedAt)
        }
    }

    public func obtainContact(id: Int) async throws(ContactsError) -> Contact {
        try await answer(.show(id)) { state throws(ContactsError) in
            guard let contact = state.contacts.first(where: { $0.id == id }) else { throw .notFound }
            return contact
        }
    }

    public func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact {
        let baseURL = baseURL
        return try await answer(.create(changes)) { state throws(ContactsError) in
            var contact = Contact(id: state.nextID, firstName: "", lastName: "", createdAt: "2026-11-23T10:00:00.000Z",
                                  updatedAt: "2026-11-23T10:00:00.000Z")
            try Self.apply(changes, to: &contact, baseURL: baseURL)
            state.nextID += 1
            state.contacts.append(contact)
            return contact
        }
    }

    public func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact {
        let baseURL = baseURL
        return try await answer(.update(id, changes)) { state throws(ContactsError) in
            guard let index = state.contacts.firstIndex(where: { $0.id == id }) else { throw .notFound }
            var contact = state.contacts[index]
            try Self.apply(changes, to: &contact, baseURL: baseURL)
            state.contacts[index] = contact
            return contact
        }
    }

    public func performDelete(id: Int) async throws(ContactsError) {
        try await answer(.delete(id)) { state throws(ContactsError) in
            guard let index = state.contacts.firstIndex(where: { $0.id == id }) else { throw .notFound }
            state.contacts.remove(at: index)
        }
    }

    public func pictureURL(for profilePic: String) -> URL? {
        guard Contact.hasPicture(profilePic) else { return nil }
        return URL(string: profilePic, relativeTo: baseURL)?.absoluteURL
    }

    private static func apply(_ changes: ContactChanges, to contact: inout Contact, baseURL: URL) throws(ContactsError) {
        var merged = contact.applying(changes)
        if let photo = changes.photo { merged.profilePic = baseURL.appendingPathComponent("photos/\(contact.id)/\(photo.filename)").absoluteString }
        let errors = ContactRules.violations(firstName: merged.firstName, lastName: merged.lastName, email: merged.email,
                                             phoneNumber: merged.phoneNumber, pictureContentType: changes.photo?.contentType)
            .map(ContactsRoutes.message(for:))
        guard errors.isEmpty else { throw .invalid(errors) }
        contact = merged
    }
}

/// A ``ContactsService`` for tests that must not reach the backend: any call fails the test.
public final class UnimplementedContactsService: ContactsService {
    public init() {}

    public func obtainContacts() async throws(ContactsError) -> ContactList { throw Self.fail("obtainContacts") }
    public func obtainContact(id: Int) async throws(ContactsError) -> Contact { throw Self.fail("obtainContact") }
    public func performCreate(_ changes: ContactChanges) async throws(ContactsError) -> Contact { throw Self.fail("performCreate") }
    public func performUpdate(id: Int, _ changes: ContactChanges) async throws(ContactsError) -> Contact { throw Self.fail("performUpdate") }
    public func performDelete(id: Int) async throws(ContactsError) { throw Self.fail("performDelete") }
    public func pictureURL(for profilePic: String) -> URL? { nil }

    private static func fail(_ name: String) -> ContactsError {
        .unavailable(.other(detail: unimplementedCall(name).description))
    }
}
