import Foundation
import HTTPClient
import ImageKit

/// Use cases of the master list: the numbers and their pictures. Holds only its dependencies.
final class NumbersListInteractor: Sendable {
    private let service: any NumbersService
    private let images: any ImageLoading

    init(service: any NumbersService, images: any ImageLoading) {
        self.service = service
        self.images = images
    }

    /// The list. With `checkingConnectivity` (the first load), a server that does not answer at all
    /// is reported as ``NumbersError/noConnection(endpoint:)`` before the list is asked for.
    func obtainCatalog(checkingConnectivity: Bool) async throws(NumbersError) -> NumbersCatalog {
        if checkingConnectivity, case .unreachable(let endpoint) = await service.checkConnectivity() {
            throw .noConnection(endpoint: endpoint)
        }
        do {
            return try await service.fetchCatalog()
        } catch {
            throw Self.map(error, as: NumbersError.listUnavailable)
        }
    }

    func obtainImage(at url: URL) async throws -> RGBImage {
        try await images.image(for: url)
    }

    /// A transport that could not reach the server is "no connection"; anything else keeps its cause.
    static func map(_ error: any Error, as unavailable: (RequestFailure) -> NumbersError) -> NumbersError {
        let failure = RequestFailure(error)
        if case .noConnection(let endpoint) = failure { return .noConnection(endpoint: endpoint) }
        return unavailable(failure)
    }
}

/// Use cases of a number's detail: its text and picture, by name.
final class NumberDetailInteractor: Sendable {
    private let service: any NumbersService
    private let images: any ImageLoading

    init(service: any NumbersService, images: any ImageLoading) {
        self.service = service
        self.images = images
    }

    func obtainDetail(name: String) async throws(NumbersError) -> NumberDetail {
        do {
            return try await service.fetchDetail(name: name)
        } catch {
            throw NumbersListInteractor.map(error, as: NumbersError.detailUnavailable)
        }
    }

    func obtainImage(at url: URL) async throws -> RGBImage {
        try await images.image(for: url)
    }
}
