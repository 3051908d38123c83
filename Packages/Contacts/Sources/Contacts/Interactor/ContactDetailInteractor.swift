import ContactsCore
import Foundation
import ImageKit
import SystemActions

/// What the detail's action buttons do with the contact's mobile and email.
enum ContactAction: Sendable, Hashable, CaseIterable {
    case message
    case call
    case email
}

/// What came of an action: handed to the desktop, or why not (with the link to copy where there is one).
enum ContactActionOutcome: Sendable, Equatable {
    case opened(link: String)
    case notOpened(ContactActionProblem)
}

/// The detail's use cases: load the contact, toggle the favorite, delete, open call / message / email.
struct ContactDetailInteractor: Sendable, PictureObtaining {
    let service: any ContactsService
    let images: any ImageLoading
    let opener: any URLOpener

    func obtainContact(id: Int) async throws(ContactsError) -> Contact {
        try await service.obtainContact(id: id)
    }

    /// Saves the favorite at once (`PUT {"contact":{"favorite":…}}`); the answer is the saved contact.
    func performFavorite(_ favorite: Bool, id: Int) async throws(ContactsError) -> Contact {
        try await service.performUpdate(id: id, ContactChanges(favorite: favorite))
    }

    func performDelete(id: Int) async throws(ContactsError) {
        try await service.performDelete(id: id)
    }

    func obtainPictureURL(_ profilePic: String) -> URL? {
        service.pictureURL(for: profilePic)
    }

    /// The validated link for `action` on `contact`, or why there is none (no number, a number that
    /// is not one): checked before anything reaches the opener, so `-x` or `$(…)` never does.
    func obtainLink(_ action: ContactAction, for contact: Contact) -> Result<SystemAction, ContactActionProblem> {
        do throws(SystemActionError) {
            switch action {
            case .call, .message:
                guard let phone = contact.phoneNumber, !ContactRules.isBlank(phone) else { return .failure(.missing(action)) }
                return .success(action == .call ? try SystemAction.phone(phone) : try SystemAction.message(phone))
            case .email:
                guard let email = contact.email, !ContactRules.isBlank(email) else { return .failure(.missing(action)) }
                return .success(try SystemAction.email(to: email))
            }
        } catch {
            return .failure(.invalid(action, reason: error.description))
        }
    }

    /// Opens `action` for `contact` through the desktop.
    func performOpening(_ action: ContactAction, for contact: Contact) async -> ContactActionOutcome {
        switch obtainLink(action, for: contact) {
        case .failure(let problem):
            return .notOpened(problem)
        case .success(let link):
            switch await opener.open(link) {
            case .opened: return .opened(link: link.description)
            case .unavailable(let message): return .notOpened(.noOpener(message: message))
            }
        }
    }
}

/// Why an action has no link.
enum ContactActionProblem: Error, Sendable, Equatable {
    case missing(ContactAction)
    /// The value is no valid link; `reason` is SystemActions' sentence for why.
    case invalid(ContactAction, reason: String)
    /// No desktop opener took it; `message` is SystemActions' sentence, with the link to copy.
    case noOpener(message: String)
}
