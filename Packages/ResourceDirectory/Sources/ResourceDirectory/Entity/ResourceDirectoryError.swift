/// What went wrong, in this feature's terms. The interactors map transport errors to it and word
/// the transport's reason (`reason`); the presenters word the rest with ``ResourceDirectoryTexts``
/// and never see a transport's error type.
enum ResourceDirectoryError: Error, Equatable {
    /// The categories could not be loaded; `reason` says why, in a sentence.
    case categoriesUnavailable(reason: String)
    /// The resources of `category` (its title) could not be loaded; `reason` says why.
    case resourcesUnavailable(category: String, reason: String)
    /// The directory has no resource file for `category` (its title): no request is made.
    case noKnownFile(category: String)
}
