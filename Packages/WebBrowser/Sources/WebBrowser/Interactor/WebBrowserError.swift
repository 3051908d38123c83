import HTTPClient

/// What went wrong, in the browser's terms. The interactor maps the loader's errors to it (the
/// request's failure as a value); the presenter words it with ``WebBrowserModule/Texts``, in the
/// browser's language, and never sees a transport's error type.
enum WebBrowserError: Error, Equatable {
    /// A link led to something that is not a web page (a picture, a PDF) at `address` (as it may be
    /// shown); `failure` says what it was.
    case notAWebPage(address: String, failure: RequestFailure)
    /// The page could not be loaded, and why.
    case pageUnavailable(RequestFailure)
}

extension WebBrowserModule {
    /// The languages the browser speaks (its words and the reasons a page failed to load).
    public enum Language: Sendable, Equatable {
        case english
        case german
    }
}
