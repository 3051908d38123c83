import Foundation

/// Where the directory comes from: HTTP in the app (``HTTPResourceDirectoryService``), fakes in tests.
public protocol ResourceDirectoryService: Sendable {
    /// `GET {base}/data/categories.json`.
    func fetchCategories() async throws -> ResourceCategoryList
    /// `GET {base}/data/{file}`: the resources of the category stored in `file` (see ``ResourceFiles``).
    func fetchResources(file: String) async throws -> ResourceList
}
