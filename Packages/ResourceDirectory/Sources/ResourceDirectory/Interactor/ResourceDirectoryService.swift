import Foundation
import HTTPClient

/// Where the directory comes from: HTTP in the app (``HTTPResourceDirectoryService``), fakes in tests.
public protocol ResourceDirectoryService: Sendable {
    /// `GET {base}/data/categories.json`, and when it was current if a kept copy stood in.
    func fetchCategories() async throws -> Fetched<ResourceCategoryList>
    /// `GET {base}/data/{file}`: the resources of the category stored in `file` (see ``ResourceFiles``),
    /// and when they were current if a kept copy stood in.
    func fetchResources(file: String) async throws -> Fetched<ResourceList>
    /// The categories kept from the server's last good answer, without asking it; nil when none are kept.
    func keptCategories() async -> Fetched<ResourceCategoryList>?
    /// The resources of `file` kept from the server's last good answer, without asking it; nil when none are kept.
    func keptResources(file: String) async -> Fetched<ResourceList>?
}

extension ResourceDirectoryService {
    /// Nothing kept (the bundled demo, fakes that keep nothing).
    public func keptCategories() async -> Fetched<ResourceCategoryList>? { nil }
    public func keptResources(file: String) async -> Fetched<ResourceList>? { nil }
}
