import Foundation
import HTTPClient

/// The live ``NumbersService``: the Tapptic endpoints under a base URL.
public struct HTTPNumbersService: NumbersService {
    private let client: HTTPClient
    private let baseURL: URL

    public init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func fetchCatalog() async throws -> Fetched<NumbersCatalog> {
        let url = try URLBuilder(base: baseURL).appending(path: "json.php").url()
        return try await client.fetch(NumbersCatalog.self, from: .get(url, byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func keptCatalog() async -> Fetched<NumbersCatalog>? {
        guard let url = try? URLBuilder(base: baseURL).appending(path: "json.php").url() else { return nil }
        return await client.kept(NumbersCatalog.self, for: .get(url, byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func fetchDetail(name: String) async throws -> Fetched<NumberDetail> {
        let url = try Self.detailURL(base: baseURL, name: name)
        return try await client.fetch(NumberDetail.self, from: .get(url, byteLimit: HTTPRequest.ByteLimit.detail))
    }

    /// The name is a query value, escaped as one (`10,000` keeps its comma; `&`, `#`, spaces are encoded).
    static func detailURL(base: URL, name: String) throws(HTTPError) -> URL {
        try URLBuilder(base: base).appending(path: "json.php").appending(query: "name", name).url()
    }

    /// A HEAD of the list through the one ``ConnectivityProbe``: any answer, even an error status,
    /// proves the server is there; a server that does not answer is named by the base URL.
    public func checkConnectivity() async -> Connectivity {
        guard let url = try? URLBuilder(base: baseURL).appending(path: "json.php").url() else { return .reachable }
        return await ConnectivityProbe(transport: client.transport).check(url, naming: URLDisplay.redacted(baseURL))
    }
}
