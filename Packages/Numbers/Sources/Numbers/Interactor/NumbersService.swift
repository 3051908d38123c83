import Foundation
import ImageKit

/// Where the numbers come from: HTTP in the app (``HTTPNumbersService``), fakes in tests.
public protocol NumbersService: Sendable {
    /// `GET {base}/json.php`.
    func fetchCatalog() async throws -> NumbersCatalog
    /// `GET {base}/json.php?name={name}`.
    func fetchDetail(name: String) async throws -> NumberDetail
    /// Whether the server answers at all (any status): checked before the first list request, so a
    /// missing connection reads "No connection to …" instead of a transport error.
    func checkConnectivity() async -> Connectivity
}

/// The answer of a connectivity check.
public enum Connectivity: Sendable, Equatable {
    case reachable
    /// Nothing answered at `endpoint` ("dev.tapptic.com", "127.0.0.1:8080").
    case unreachable(endpoint: String)
}
