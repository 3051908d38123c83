/// What went wrong, in this feature's terms. The interactors map service and transport errors to
/// it (with the transport's readable reason); the presenters format it with ``Check24Texts`` and
/// never see a transport's error type.
enum Check24Error: Error, Equatable {
    /// The product list could not be loaded.
    case catalogUnavailable(reason: String)
    /// The stored favorites could not be read.
    case favoritesUnreadable(reason: String)
    /// A favorite change could not be stored.
    case favoriteNotSaved(reason: String)
}
