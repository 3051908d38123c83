import Foundation
import HTTPClient
import Storage

/// The live catalog: `GET {base}/products-test.json` (the legal page comes through WebBrowser's
/// `HTTPWebPageLoader`).
///
/// With a ``Check24CatalogStore`` the catalog of the last good answer is kept: the next launch asks
/// only whether it changed, through HTTPClient's one `ConditionalGET` (the question every kept answer
/// is revalidated with: `If-None-Match` / `If-Modified-Since`, asked again plainly when refused), and
/// on a 304 pages the kept one without parsing the payload again; when the server cannot be reached (no answer, a timeout) the
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
        let get = ConditionalGET(.get(url, byteLimit: HTTPRequest.ByteLimit.list), etag: kept?.etag, lastModified: kept?.lastModified)
        let answer: ConditionalGET.Answer
        do {
            answer = try await client.sendConditional(get)
        } catch {
            guard error.meansNoAnswer, let kept, let catalog = try? await store?.perform({ $0.catalog(for: url) }) else { throw error }
            return Fetched(catalog, storedAt: kept.storedAt)
        }
        var response = answer.response
        if answer.notModified {
            let now = now()
            if let store, let catalog = try? await store.perform({ store in
                store.catalog(for: url).map { catalog in store.markCurrent(url, at: now); return catalog }
            }) {
                return Fetched(catalog)
            }
            // The kept catalog could not be read (its payload gone or changed): ask for the whole one.
            response = try await client.send(get.plain)
        }
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        let decoded = try HTTPResponse(statusCode: 200, body: response.body, url: url).decode(Check24Catalog.self)
        guard store != nil else { return Fetched(decoded) }
        let validators = ConditionalGET.validators(of: response)
        return Fetched(decoded.receiving(ReceivedPayload(url: url, body: response.body, etag: validators.etag, lastModified: validators.lastModified)))
    }

    public func keepCatalog(_ catalog: Check24Catalog) async {
        // Keeping is for the next launch: a store that cannot write costs nothing now.
        let now = now()
        _ = try? await store?.perform { try $0.keep(catalog, at: now) }
    }
}
