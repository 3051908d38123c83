/// What went wrong, in this feature's terms. The interactors map transport errors to it; the
/// presenters word it with ``NumbersTexts`` and never see a transport's error type.
enum NumbersError: Error, Equatable {
    /// The server did not answer at all (offline, refused, unreachable): say so and offer Retry.
    case noConnection(endpoint: String)
    /// The list could not be loaded (an error status, a timeout, a malformed answer); `reason` says why.
    case listUnavailable(reason: String)
    /// The detail could not be loaded; `reason` says why.
    case detailUnavailable(reason: String)
}
