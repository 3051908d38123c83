import Foundation
import HTTPClient
import Storage

/// The live catalog: `GET {base}/products-test.json` (the legal page comes through WebBrowser's
/// `HTTPWebPageLoader`).
///
/// With a ``Check24CatalogStore`` the catalog of the last good answer is kept: the next launch asks
/// only whether it changed (`If-None-Match` / `If-Modified-Since`), and on a 304 pages the kept one
/// without parsing the payload again; when the server cannot be reached (no answer, a timeout) the
/// kept one stands in, marked with when it was current. An answer that is an error (a 5xx, such as
/// `--fail-every`'s) stays an error: a kept catalog never hides it. The store is read and written on
/// its own queue (awaited), never on a thread of the cooperative pool.
public struct HTTPCheck24Service: Check24CatalogService {
    private let client: HTTPClient
    private let baseURL: URL
    private let store: Check24CatalogStore?
    private let now: @Sendable () -> Date

    public init(client: HTTPClient, baseURL: URL, store: Check24CatalogStore? = nil, now: @escaping @Sendable () -> Date = Date.init) {
        self.client = client
        self.baseURL = baseURL
        self.store = store
        self.now = now
    }

    public func fetchCatalog() async throws -> Fetched<Check24Catalog> {
        let url = try Check24OverviewModule.productsURL(base: baseURL)
        let kept = try? await store?.perform { $0.validators(for: url) }
        let plain = HTTPRequest.get(url, byteLimit: HTTPRequest.ByteLimit.list)
        let request = plain.revalidating(etag: RevalidatingTransport.usable(kept?.etag), lastModified: RevalidatingTransport.usable(kept?.lastModified))
        var response: HTTPResponse
        do {
            response = try await client.send(request)
            // As RevalidatingTransport does: a 4xx to the conditional request is asked once more without its validators.
            if RevalidatingTransport.mayRefuseValidators(response.statusCode), request.headers != plain.headers {
                response = try await client.send(plain)
            }
        } catch {
            guard error.meansNoAnswer, let kept, let catalog = try? await store?.perform({ $0.catalog(for: url) }) else { throw error }
            return Fetched(catalog, storedAt: kept.storedAt)
        }
        if response.statusCode == 304 {
            let now = now()
            if let store, let catalog = try? await store.perform({ store in
                store.catalog(for: url).map { catalog in store.markCurrent(url, at: now); return catalog }
            }) {
                return Fetched(catalog)
            }
            // The kept catalog could not be read (its payload gone or changed): ask for the whole one.
            response = try await client.send(HTTPRequest.get(url, byteLimit: HTTPRequest.ByteLimit.list))
        }
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        let decoded = try HTTPResponse(statusCode: 200, body: response.body, url: url).decode(Check24Catalog.self)
        guard store != nil else { return Fetched(decoded) }
        return Fetched(decoded.receiving(ReceivedPayload(url: url, body: response.body, etag: RevalidatingTransport.usable(response.header("ETag")),
                                                         lastModified: RevalidatingTransport.usable(response.header("Last-Modified")))))
    }

    public func keepCatalog(_ catalog: Check24Catalog) async {
        // Keeping is for the next launch: a store that cannot write costs nothing now.
        let now = now()
        _ = try? await store?.perform { try $0.keep(catalog, at: now) }
    }
}
