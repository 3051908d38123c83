import Foundation
import HTTPClient
import ImageKit
import TextSearch
import Storage

/// Use cases of the overview: the catalog, the favorites and the pictures.
struct Check24OverviewInteractor: Sendable, PictureObtaining {
    let catalog: any Check24CatalogService
    let favorites: any Check24FavoritesService
    let images: any ImageLoading

    /// The catalog, and when it was current if a kept one stands in for the server's answer.
    func obtainCatalog() async throws(Check24Error) -> (catalog: Check24Catalog, storedAt: Date?) {
        do {
            let fetched = try await catalog.fetchCatalog()
            return (fetched.value, fetched.storedAt)
        } catch {
            throw .catalogUnavailable(Check24Failure(error))
        }
    }

    /// Keeps the catalog just received for the next launches.
    func performKeep(_ received: Check24Catalog) async {
        await catalog.keepCatalog(received)
    }

    /// The catalog's products by filter; computed off the main actor, once per load.
    func obtainFilteredCatalog(_ catalog: Check24Catalog) async -> Check24FilteredCatalog {
        Check24FilteredCatalog(products: catalog.products)
    }

    /// Each product's name and description folded for the `/` filter, by catalog position: once per
    /// catalog (off the main actor, on every core), when the filter is first used.
    func obtainSearchTexts(of catalog: Check24FilteredCatalog) async -> SearchTexts {
        SearchTexts(folded: catalog.all.foldedSearchTexts())
    }

    func obtainFavoriteIDs() async throws(Check24Error) -> Set<Int> {
        do {
            return try await favorites.favoriteIDs()
        } catch {
            throw .favoritesUnreadable(Check24Failure(error))
        }
    }
}

/// Use cases of a product's details: its favorite state and its picture.
struct Check24DetailInteractor: Sendable, PictureObtaining {
    let favorites: any Check24FavoritesService
    let images: any ImageLoading

    func obtainIsFavorite(productID: Int) async throws -> Bool {
        try await favorites.favoriteIDs().contains(productID)
    }

    func performSetFavorite(_ isFavorite: Bool, productID: Int) async throws(Check24Error) -> Bool {
        do {
            return try await favorites.setFavorite(isFavorite, productID: productID)
        } catch {
            throw .favoriteNotSaved(Check24Failure(error))
        }
    }
}

extension Check24Failure {
    /// The feature's words for what a transport or the favorites store threw.
    init(_ error: any Error) {
        switch error {
        case is HTTPError:
            self = .request(RequestFailure(error))
        case let error as StorageError:
            switch error {
            case .busy: self = .storageBusy
            case .corrupt(let path): self = .storageDamaged(path: path)
            case .cannotOpen(let path, _): self = .storageUnavailable(path: path)
            case .diskFull(let path): self = .storageFull(path: path)
            case .constraint, .sqlite, .typeMismatch, .noSuchColumn, .misuse: self = .unknown
            }
        default:
            self = .unknown
        }
    }
}
