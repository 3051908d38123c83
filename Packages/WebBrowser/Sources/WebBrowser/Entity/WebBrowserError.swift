/// What went wrong, in the browser's terms. The interactor maps the loader's errors to it (with
/// the transport's readable reason); the presenter formats it with ``WebBrowserModule/Texts`` and
/// never sees a transport's error type.
enum WebBrowserError: Error, Equatable {
    /// A link led to something that is not a web page (a picture, a PDF).
    case notAWebPage(reason: String)
    /// The page could not be loaded.
    case pageUnavailable(reason: String)
}
