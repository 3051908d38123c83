import HTTPClient

/// What went wrong, in this feature's terms. The interactors map service and transport errors to
/// it; the presenters word it with ``ProductGridTexts`` and never see a transport's error type.
enum ProductGridError: Error, Equatable {
    /// The product list could not be loaded, and why (worded by ``ProductGridTexts``).
    case catalogUnavailable(RequestFailure)
    /// A product's detail could not be loaded, and why.
    case detailUnavailable(RequestFailure)
    /// The server answered with the detail of another product than the one asked for.
    case detailOfAnotherProduct(asked: String, answered: String)
}
