import Foundation
import HTTPClient
import ImageKit
import TextSearch

/// The list, and when it was current if a kept copy stands in for the server's answer.
struct ObtainedCatalog: Sendable {
    var catalog: NumbersCatalog
    var storedAt: Date?
}

/// Use cases of the master list: the numbers and their pictures. Holds only its dependencies.
struct NumbersListInteractor: Sendable, PictureObtaining {
    let service: any NumbersService
    let images: any ImageLoading

    /// The list. With `checkingConnectivity` (the first load), a server that does not answer at all
    /// is reported as ``NumbersError/noConnection(endpoint:)`` before the list is asked for, unless a
    /// list kept from an earlier answer can stand in.
    func obtainCatalog(checkingConnectivity: Bool) async throws(NumbersError) -> ObtainedCatalog {
        if checkingConnectivity, case .unreachable(let endpoint) = await service.checkConnectivity() {
            if let kept = await obtainKeptCatalog() { return kept }
            throw .noConnection(endpoint: endpoint)
        }
        do {
            let fetched = try await service.fetchCatalog()
            return ObtainedCatalog(catalog: fetched.value, storedAt: fetched.storedAt)
        } catch {
            throw Self.map(error, as: NumbersError.listUnavailable)
        }
    }

    /// The list kept from the last good answer, shown at once while the server is asked.
    func obtainKeptCatalog() async -> ObtainedCatalog? {
        await service.keptCatalog().map { ObtainedCatalog(catalog: $0.value, storedAt: $0.storedAt) }
    }

    /// The numbers' names folded for the `/` filter, once per list (never per key).
    func obtainSearchTexts(of items: [NumberItem]) -> SearchTexts {
        SearchTexts(folding: items.lazy.map(\.name))
    }

    /// A transport that could not reach the server is "no connection"; anything else keeps its cause.
    static func map(_ error: any Error, as unavailable: (RequestFailure) -> NumbersError) -> NumbersError {
        let failure = RequestFailure(error)
        if case .noConnection(let endpoint) = failure { return .noConnection(endpoint: endpoint) }
        return unavailable(failure)
    }
}

/// Use cases of a number's detail: its text and picture, by name.
struct NumberDetailInteractor: Sendable, PictureObtaining {
    let service: any NumbersService
    let images: any ImageLoading

    /// The number's detail, and when it was current if a kept one stands in for the server's answer.
    func obtainDetail(name: String) async throws(NumbersError) -> (detail: NumberDetail, storedAt: Date?) {
        do {
            let fetched = try await service.fetchDetail(name: name)
            return (fetched.value, fetched.storedAt)
        } catch {
            throw NumbersListInteractor.map(error, as: NumbersError.detailUnavailable)
        }
    }
}
