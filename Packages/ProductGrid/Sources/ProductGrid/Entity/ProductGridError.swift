/// What went wrong, in this feature's terms. The interactors map service and transport errors to
/// it; the presenters word it with ``ProductGridTexts`` and never see a transport's error type.
enum ProductGridError: Error, Equatable {
    /// The product list could not be loaded; `reason` is the interactor's sentence for why.
    case catalogUnavailable(reason: String)
    /// A product's detail could not be loaded; `reason` says why.
    case detailUnavailable(reason: String)
    /// The server answered with the detail of another product than the one asked for.
    case detailOfAnotherProduct(asked: String, answered: String)
}
