import HTTPClient

/// What went wrong, in this feature's terms. The interactors map transport errors to it; the
/// presenters word it with ``NumbersTexts`` and never see a transport's error type.
enum NumbersError: Error, Equatable {
    /// The server did not answer at all (offline, refused, unreachable): say so and offer Retry.
    case noConnection(endpoint: String)
    /// The list could not be loaded (an error status, a timeout, a malformed answer), and why.
    case listUnavailable(RequestFailure)
    /// The detail could not be loaded, and why.
    case detailUnavailable(RequestFailure)
}
