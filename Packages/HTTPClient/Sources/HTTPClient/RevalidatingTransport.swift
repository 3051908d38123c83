import Foundation

/// An answer kept from an earlier run, with the validators to ask whether it is still current.
public struct StoredAnswer: Sendable, Equatable {
    public var body: Data
    public var contentType: String?
    public var etag: String?
    public var lastModified: String?
    /// When the server last said this answer was current.
    public var storedAt: Date

    public init(body: Data, contentType: String? = nil, etag: String? = nil, lastModified: String? = nil, storedAt: Date) {
        self.body = body
        self.contentType = contentType
        self.etag = etag
        self.lastModified = lastModified
        self.storedAt = storedAt
    }
}

/// Where a ``RevalidatingTransport`` keeps the last good answers (a SQLite file in the app, read and
/// written on its own queue, so the calls are awaited; a dictionary in tests). Failures to read or
/// write are the archive's to swallow: a broken store must never cost an answer from the network.
public protocol AnswerArchive: Sendable {
    func storedAnswer(for url: URL) async -> StoredAnswer?
    func store(_ answer: StoredAnswer, for url: URL) async
    func markCurrent(_ url: URL, at date: Date) async
}

/// Keeps the last good answer to a GET, asks the server only whether it changed when one is kept
/// (`If-None-Match` / `If-Modified-Since`; a 304 answers with the kept body), and answers with the kept
/// one when the server cannot be reached or fails (5xx), marked with when it was current
/// (``HTTPResponse/storedAt``): the feature shows it with an "offline — as of" notice.
///
/// A request sent with `Cache-Control: no-cache` is revalidated like any other, but no kept answer
/// stands in for it: an answer that must be the server's own now (a check before a write) fails
/// instead of showing an old one.
///
/// A 200 is kept only once it has decoded (``HTTPClient`` calls ``keep(_:for:)`` after decoding):
/// a body that is garbled, or not the shape the feature reads, never replaces a good one.
public struct RevalidatingTransport: Transport {
    /// The header that marks an answer that came from the archive because the server did not give one.
    public static let storedAtHeader = "X-Apps-CLI-Stored-At"
    /// The header that marks a kept answer the server said is still current (a 304): nothing new to keep.
    public static let revalidatedHeader = "X-Apps-CLI-Revalidated"

    private let base: any Transport
    private let archive: any AnswerArchive
    private let now: @Sendable () -> Date

    public init(_ base: any Transport, archive: any AnswerArchive, now: @escaping @Sendable () -> Date = Date.init) {
        self.base = base
        self.archive = archive
        self.now = now
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard request.method == .get else { return try await base.send(request) }
        let stored = await archive.storedAnswer(for: request.url)
        let answer: ConditionalGET.Answer
        do {
            answer = try await ConditionalGET(request, etag: stored?.etag, lastModified: stored?.lastModified)
                .send { (request: HTTPRequest) async throws -> HTTPResponse in try await base.send(request) }
        } catch let error as HTTPError where error.meansNoAnswer {
            guard let stored, !Self.refusesStandIns(request) else { throw error }
            return Self.response(stored, for: request.url, offline: true)
        }
        let response = answer.response
        if answer.notModified, let stored {
            await archive.markCurrent(request.url, at: now())
            return Self.response(stored, for: request.url, offline: false)
        }
        if (500..<600).contains(response.statusCode), let stored, !Self.refusesStandIns(request) {
            return Self.response(stored, for: request.url, offline: true)
        }
        return response
    }

    /// `Cache-Control: no-cache`: only the server's answer will do.
    static func refusesStandIns(_ request: HTTPRequest) -> Bool {
        request.headers.contains { $0.key.lowercased() == "cache-control" && $0.value.lowercased().contains("no-cache") }
    }

    private static func response(_ stored: StoredAnswer, for url: URL, offline: Bool) -> HTTPResponse {
        var headers: [String: String] = [revalidatedHeader: "1"]
        if let contentType = stored.contentType { headers["Content-Type"] = contentType }
        if offline { headers[storedAtHeader] = String(stored.storedAt.timeIntervalSince1970) }
        return HTTPResponse(statusCode: 200, headers: headers, body: stored.body, url: url)
    }
}

/// A transport that keeps answers and can give a kept one without asking the server: what a screen
/// shows at once while it asks.
public protocol KeepsAnswers: Transport {
    /// The kept answer to `request`, marked with when it was current; nil when none is kept.
    func keptAnswer(for request: HTTPRequest) async -> HTTPResponse?
    /// Keeps `response`, a fresh 200 to `request` that decoded (a kept or revalidated one is not kept again).
    func keep(_ response: HTTPResponse, for request: HTTPRequest) async
}

extension RevalidatingTransport: KeepsAnswers {
    public func keptAnswer(for request: HTTPRequest) async -> HTTPResponse? {
        guard request.method == .get, let stored = await archive.storedAnswer(for: request.url) else { return nil }
        return Self.response(stored, for: request.url, offline: true)
    }

    public func keep(_ response: HTTPResponse, for request: HTTPRequest) async {
        guard request.method == .get, response.statusCode == 200, response.header(Self.revalidatedHeader) == nil else { return }
        let validators = ConditionalGET.validators(of: response)
        await archive.store(StoredAnswer(body: response.body, contentType: response.header("Content-Type"), etag: validators.etag,
                                         lastModified: validators.lastModified, storedAt: now()), for: request.url)
    }
}

extension HTTPError {
    /// The server could not be reached or gave up: no answer to show, so a kept one is shown instead.
    public var meansNoAnswer: Bool {
        switch self {
        case .offline, .timeout, .connectionLost: true
        case .status, .decoding, .invalidURL, .tooLarge, .unexpectedContentType, .cancelled, .other: false
        }
    }
}

extension HTTPResponse {
    /// When the answer was current, if it came from the archive because the server gave none
    /// (``RevalidatingTransport``); nil for a fresh answer.
    public var storedAt: Date? {
        header(RevalidatingTransport.storedAtHeader).flatMap(Double.init).map(Date.init(timeIntervalSince1970:))
    }
}

/// A decoded value and whether it is fresh: `storedAt` is when it was current, when the server could
/// not be reached and a kept answer stood in.
public struct Fetched<Value: Sendable>: Sendable {
    public var value: Value
    public var storedAt: Date?

    public init(_ value: Value, storedAt: Date? = nil) {
        self.value = value
        self.storedAt = storedAt
    }
}

extension Fetched: Equatable where Value: Equatable {}

extension HTTPClient {
    /// The kept answer to `request` decoded, without asking the server (nil when none is kept, it no
    /// longer decodes, or the transport keeps nothing).
    public func kept<T: Decodable & Sendable>(_ type: T.Type, for request: HTTPRequest) async -> Fetched<T>? {
        guard let keeper = transport as? any KeepsAnswers, let response = await keeper.keptAnswer(for: request),
              let value = try? response.decode(type) else { return nil }
        return Fetched(value, storedAt: response.storedAt)
    }

    /// ``decode(_:from:)``, saying whether the answer came from the archive instead of the server.
    public func fetch<T: Decodable & Sendable>(_ type: T.Type, from request: HTTPRequest) async throws(HTTPError) -> Fetched<T> {
        let response = try await send(request)
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        let value = try HTTPResponse(statusCode: 200, body: response.body, url: request.url).decode(type)
        await keepDecoded(response, for: request)
        return Fetched(value, storedAt: response.storedAt)
    }

    /// Hands an answer that decoded to a transport that keeps answers: only those are kept.
    func keepDecoded(_ response: HTTPResponse, for request: HTTPRequest) async {
        await (transport as? any KeepsAnswers)?.keep(response, for: request)
    }
}
