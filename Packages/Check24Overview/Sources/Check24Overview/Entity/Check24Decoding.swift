import Foundation
import JSONKit

extension Check24Catalog: Decodable {
    enum CodingKeys: String, CodingKey { case header, filters, products }
    enum HeaderKeys: String, CodingKey { case headerTitle, headerDescription }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let headerContainer = try? container.nestedContainer(keyedBy: HeaderKeys.self, forKey: .header)
        header = Check24Header(
            title: (try? headerContainer?.decodeIfPresent(String.self, forKey: .headerTitle)) ?? "",
            subtitle: (try? headerContainer?.decodeIfPresent(String.self, forKey: .headerDescription)) ?? "")
        let payloadFilters = (try? container.decodeIfPresent([String].self, forKey: .filters)) ?? []
        filters = payloadFilters.count == ProductFilter.allCases.count ? payloadFilters : Self.defaultFilters
        // LazyJSONDecoder (the app's) makes references: each product is outlined now, on every core,
        // and decoded when shown. Another decoder decodes every product now.
        var references: [JSONValueReference]?
        var decoded: [Check24Product?] = []
        let readings: [Reading]
        if (try? JSONValueReference(from: decoder)) != nil {
            let outlined = try container.decode([JSONValueReference].self, forKey: .products)
            references = outlined
            readings = outlined.concurrentMap(Reading.init(outlining:))
        } else {
            var entries = try container.nestedUnkeyedContainer(forKey: .products)
            var whole: [Reading] = []
            // `Whole` never throws, so the container always advances past the element.
            while !entries.isAtEnd {
                let result = try entries.decode(Whole.self).result
                whole.append(Reading(result.map(Reading.known)))
                decoded.append(try? result.get())
            }
            readings = whole
        }
        var products: [Check24Product] = []
        var outlines: [Check24Products.Outline] = []
        var skipped: [SkippedProduct] = []
        var seen = Set<Int>()
        for (index, reading) in readings.enumerated() {
            switch reading.outcome {
            case .success(let known) where seen.insert(known.id).inserted:
                if let references {
                    outlines.append(.init(id: known.id, available: known.available, isIncomplete: known.isIncomplete,
                                          reference: references[index]))
                } else if let product = decoded[index] {
                    products.append(product)
                }
            case .success(let known):
                skipped.append(SkippedProduct(index: index, reason: .duplicateID(known.id)))
            case .failure(let error):
                skipped.append(SkippedProduct(index: index, reason: Self.reason(for: error)))
            }
        }
        self.products = references == nil ? Check24Products(products) : Check24Products(outlines: outlines)
        self.skipped = skipped
    }

    /// What the list needs of one product, or why it cannot be listed. Small: 100,000 of them are
    /// alive at once.
    private struct Reading {
        typealias Known = (id: Int, available: Bool, isIncomplete: Bool)
        var outcome: Result<Known, any Error>

        init(_ outcome: Result<Known, any Error>) {
            self.outcome = outcome
        }

        /// The product's outline: its rules applied, its texts other than the name checked but not made.
        init(outlining reference: JSONValueReference) {
            outcome = Result { Self.known(try reference.decode(Outlined.self).product) }
        }

        static func known(_ product: Check24Product) -> Known {
            (product.id, product.available, !product.unreadableFields.isEmpty)
        }

        private struct Outlined: Decodable {
            let product: Check24Product
            init(from decoder: any Decoder) throws { product = try Check24Product(from: decoder, readingText: false) }
        }
    }

    /// A whole product, or why not (a decoder without references).
    private struct Whole: Decodable {
        let result: Result<Check24Product, any Error>
        init(from decoder: any Decoder) {
            result = Result { try Check24Product(from: decoder) }
        }
    }

    /// The field a product's decoding failed on, and how: never an internal error name.
    private static func reason(for error: any Error) -> SkippedProduct.Reason {
        guard let error = error as? DecodingError else { return .notAProduct }
        switch error {
        case .keyNotFound(let key, _): return .missing(field: key.stringValue)
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            // The product's own field ("price" for products[3].price.value), not a nested key.
            let path = context.codingPath
            let fieldIndex = path.lastIndex { $0.intValue != nil }.map { path.index(after: $0) } ?? path.startIndex
            guard fieldIndex < path.endIndex else { return .notAProduct }
            let field = path[fieldIndex].stringValue
            // A null where the value belongs is as good as missing; a key that exists is otherwise unusable.
            if case .valueNotFound = error { return .missing(field: field) }
            switch DecodingProblem.kind(of: error) {
            case .outOfRange, .notWholeNumber: return .outOfRange(field: field)
            case .wrongType: return .wrongType(field: field)
            case .invalidText: return .invalidText(field: field)
            case .missing, .unreadable: return .unreadable(field: field)
            }
        @unknown default: return .notAProduct
        }
    }
}

extension Check24Product: Decodable {
    enum CodingKeys: String, CodingKey {
        case id, name, type, color, imageURL, colorCode, available, releaseDate, description, longDescription, rating, price
    }

    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, readingText: true)
    }

    /// The product; with `readingText` false its outline: every rule applies and every field is
    /// checked, but the optional texts are only checked to be text and left empty (making 100,000
    /// descriptions' strings is most of decoding a large catalog; the required name is still read).
    init(from decoder: any Decoder, readingText: Bool) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        // Required: without them a row means nothing (or cannot be remembered as a favorite).
        if let number = try? container.decode(Int.self, forKey: .id) {
            id = number
        } else if let text = try? container.decode(String.self, forKey: .id), let number = Int(text) {
            id = number
        } else {
            throw DecodingError.keyNotFound(CodingKeys.id, .init(codingPath: container.codingPath, debugDescription: "no id"))
        }
        name = try container.decodeReadable(String.self, forKey: .name)
        price = try container.decodeReadable(Check24Price.self, forKey: .price)
        // Degrading: a wrong or missing value becomes a neutral one, and the field is named.
        var unreadable: [String] = []
        func string(_ key: CodingKeys) -> String? {
            if !readingText {
                guard let value = (try? container.decodeIfPresent(JSONValueReference.self, forKey: key)).flatMap({ $0 }),
                      value.isReadableText else {
                    unreadable.append(key.stringValue)
                    return nil
                }
                return ""
            }
            guard let value = (try? container.decodeIfPresent(String.self, forKey: key)).flatMap({ $0 }) else {
                unreadable.append(key.stringValue)
                return nil
            }
            return value
        }
        func value<T: Decodable>(_ type: T.Type, _ key: CodingKeys) -> T? {
            guard let value = (try? container.decodeIfPresent(type, forKey: key)).flatMap({ $0 }) else {
                unreadable.append(key.stringValue)
                return nil
            }
            return value
        }
        type = string(.type) ?? ""
        color = string(.color) ?? ""
        imageAddress = string(.imageURL)
        colorCode = string(.colorCode).flatMap(Self.normalizedHex)
        available = value(Bool.self, .available) ?? false
        releaseDate = value(Double.self, .releaseDate).flatMap { seconds in
            // Out of range (before 1970 or after 2100, as in a payload claiming year 506713) is unreadable.
            guard Self.plausibleReleaseDates.contains(seconds) else { unreadable.append(CodingKeys.releaseDate.stringValue); return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        description = string(.description) ?? ""
        longDescription = string(.longDescription) ?? ""
        let rawRating = value(Double.self, .rating) ?? 0
        if rawRating.isFinite, (0...5).contains(rawRating) {
            rating = rawRating
        } else {
            rating = 0
            if !unreadable.contains(CodingKeys.rating.stringValue) { unreadable.append(CodingKeys.rating.stringValue) }
        }
        unreadableFields = unreadable
    }

    /// 1970-01-01 to 2100-01-01, in seconds since 1970.
    static let plausibleReleaseDates = 0.0...4_102_444_800.0

    /// `"ffecb3"` / `"#FFECB3"` → `"FFECB3"`; anything but six hex digits → nil.
    static func normalizedHex(_ text: String) -> String? {
        var digits = Substring(text).utf8
        if digits.first == UInt8(ascii: "#") { digits = digits.dropFirst() }
        guard digits.count == 6 else { return nil }
        var isHex = true
        // Six ASCII bytes fit in a small string: no allocation per product.
        let upper = String(unsafeUninitializedCapacity: 6) { buffer in
            for (index, digit) in digits.enumerated() {
                switch digit {
                case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"): buffer[index] = digit
                case UInt8(ascii: "a")...UInt8(ascii: "f"): buffer[index] = digit - 0x20
                default:
                    isHex = false
                    return 0
                }
            }
            return 6
        }
        return isHex ? upper : nil
    }
}
