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
    /// A link led to something that is not a web page (a picture, a PDF).
    case notAWebPage(reason: String)
    /// A web page could not be loaded.
    case pageUnavailable(reason: String)
}
