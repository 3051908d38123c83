import Foundation
import HTTPClient

/// Where the directory comes from: HTTP in the app (``HTTPResourceDirectoryService``), fakes in tests.
public protocol ResourceDirectoryService: Sendable {
    /// `GET {base}/data/categories.json`, and when it was current if a kept copy stood in.
    func fetchCategories() async throws -> Fetched<ResourceCategoryList>
    /// `GET {base}/data/{file}`: the resources of the category stored in `file` (see ``ResourceFiles``),
    /// and when they were current if a kept copy stood in.
    func fetchResources(file: String) async throws -> Fetched<ResourceList>
}
