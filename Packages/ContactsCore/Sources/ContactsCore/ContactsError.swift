import HTTPClient

/// Why a contacts request failed, as a value: the feature's `ContactsTexts` words it for the screen (presenters
/// never see the transport's errors, and no layer below them makes sentences).
public enum ContactsError: Error, Sendable, Equatable {
    /// The backend refused the values (422): its messages, in its order ("Email is invalid"), the
    /// only text that comes from outside.
    case invalid([String])
    /// The contact is gone (404): deleted elsewhere, or never existed.
    case notFound
    /// No usable answer, and why.
    case unavailable(RequestFailure)
    /// A save went out and no readable answer came back: the server may have saved it. Never send it
    /// again blindly. `failure` is why (a timeout, a connection lost after sending); nil when the
    /// server answered that it saved but its answer could not be read.
    case noAnswer(RequestFailure?)
    /// A change to a new contact the server refused while it waited: the contact must be corrected
    /// first (its row brings the form back), not changed again.
    case refusedWhileWaiting
    /// The change could not be kept in the outbox (the local store failed: `detail` says how).
    case notKept(detail: String)
    /// The server answered a save with another contact than the one sent: the change waits, and is
    /// looked up on the server before it goes again.
    case answeredAnotherContact
}
