import HTTPClient

/// What went wrong, in this feature's terms. The interactors map transport errors to it (the
/// request's failure as a value); the presenters word it with ``ResourceDirectoryTexts`` and never
/// see a transport's error type.
enum ResourceDirectoryError: Error, Equatable {
    /// The categories could not be loaded, and why.
    case categoriesUnavailable(RequestFailure)
    /// The resources of `category` (its title) could not be loaded, and why.
    case resourcesUnavailable(category: String, failure: RequestFailure)
    /// The directory has no resource file for `category` (its title): no request is made.
    case noKnownFile(category: String)
}
