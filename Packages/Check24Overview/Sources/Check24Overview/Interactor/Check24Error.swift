import HTTPClient

/// What went wrong, in this feature's terms. The interactors map service, transport and storage
/// errors to it; the presenters word it with ``Check24Texts`` (in German) and never see a transport's
/// or a store's error type.
enum Check24Error: Error, Equatable {
    /// The product list could not be loaded.
    case catalogUnavailable(Check24Failure)
    /// The stored favorites could not be read.
    case favoritesUnreadable(Check24Failure)
    /// A favorite change could not be stored.
    case favoriteNotSaved(Check24Failure)
}

/// Why the catalog's request or the favorites store failed, as cases the presenter words in German.
enum Check24Failure: Equatable {
    /// The request failed (no connection, a timeout, an error status, an unreadable answer …).
    case request(RequestFailure)
    /// Another process held the favorites database's write lock too long.
    case storageBusy
    /// The favorites file is not a database or is damaged.
    case storageDamaged(path: String)
    /// The favorites file could not be opened or created.
    case storageUnavailable(path: String)
    /// The disk holding the favorites file is full: nothing was saved.
    case storageFull(path: String)
    /// Anything else (the detail is not shown: it would be an internal error name).
    case unknown
}
