/// What went wrong, in this feature's terms. The interactors map service and transport errors to
/// it (with the transport's readable reason); the presenters show ``message`` and never see a
/// transport's error type.
enum ProductGridError: Error, Equatable {
    /// The product list could not be loaded.
    case catalogUnavailable(reason: String)
    /// A product's detail could not be loaded (or was about another product).
    case detailUnavailable(reason: String)

    /// What the user reads.
    var message: String {
        switch self {
        case .catalogUnavailable(let reason), .detailUnavailable(let reason): reason
        }
    }
}
