import HTTPClient

/// What went wrong, in the browser's terms. The interactor maps the loader's errors to it; the
/// presenter words it in its ``WebBrowserModule/Texts``' language and never sees a transport's error type.
enum WebBrowserError: Error, Equatable {
    /// A link led to something that is not a web page (a picture, a PDF).
    case notAWebPage(RequestFailure)
    /// The page could not be loaded.
    case pageUnavailable(RequestFailure)
}
