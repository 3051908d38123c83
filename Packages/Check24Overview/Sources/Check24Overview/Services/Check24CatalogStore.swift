import Foundation
import HTTPClient
import JSONKit
import Storage

/// The catalogs kept from the server's last good answers, per URL, in the data directory: a row of
/// `check24-catalogs.sqlite` (validators, header, filters, skipped products and the products'
/// outlines with where each stands in the payload) and the payload itself beside it, in
/// `check24-catalogs/`. A launch whose request the server answers 304, or that finds no server,
/// reads the outlines (a few bytes a product) and maps the payload: it decodes only the rows it
/// shows, and no catalog of 100,000 products is parsed again.
///
/// Bounded: at most ``maximumCatalogs`` catalogs (the least recently current go first), a payload
/// up to the list limit. A payload is written whole under a new name before its row names it, and
/// the one it replaces goes after the commit: a kill at any point leaves a row and its payload.
public final class Check24CatalogStore: SQLiteStore {
    public static let fileName = "check24-catalogs.sqlite"
    public static let payloadsFolder = "check24-catalogs"
    public static let maximumCatalogs = 4

    public let database: SQLiteDatabase
    private let payloads: URL

    /// Opens (creating on first use) the store in `directory`.
    /// - Throws: ``StorageError`` when the file cannot be opened (a damaged one: ``StorageError/corrupt(path:)``).
    public init(directory: URL) throws {
        // A cache: a store another process holds is given up on quickly (see ResponseStore).
        database = try SQLiteDatabase.open(directory: directory, fileName: Self.fileName, busyTimeout: ResponseStore.busyTimeout)
        // A cache (see ResponseStore): no fsync per launch for marking a catalog current.
        try database.execute("PRAGMA synchronous = NORMAL")
        // A first launch keeps a catalog and ends: it does not wait to copy the outlines out of the log.
        try database.keepWriteAheadLogOnClose(checkpointAfterPages: 1000)
        payloads = directory.appendingPathComponent(Self.payloadsFolder, isDirectory: true)
        try database.migrate([
            Migration(version: 1, sql: """
                CREATE TABLE catalogs (
                  url TEXT PRIMARY KEY, etag TEXT, last_modified TEXT, stored_at REAL NOT NULL,
                  title TEXT NOT NULL, subtitle TEXT NOT NULL, filters TEXT NOT NULL, skipped TEXT NOT NULL,
                  payload TEXT NOT NULL, payload_size INTEGER NOT NULL);
                -- Apart from the row a 304 marks current: that rewrites a small row, not the outlines.
                CREATE TABLE catalog_outlines (url TEXT PRIMARY KEY, outlines BLOB NOT NULL);
                """),
            // Catalogs were kept under the URL as requested, a password in it too: those rows go (a payload
            // holds no URL), and catalogs are kept under StoreKey since.
            Migration(version: 2, sql: """
                PRAGMA secure_delete = ON;
                DELETE FROM catalog_outlines WHERE url GLOB '*://*:*@*';
                DELETE FROM catalogs WHERE url GLOB '*://*:*@*';
                """),
        ])
    }

    /// The validators of the catalog kept for `url`, and when the server last said it was current.
    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?
        var storedAt: Date
    }

    func validators(for url: URL) -> Validators? {
        guard let row = try? database.query("SELECT etag, last_modified, stored_at FROM catalogs WHERE url = ?", [.text(StoreKey.of(url))]).first,
              let storedAt = try? row.double("stored_at") else { return nil }
        return Validators(etag: try? row.string("etag"), lastModified: try? row.string("last_modified"),
                          storedAt: Date(timeIntervalSince1970: storedAt))
    }

    /// The catalog kept for `url`, its payload mapped; nil when none is kept or it cannot be read
    /// (a payload gone or changed on disk is forgotten).
    func catalog(for url: URL) -> Check24Catalog? {
        guard let row = try? database.query("""
                SELECT c.*, o.outlines FROM catalogs c JOIN catalog_outlines o ON o.url = c.url WHERE c.url = ?
                """, [.text(StoreKey.of(url))]).first else { return nil }
        let file = try? row.string("payload")
        guard let file, let size = try? row.int("payload_size"),
              let outlineBytes = try? row.data("outlines"),
              let payload = try? Data(contentsOf: payloads.appendingPathComponent(file), options: .alwaysMapped), payload.count == size,
              let outlines = Self.outlines(from: outlineBytes),
              Self.samplesDecode(outlines, in: payload)
        else {
            if let file { forget(url, payload: file) }
            return nil
        }
        let filters = ((try? row.string("filters")) ?? "").components(separatedBy: "\u{1}")
        return Check24Catalog(header: Check24Header(title: (try? row.string("title")) ?? "", subtitle: (try? row.string("subtitle")) ?? ""),
                              filters: filters.count == ProductFilter.allCases.count ? filters : Check24Catalog.defaultFilters,
                              products: Check24Products(kept: outlines, payload: payload),
                              skipped: Self.skipped(from: (try? row.string("skipped")) ?? ""))
    }

    /// The server said the kept catalog is still current (a 304).
    func markCurrent(_ url: URL, at date: Date) {
        try? database.execute("UPDATE catalogs SET stored_at = ? WHERE url = ?", [.real(date.timeIntervalSince1970), .text(StoreKey.of(url))])
    }

    /// Keeps `catalog` (just received, with its payload) for the next launches.
    func keep(_ catalog: Check24Catalog, at date: Date) throws {
        guard let received = catalog.received, let outlines = catalog.products.keptOutlines else { return }
        let url = StoreKey.of(received.url)
        let file = UUID().uuidString.lowercased() + ".json"
        try FileManager.default.createDirectory(at: payloads, withIntermediateDirectories: true)
        try received.body.write(to: payloads.appendingPathComponent(file), options: .atomic)
        // A transaction that fails leaves no payload behind that no row names.
        var committed = false
        defer { if !committed { try? FileManager.default.removeItem(at: payloads.appendingPathComponent(file)) } }
        let replaced: [String] = try database.transaction { transaction in
            let old = try transaction.query("SELECT payload FROM catalogs WHERE url = ?", [.text(url)]).compactMap { try $0.string("payload") }
            try transaction.execute("""
                INSERT OR REPLACE INTO catalogs (url, etag, last_modified, stored_at, title, subtitle, filters, skipped, payload, payload_size)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, [.text(url), received.etag.map(SQLiteValue.text) ?? .null, received.lastModified.map(SQLiteValue.text) ?? .null,
                      .real(date.timeIntervalSince1970), .text(catalog.header.title), .text(catalog.header.subtitle),
                      .text(catalog.filters.joined(separator: "\u{1}")), .text(Self.text(of: catalog.skipped)),
                      .text(file), .integer(Int64(received.body.count))])
            try transaction.execute("INSERT OR REPLACE INTO catalog_outlines (url, outlines) VALUES (?, ?)",
                                    [.text(url), .blob(Self.bytes(of: outlines))])
            // The least recently current beyond the bound go, with their payloads.
            let evicted = try transaction.query("SELECT url, payload FROM catalogs ORDER BY stored_at DESC LIMIT -1 OFFSET ?",
                                                [.integer(Int64(Self.maximumCatalogs))])
            for row in evicted {
                let evictedURL: SQLiteValue = .text(try row.string("url") ?? "")
                try transaction.execute("DELETE FROM catalogs WHERE url = ?; DELETE FROM catalog_outlines WHERE url = ?", [evictedURL, evictedURL])
            }
            return old + (try evicted.compactMap { try $0.string("payload") })
        }
        committed = true
        for name in replaced where name != file { try? FileManager.default.removeItem(at: payloads.appendingPathComponent(name)) }
    }

    /// Forgets the catalog of `url` that names `payload`; one kept meanwhile by another process (naming
    /// another payload) stays.
    private func forget(_ url: URL, payload: String) {
        let forgotten: Bool? = try? database.transaction { transaction in
            try transaction.execute("DELETE FROM catalogs WHERE url = ? AND payload = ?", [.text(StoreKey.of(url)), .text(payload)])
            guard transaction.changes > 0 else { return false }
            try transaction.execute("DELETE FROM catalog_outlines WHERE url = ?", [.text(StoreKey.of(url))])
            return true
        }
        if forgotten == true { try? FileManager.default.removeItem(at: payloads.appendingPathComponent(payload)) }
    }

    /// Some products spread over the payload decode as the products their outlines name: a payload
    /// changed on disk (scribbled on, replaced) is caught before a screen shows blank products.
    static func samplesDecode(_ outlines: [Check24Products.KeptOutline], in payload: Data) -> Bool {
        guard !outlines.isEmpty else { return true }
        let samples = Set(stride(from: 0, to: outlines.count, by: max(1, outlines.count / 32)).map { $0 } + [outlines.count - 1])
        return samples.allSatisfy { index in
            let outline = outlines[index]
            guard outline.bytes.lowerBound >= 0, outline.bytes.upperBound <= payload.count,
                  let product = try? LazyJSONDecoder().decode(Check24Product.self, from: payload.subdata(in: outline.bytes)) else { return false }
            return product.id == outline.id && product.available == outline.available
        }
    }

    // MARK: Encodings

    /// Each product in 25 bytes: id (8), flags (1: available, 2: incomplete), start (8), length (8), little-endian.
    static func bytes(of outlines: [Check24Products.KeptOutline]) -> Data {
        var bytes = [UInt8]()
        bytes.reserveCapacity(outlines.count * 25)
        for outline in outlines {
            appendInteger(outline.id, to: &bytes)
            bytes.append((outline.available ? 1 : 0) | (outline.isIncomplete ? 2 : 0))
            appendInteger(outline.bytes.lowerBound, to: &bytes)
            appendInteger(outline.bytes.count, to: &bytes)
        }
        return Data(bytes)
    }

    private static func appendInteger(_ value: Int, to bytes: inout [UInt8]) {
        var little = Int64(value).littleEndian
        withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
    }

    private static func integer(in raw: UnsafeRawBufferPointer, at offset: Int) -> Int {
        Int(Int64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: Int64.self)))
    }

    static func outlines(from data: Data) -> [Check24Products.KeptOutline]? {
        guard data.count % 25 == 0 else { return nil }
        return data.withUnsafeBytes { raw -> [Check24Products.KeptOutline]? in
            var outlines: [Check24Products.KeptOutline] = []
            outlines.reserveCapacity(data.count / 25)
            for start in stride(from: 0, to: data.count, by: 25) {
                let flags = raw[start + 8], from = integer(in: raw, at: start + 9), length = integer(in: raw, at: start + 17)
                guard from >= 0, length >= 0 else { return nil }
                outlines.append(.init(id: integer(in: raw, at: start), available: flags & 1 != 0, isIncomplete: flags & 2 != 0, bytes: from..<(from + length)))
            }
            return outlines
        }
    }

    /// One skipped product a line: index, reason and its value, tab-separated.
    static func text(of skipped: [SkippedProduct]) -> String {
        skipped.map { product -> String in
            let (kind, value): (String, String) = switch product.reason {
            case .missing(let field): ("missing", field)
            case .outOfRange(let field): ("outOfRange", field)
            case .wrongType(let field): ("wrongType", field)
            case .invalidText(let field): ("invalidText", field)
            case .unreadable(let field): ("unreadable", field)
            case .notAProduct: ("notAProduct", "")
            case .duplicateID(let id): ("duplicateID", String(id))
            }
            return "\(product.index)\t\(kind)\t\(value)"
        }.joined(separator: "\n")
    }

    static func skipped(from text: String) -> [SkippedProduct] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let index = Int(parts[0]) else { return nil }
            let reason: SkippedProduct.Reason? = switch parts[1] {
            case "missing": .missing(field: parts[2])
            case "outOfRange": .outOfRange(field: parts[2])
            case "wrongType": .wrongType(field: parts[2])
            case "invalidText": .invalidText(field: parts[2])
            case "unreadable": .unreadable(field: parts[2])
            case "notAProduct": .notAProduct
            case "duplicateID": Int(parts[2]).map { .duplicateID($0) }
            default: nil
            }
            return reason.map { SkippedProduct(index: index, reason: $0) }
        }
    }
}
