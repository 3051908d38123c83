import Foundation
import JSONKit

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

    /// The highest price accepted, in cents: ten million euros. Beyond it (or below zero) a price is unreadable.
    static let maximumPriceInCents = 1_000_000_000

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decodeFlexibleID(forKey: .id)
        // The id becomes a path segment of the detail URL: "." and ".." would walk up the path.
        guard !id.isEmpty, id != ".", id != "..", id.count <= 200 else {
            throw DecodingProblem.error("is not usable as a product id", at: container.codingPath + [CodingKeys.id])
        }
        name = try container.decodeReadable(String.self, forKey: .name)
        priceInCents = try container.decodeReadable(Int.self, forKey: .price)
        guard (0...Self.maximumPriceInCents).contains(priceInCents) else {
            throw DecodingProblem.error("is a number out of range", at: container.codingPath + [CodingKeys.price])
        }
        imageURL = (try? container.decodeIfPresent(String.self, forKey: .image)).flatMap { $0 }.flatMap(URL.init(string:))
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
    /// Why each entry that could not be read was skipped ("#3: price is a number out of range"),
    /// shown to the user, never silently lost.
    public var skippedReasons: [String]
    /// How many entries could not be read.
    public var skippedCount: Int { skippedReasons.count }

    public init(products: [ProductSummary], skippedReasons: [String] = []) {
        self.products = products
        self.skippedReasons = skippedReasons
    }

    enum CodingKeys: String, CodingKey { case products }

    public init(from decoder: any Decoder) throws {
        let entries = try decoder.container(keyedBy: CodingKeys.self)
            .decode([Lossy<ProductSummary>].self, forKey: .products)
        products = entries.compactMap(\.value)
        skippedReasons = entries.enumerated().compactMap { index, entry in entry.reason.map { "#\(index + 1): \($0)" } }
    }
}

extension KeyedDecodingContainer {
    /// Ids are strings in the real API (`"6_id_is_a_string"`), but a number is accepted too.
    func decodeFlexibleID(forKey key: Key) throws -> String {
        if let number = try? decode(Int.self, forKey: key) { return String(number) }
        return try decode(String.self, forKey: key)
    }
}
