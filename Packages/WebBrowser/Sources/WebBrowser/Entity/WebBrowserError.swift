/// What went wrong, in the browser's terms. The interactor maps the loader's errors to it and words
/// the transport's reason in the browser's language (`reason`); the presenter adds its own words
/// from ``WebBrowserModule/Texts`` and never sees a transport's error type.
enum WebBrowserError: Error, Equatable {
    /// A link led to something that is not a web page (a picture, a PDF) at `address` (as it may be
    /// shown); `reason` says what it was.
    case notAWebPage(address: String, reason: String)
    /// The page could not be loaded; `reason` says why, in a sentence.
    case pageUnavailable(reason: String)
}

extension WebBrowserModule {
    /// The languages the browser speaks (its words and the reasons a page failed to load).
    public enum Language: Sendable, Equatable {
        case english
        case german
    }
}
