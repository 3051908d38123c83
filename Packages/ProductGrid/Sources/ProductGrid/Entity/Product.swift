import Foundation

/// One product of `GET /cart/list`: `{"product_id","name","price","image"}`, price in cents.
public struct ProductSummary: Sendable, Equatable, Decodable {
    public var id: String
    public var name: String
    public var priceInCents: Int
    public var imageURL: URL?

    public init(id: String, name: String, priceInCents: Int, imageURL: URL?) {
        self.id = id
        self.name = name
        self.priceInCents = priceInCents
        self.imageURL = imageURL
    }

    enum CodingKeys: String, CodingKey {
        case id = "product_id", name, price, image
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeFlexibleID(forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        priceInCents = try container.decode(Int.self, forKey: .price)
        imageURL = try container.decodeIfPresent(String.self, forKey: .image).flatMap(URL.init(string:))
    }
}

/// `GET /cart/{product_id}/detail`: the summary's fields plus the full description.
public struct ProductDetail: Sendable, Equatable, Decodable {
    public var summary: ProductSummary
    public var description: String

    public init(summary: ProductSummary, description: String) {
        self.summary = summary
        self.description = description
    }

    enum CodingKeys: String, CodingKey { case description }

    public init(from decoder: any Decoder) throws {
        summary = try ProductSummary(from: decoder)
        description = try decoder.container(keyedBy: CodingKeys.self).decodeIfPresent(String.self, forKey: .description) ?? ""
    }
}

/// The list payload. One malformed product does not sink the list: it is skipped and counted.
public struct ProductCatalog: Sendable, Equatable, Decodable {
    public var products: [ProductSummary]
    /// How many entries could not be read (shown to the user, never silently lost).
    public var skippedCount: Int

    public init(products: [ProductSummary], skippedCount: Int = 0) {
        self.products = products
        self.skippedCount = skippedCount
    }

    enum CodingKeys: String, CodingKey { case products }

    public init(from decoder: any Decoder) throws {
        let entries = try decoder.container(keyedBy: CodingKeys.self)
            .decode([Lossy<ProductSummary>].self, forKey: .products)
        products = entries.compactMap(\.value)
        skippedCount = entries.count - products.count
    }
}

/// Decodes an element or records that it could not be decoded.
struct Lossy<Value: Decodable & Sendable>: Decodable, Sendable {
    var value: Value?
    init(from decoder: any Decoder) throws {
        value = try? Value(from: decoder)
    }
}

extension KeyedDecodingContainer {
    /// Ids are strings in the real API (`"6_id_is_a_string"`), but a number is accepted too.
    func decodeFlexibleID(forKey key: Key) throws -> String {
        if let number = try? decode(Int.self, forKey: key) { return String(number) }
        return try decode(String.self, forKey: key)
    }
}
