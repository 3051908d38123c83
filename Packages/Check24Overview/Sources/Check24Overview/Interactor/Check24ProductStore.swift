import Foundation
import JSONKit
import TextSearch
import Synchronization

/// The catalog store behind the interactor: a catalog's products in the payload's order, handed out
/// by position (the filters below keep positions into it). Entities stay plain values; the outlines
/// and the cache of decoded products live here.
///
/// Decoded from the network, each product is kept as where it stands in the payload plus what the
/// list needs before it is on screen: its id, whether it is available, whether it is complete. A
/// product is decoded when a row shows it, and up to 512 decoded ones around the rows shown are
/// kept. A catalog of 100,000 products so costs its payload's bytes and a few bytes a product, not
/// 100,000 products' strings, and its first frame does not wait for products nobody has scrolled to.
public struct Check24Products: RandomAccessCollection, Sendable, ExpressibleByArrayLiteral {
    /// What the list knows of a product it has not decoded: read with the product's own rules
    /// (``Check24Product/init(from:readingText:)``), so a product is listed exactly when it decodes.
    struct Outline: Sendable {
        let id: Int
        let available: Bool
        let isIncomplete: Bool
        let reference: JSONValueReference
    }

    /// What the list knows of a product of a catalog kept from an earlier run: its outline, and
    /// where its bytes stand in the kept payload.
    struct KeptOutline: Sendable, Equatable {
        let id: Int
        let available: Bool
        let isIncomplete: Bool
        let bytes: Range<Int>
    }

    private enum Storage: Sendable {
        case decoded([Check24Product])
        case outlined([Outline], RecentProducts)
        /// A catalog kept from an earlier run: outlines read from the store, each product decoded
        /// from its own bytes of the kept payload (mapped, not read) when a row shows it.
        case kept([KeptOutline], Data, RecentProducts)
    }

    private let storage: Storage

    /// Products already decoded (tests and fakes; a decoder without references).
    public init(_ products: [Check24Product]) {
        storage = .decoded(products)
    }

    public init(arrayLiteral products: Check24Product...) {
        self.init(products)
    }

    init(outlines: [Outline]) {
        storage = .outlined(outlines, RecentProducts())
    }

    init(kept outlines: [KeptOutline], payload: Data) {
        storage = .kept(outlines, payload, RecentProducts())
    }

    /// The outlines with each product's bytes, for keeping the catalog (a catalog decoded from a
    /// payload; nil for one decoded another way).
    var keptOutlines: [KeptOutline]? {
        switch storage {
        case .outlined(let outlines, _):
            outlines.map { KeptOutline(id: $0.id, available: $0.available, isIncomplete: $0.isIncomplete, bytes: $0.reference.byteRange) }
        case .kept(let outlines, _, _): outlines
        case .decoded: nil
        }
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .decoded(let products): products.count
        case .outlined(let outlines, _): outlines.count
        case .kept(let outlines, _, _): outlines.count
        }
    }

    public subscript(position: Int) -> Check24Product {
        switch storage {
        case .decoded(let products):
            return products[position]
        case .outlined(let outlines, let recent):
            return recent.product(at: position) { Self.product(outlines[position]) }
        case .kept(let outlines, let payload, let recent):
            return recent.product(at: position) { Self.product(outlines[position], in: payload) }
        }
    }

    /// The id of the product at `position`, without decoding it.
    public func id(at position: Int) -> Int {
        switch storage {
        case .decoded(let products): products[position].id
        case .outlined(let outlines, _): outlines[position].id
        case .kept(let outlines, _, _): outlines[position].id
        }
    }

    /// Is the product at `position` available? Without decoding it.
    public func isAvailable(at position: Int) -> Bool {
        switch storage {
        case .decoded(let products): products[position].available
        case .outlined(let outlines, _): outlines[position].available
        case .kept(let outlines, _, _): outlines[position].available
        }
    }

    /// The positions of the products with fields that could not be read (shown degraded).
    public var incompletePositions: [Int] {
        switch storage {
        case .decoded(let products): products.indices.filter { !products[$0].unreadableFields.isEmpty }
        case .outlined(let outlines, _): outlines.indices.filter { outlines[$0].isIncomplete }
        case .kept(let outlines, _, _): outlines.indices.filter { outlines[$0].isIncomplete }
        }
    }

    /// Each product's name and description (what its row shows) folded for the `/` filter, by
    /// position: read from the payload without making the products, on every core. Asked for once
    /// per catalog, when the filter is first used, so a launch never pays for it.
    func foldedSearchTexts() -> [String] {
        switch storage {
        case .decoded(let products):
            return products.map { SearchText.folded(name: $0.name, description: $0.description) }
        case .outlined(let outlines, _):
            return outlines.map(\.reference).concurrentMap { (try? $0.decode(SearchText.self).folded) ?? "" }
        case .kept(let outlines, let payload, _):
            return ConcurrentChunks.mapPositions(count: outlines.count) { position in
                let bytes = outlines[position].bytes
                guard bytes.lowerBound >= 0, bytes.upperBound <= payload.count else { return "" }
                return (try? LazyJSONDecoder().decode(SearchText.self, from: payload.subdata(in: bytes)).folded) ?? ""
            }
        }
    }

    /// The texts of a product the `/` filter matches, read on their own from its JSON.
    private struct SearchText: Decodable {
        let folded: String

        enum CodingKeys: String, CodingKey { case name, description }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            folded = Self.folded(name: (try? container.decode(String.self, forKey: .name)) ?? "",
                                 description: (try? container.decodeIfPresent(String.self, forKey: .description)).flatMap { $0 } ?? "")
        }

        /// On two lines, so that no word of a query is found across the two.
        static func folded(name: String, description: String) -> String {
            SearchQuery.fold(description.isEmpty ? name : name + "\n" + description)
        }
    }

    /// A kept product, decoded from its own bytes. They were outlined with the same rules when the
    /// catalog was kept; a payload changed on disk since yields the neutral product, never a trap.
    private static func product(_ outline: KeptOutline, in payload: Data) -> Check24Product {
        let neutral = Check24Product(id: outline.id, name: "", available: outline.available, price: Check24Price(value: 0, currency: "EUR"))
        guard outline.bytes.lowerBound >= 0, outline.bytes.upperBound <= payload.count else { return neutral }
        return (try? LazyJSONDecoder().decode(Check24Product.self, from: payload.subdata(in: outline.bytes))) ?? neutral
    }

    /// The outlined product, decoded. Its outline was read with the same rules, so this decodes; the
    /// neutral product is there only so that a row never traps in a release build.
    private static func product(_ outline: Outline) -> Check24Product {
        do {
            return try outline.reference.decode(Check24Product.self)
        } catch {
            assertionFailure("product \(outline.id) was outlined but does not decode: \(error)")
            return Check24Product(id: outline.id, name: "", available: outline.available, price: Check24Price(value: 0, currency: "EUR"))
        }
    }
}

/// The products decoded most recently, by position: the rows on screen and around them, so a key
/// press decodes only the rows that came into view.
final class RecentProducts: Sendable {
    /// Several screens of rows.
    static let capacity = 512
    /// When full, the products this far from the one asked for stay (the screen it is on and its
    /// neighbours); the others go.
    static let keptWhenFull = capacity / 4
    private let products = Mutex<[Int: Check24Product]>([:])

    func product(at position: Int, decode: () -> Check24Product) -> Check24Product {
        if let known = products.withLock({ $0[position] }) { return known }
        let decoded = decode()
        products.withLock { products in
            if products.count >= Self.capacity {
                products = products.filter { abs($0.key - position) <= Self.keptWhenFull }
            }
            products[position] = decoded
        }
        return decoded
    }
}

/// A catalog's products by filter, worked out once per load: switching the filter then costs the
/// favorites (a handful), never a pass over a catalog of 100,000 products. Filters keep positions
/// into the catalog, not copies of its products; a product is found by id without a look at each.
public struct Check24FilteredCatalog: RandomAccessCollection, Sendable {
    public let all: Check24Products
    private let availablePositions: [Int]
    private let positionByID: [Int: Int]

    public init(products: Check24Products) {
        all = products
        var available: [Int] = []
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(products.count)
        for position in products.indices {
            positions[products.id(at: position)] = position
            if products.isAvailable(at: position) { available.append(position) }
        }
        availablePositions = available
        positionByID = positions
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { all.count }
    public subscript(position: Int) -> Check24Product { all[position] }

    /// Where the product with `id` is in the catalog.
    public func position(ofID id: Int) -> Int? { positionByID[id] }

    /// The positions in the catalog of the products `filter` shows, in order; nil for all of them.
    public func positions(for filter: ProductFilter, favorites: Set<Int>) -> [Int]? {
        switch filter {
        case .all: nil
        case .available: availablePositions
        case .favorites: favorites.compactMap { positionByID[$0] }.sorted()
        }
    }
}
