import Foundation

/// The one conditional GET: asks the server whether the answer kept with these validators changed
/// (`If-None-Match` / `If-Modified-Since`), and, when it refuses in a way the validators can cause, asks
/// again plainly. ``RevalidatingTransport`` asks through it for every kept answer, and a feature that
/// keeps its own parsed copy (check24's catalog store, which skips parsing again on a 304) asks through
/// it too (``HTTPClient/sendConditional(_:)``): what a 304 means, which validators are sent and when to
/// ask again without them is decided here once.
public struct ConditionalGET: Sendable {
    /// Validators (`ETag`, `Last-Modified`) longer than this are neither kept nor sent: every later
    /// request would carry one back, and a server that refuses such a header (431) would refuse the
    /// list for good. Real validators are tens of bytes.
    public static let maximumValidatorBytes = 2048

    /// The request without validators: what is asked again when the conditional one is refused.
    public let plain: HTTPRequest
    /// The request as sent first: `plain` with the usable validators (``usable(_:)``).
    public let conditional: HTTPRequest

    /// The GET `plain`, conditional on the kept answer's `etag` and `lastModified` (nil when none is
    /// kept; a validator too long to send back is left out).
    public init(_ plain: HTTPRequest, etag: String?, lastModified: String?) {
        self.plain = plain
        conditional = plain.revalidating(etag: Self.usable(etag), lastModified: Self.usable(lastModified))
    }

    /// The server's answer, and whether it said the kept answer is still current.
    public struct Answer: Sendable {
        public var response: HTTPResponse
        /// A 304: the kept answer is current, and `response` has no body to use.
        public var notModified: Bool { response.statusCode == 304 }
    }

    /// Sends the conditional request with `send`; a refusal that a validator can cause
    /// (``mayRefuseValidators(_:)``) is asked once more as the plain request, whose answer is the server's word.
    public func send<Failure: Error>(
        through send: (HTTPRequest) async throws(Failure) -> HTTPResponse
    ) async throws(Failure) -> Answer {
        var response = try await send(conditional)
        if Self.mayRefuseValidators(response.statusCode), conditional.headers != plain.headers {
            response = try await send(plain)
        }
        return Answer(response: response)
    }

    /// Whether `status` may be a refusal of a conditional request's validators (400 Bad Request, 412
    /// Precondition Failed, 413/431 too large, 414), so that the request is worth asking once more
    /// without them. Not 401, 403, 404, 410 or 429: those are about the resource or the client.
    public static func mayRefuseValidators(_ status: Int) -> Bool {
        [400, 412, 413, 414, 431].contains(status)
    }

    /// `validator` when it is short enough to send back (``maximumValidatorBytes``).
    public static func usable(_ validator: String?) -> String? {
        validator.flatMap { $0.utf8.count <= maximumValidatorBytes ? $0 : nil }
    }

    /// The validators of `response` worth keeping for the next conditional GET: its `ETag` and
    /// `Last-Modified`, each when it is ``usable(_:)``.
    public static func validators(of response: HTTPResponse) -> (etag: String?, lastModified: String?) {
        (usable(response.header("ETag")), usable(response.header("Last-Modified")))
    }
}

extension HTTPRequest {
    /// The request asking only whether the answer kept with these validators changed
    /// (`If-None-Match`, `If-Modified-Since`): a 304 means it did not.
    public func revalidating(etag: String?, lastModified: String?) -> HTTPRequest {
        var conditional = self
        if let etag { conditional.headers["If-None-Match"] = etag }
        if let lastModified { conditional.headers["If-Modified-Since"] = lastModified }
        return conditional
    }
}

extension HTTPClient {
    /// ``ConditionalGET``'s question sent through this client: the answer (a 304 is ``ConditionalGET/Answer/notModified``),
    /// throwing only when there is no answer at all, as ``send(_:)`` does.
    public func sendConditional(_ get: ConditionalGET) async throws(HTTPError) -> ConditionalGET.Answer {
        try await get.send { (request: HTTPRequest) async throws(HTTPError) -> HTTPResponse in try await send(request) }
    }
}
