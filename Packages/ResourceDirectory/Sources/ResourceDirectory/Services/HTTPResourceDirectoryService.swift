import Foundation
import HTTPClient

/// The live ``ResourceDirectoryService``: the directory's data files under a base URL.
public struct HTTPResourceDirectoryService: ResourceDirectoryService {
    private let client: HTTPClient
    private let baseURL: URL

    public init(client: HTTPClient, baseURL: URL) {
        self.client = client
        self.baseURL = baseURL
    }

    public func fetchCategories() async throws -> Fetched<ResourceCategoryList> {
        try await client.fetch(ResourceCategoryList.self, from: .get(try Self.dataURL(base: baseURL, file: "categories.json"),
                                                                       byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func fetchResources(file: String) async throws -> Fetched<ResourceList> {
        try await client.fetch(ResourceList.self, from: .get(try Self.dataURL(base: baseURL, file: file),
                                                               byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func keptCategories() async -> Fetched<ResourceCategoryList>? {
        guard let url = try? Self.dataURL(base: baseURL, file: "categories.json") else { return nil }
        return await client.kept(ResourceCategoryList.self, for: .get(url, byteLimit: HTTPRequest.ByteLimit.list))
    }

    public func keptResources(file: String) async -> Fetched<ResourceList>? {
        guard let url = try? Self.dataURL(base: baseURL, file: file) else { return nil }
        return await client.kept(ResourceList.self, for: .get(url, byteLimit: HTTPRequest.ByteLimit.list))
    }

    /// `{base}/data/{file}`, the file name escaped as one path segment.
    static func dataURL(base: URL, file: String) throws(HTTPError) -> URL {
        try URLBuilder(base: base).appending(path: "data").appending(path: file).url()
    }
}
