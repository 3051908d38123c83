import Foundation
import JSONKit

/// One product of `GET /products-test.json`.
///
/// `name`, `id` and `price` are required; every other field degrades to a neutral value when it
/// is missing or of the wrong type, so one odd product never sinks the list.
public struct Check24Product: Sendable, Equatable, Identifiable {
    public var id: Int
    public var name: String
    public var type: String
    public var color: String
    /// The picture, parsed from ``imageAddress`` when asked for: only the rows on screen ask, so a
    /// catalog of 100,000 products does not parse 100,000 addresses before its first frame.
    public var imageURL: URL? {
        get { imageAddress.flatMap { $0.isEmpty ? nil : URL(string: $0) } }
        set { imageAddress = newValue?.absoluteString }
    }
    /// The picture's address as the payload gave it.
    public var imageAddress: String?
    /// Hex without `#`, upper-cased (the payload's case varies), or nil when absent or not a 6-digit hex.
    public var colorCode: String?
    public var available: Bool
    public var releaseDate: Date?
    public var description: String
    public var longDescription: String
    public var rating: Double
    public var price: Check24Price
    /// Optional fields that were missing or unreadable in the payload (shown degraded, and named).
    public var unreadableFields: [String] = []

    public init(id: Int, name: String, type: String = "", color: String = "", imageURL: URL? = nil,
                colorCode: String? = nil, available: Bool = true, releaseDate: Date? = nil, description: String = "",
                longDescription: String = "", rating: Double = 0, price: Check24Price) {
        self.id = id
        self.name = name
        self.type = type
        self.color = color
        self.imageAddress = imageURL?.absoluteString
        self.colorCode = colorCode
        self.available = available
        self.releaseDate = releaseDate
        self.description = description
        self.longDescription = longDescription
        self.rating = rating
        self.price = price
    }
}

/// `{"value": 225.91, "currency": "EUR"}`: a price in major units.
public struct Check24Price: Sendable, Equatable, Decodable {
    /// Prices a shop can mean: from nothing up to a billion (integer minor units stay exact).
    static let plausibleValues = 0.0...1_000_000_000.0
    public var value: Double
    public var currency: String

    public init(value: Double, currency: String) {
        self.value = value
        self.currency = currency
    }

    enum CodingKeys: String, CodingKey { case value, currency }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decodeReadable(Double.self, forKey: .value)
        // A negative or absurd price (±1e308 showed as 92.233.720.368.547.758,07 €) is no price.
        guard value.isFinite, Self.plausibleValues.contains(value) else {
            throw DecodingProblem.error(.outOfRange, at: container.codingPath + [CodingKeys.value])
        }
        currency = (try? container.decodeIfPresent(String.self, forKey: .currency)) ?? "EUR"
    }
}

/// `{"headerTitle", "headerDescription"}`: the list's heading.
public struct Check24Header: Sendable, Equatable {
    public var title: String
    public var subtitle: String

    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}

/// A product that could not be read, and why (shown to the user, never silently lost).
public struct SkippedProduct: Sendable, Equatable {
    /// Its position in the payload's `products` array.
    public var index: Int
    public var reason: Reason

    public init(index: Int, reason: Reason) {
        self.index = index
        self.reason = reason
    }

    /// Why a product was left out, as cases the presenter words (in German).
    public enum Reason: Sendable, Equatable {
        /// A field the product cannot be shown without (`id`, `name`, `price`) is absent or null.
        case missing(field: String)
        /// A number too large, too small or implausible for the field.
        case outOfRange(field: String)
        /// The field holds another kind of value.
        case wrongType(field: String)
        /// The field's text is not valid UTF-8.
        case invalidText(field: String)
        /// The field is there but unusable in another way.
        case unreadable(field: String)
        /// The entry is not a product object at all.
        case notAProduct
        /// An earlier product has the same id (a favorite would mark both).
        case duplicateID(Int)
    }
}

/// The whole payload of `GET /products-test.json`.
public struct Check24Catalog: Sendable {
    public static let defaultFilters = ["Alle", "Verfügbar", "Vorgemerkt"]

    public var header: Check24Header
    /// The three filter labels (all, available, favorites), from the payload when it has three.
    public var filters: [String]
    public var products: Check24Products
    public var skipped: [SkippedProduct]
    /// The payload as it came from the server with its validators, for keeping the catalog for the
    /// next launches (``Check24CatalogService/keepCatalog(_:)``); nil for a catalog not just received.
    var received: ReceivedPayload?

    public init(header: Check24Header, filters: [String] = Check24Catalog.defaultFilters, products: Check24Products,
                skipped: [SkippedProduct] = []) {
        self.header = header
        self.filters = filters
        self.products = products
        self.skipped = skipped
    }
}

extension Check24Catalog {
    /// The catalog with the payload it was decoded from.
    func receiving(_ payload: ReceivedPayload) -> Check24Catalog {
        var catalog = self
        catalog.received = payload
        return catalog
    }
}

/// A catalog's payload as the server sent it: its bytes, where it came from and its validators.
struct ReceivedPayload: Sendable {
    var url: URL
    var body: Data
    var etag: String?
    var lastModified: String?
}

/// The three filters of the overview, in the payload's order.
public enum ProductFilter: Int, Sendable, CaseIterable {
    case all, available, favorites

    /// Does `product` belong to this filter, given the favorites?
    public func includes(_ product: Check24Product, favorites: Set<Int>) -> Bool {
        switch self {
        case .all: true
        case .available: product.available
        case .favorites: favorites.contains(product.id)
        }
    }
}
