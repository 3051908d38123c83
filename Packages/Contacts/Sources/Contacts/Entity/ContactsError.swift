/// Why a contacts request failed, worded for the screen (presenters never see the transport's errors).
public enum ContactsError: Error, Sendable, Equatable {
    /// The backend refused the values (422): its messages, in its order ("Email is invalid").
    case invalid([String])
    /// The contact is gone (404): deleted elsewhere, or never existed.
    case notFound
    /// No usable answer: `reason` is a sentence for the screen ("No connection to 127.0.0.1:9 — is the server running?").
    case unavailable(reason: String)
    /// A save went out and no readable answer came back (a timeout, a connection lost after sending,
    /// a 2xx whose body cannot be read): the server may have saved it. Never send it again blindly.
    case noAnswer(reason: String)

    /// One sentence for a status line.
    public var message: String {
        switch self {
        case .invalid(let messages): messages.joined(separator: "; ")
        case .notFound: "This contact no longer exists."
        case .unavailable(let reason), .noAnswer(let reason): reason
        }
    }
}
