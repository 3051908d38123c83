import Foundation

/// A category of the directory (`GET /data/categories.json`): `Restaurants`, `Vacation Spots`.
public struct ResourceCategory: Sendable, Equatable, Hashable {
    /// The category's `eid` (what resources name in `category_eid`), else its `_id`, else its slug.
    public var id: String
    public var slug: String
    public var title: String
    /// The one-line description, when the category has one.
    public var description: String?

    public init(id: String, slug: String, title: String, description: String? = nil) {
        self.id = id
        self.slug = slug
        self.title = title
        self.description = description
    }

    /// The data file of this category's resources, or nil when none is known (see ``ResourceFiles``).
    public var resourceFile: String? { ResourceFiles.fileName(forSlug: slug) }
}

/// The one place that knows which file holds a category's resources. The real names are irregular:
/// `restaurants` is in `restaurants.json` but `vacation-spots` in `vacation-spot.json`.
public enum ResourceFiles {
    public static let fileNamesBySlug = [
        "restaurants": "restaurants.json",
        "vacation-spots": "vacation-spot.json",
    ]

    /// The file name under `/data/` for the category `slug`; nil when the directory has no file for it.
    public static func fileName(forSlug slug: String) -> String? {
        fileNamesBySlug[slug]
    }
}

/// The categories of the directory and the entries that could not be read.
public struct ResourceCategoryList: Sendable, Equatable {
    public var categories: [ResourceCategory]
    /// Why entries were left out ("#2: title is missing").
    public var skippedReasons: [String]

    public init(categories: [ResourceCategory], skippedReasons: [String] = []) {
        self.categories = categories
        self.skippedReasons = skippedReasons
    }
}
