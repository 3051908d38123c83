import Foundation

/// Sends requests through a ``Transport`` and turns answers into data, decoded values or typed errors.
public struct HTTPClient: Sendable {
    public let transport: any Transport

    public init(transport: any Transport) {
        self.transport = transport
    }

    /// The answer as it came, whatever its status (for POST/PUT, where a 422 body carries validation messages).
    /// Throws only when there is no answer at all.
    public func send(_ request: HTTPRequest) async throws(HTTPError) -> HTTPResponse {
        do {
            return try await transport.send(request)
        } catch let error as HTTPError {
            throw error
        } catch is CancellationError {
            throw HTTPError.cancelled
        } catch {
            throw HTTPError.other(String(describing: error))
        }
    }

    /// The body of a 2xx answer; any other status throws ``HTTPError/status(code:body:)``.
    public func data(_ request: HTTPRequest) async throws(HTTPError) -> Data {
        let response = try await send(request)
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        return response.body
    }

    /// The bytes of a picture (any 2xx answer, at most ``HTTPRequest/ByteLimit/picture``): what an image
    /// repository fetches. The type is not checked: servers label pictures loosely, and the decoder sniffs them.
    public func picture(at url: URL) async throws(HTTPError) -> Data {
        try await data(.get(url, byteLimit: HTTPRequest.ByteLimit.picture))
    }

    /// The body of a 2xx answer decoded as JSON. A shape mismatch throws ``HTTPError/decoding(_:)``
    /// with the path and the problem, e.g. "products[3].price: expected a number, found a string".
    public func decode<T: Decodable>(
        _ type: T.Type,
        from request: HTTPRequest
    ) async throws(HTTPError) -> T {
        let response = try await send(request)
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        let value = try HTTPResponse(statusCode: 200, body: response.body, url: request.url).decode(type)
        await keepDecoded(response, for: request)
        return value
    }
}
