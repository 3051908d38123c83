import Foundation
import HTTPClient
import ImageKit

/// Where the numbers come from: HTTP in the app (``HTTPNumbersService``), fakes in tests.
public protocol NumbersService: Sendable {
    /// `GET {base}/json.php`, and when it was current if a kept copy stood in for the server's answer.
    func fetchCatalog() async throws -> Fetched<NumbersCatalog>
    /// The list kept from the server's last good answer, without asking it; nil when none is kept.
    func keptCatalog() async -> Fetched<NumbersCatalog>?
    /// `GET {base}/json.php?name={name}`, and when it was current if a kept copy stood in.
    func fetchDetail(name: String) async throws -> Fetched<NumberDetail>
    /// Whether the server answers at all (any status: HTTPClient's ``ConnectivityProbe`` rule): checked
    /// before the first list request, so a missing connection reads "No connection to …" instead of a
    /// transport error.
    func checkConnectivity() async -> Connectivity
}

extension NumbersService {
    public func keptCatalog() async -> Fetched<NumbersCatalog>? { nil }
}
