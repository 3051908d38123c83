import Foundation
import JSONKit

/// What a server (or a stand-in for one) answered. Any status code, including errors.
public struct HTTPResponse: Sendable, Hashable {
    public var statusCode: Int
    public var headers: [String: String]
    public var body: Data
    /// The URL that answered (after redirects, where the transport follows them).
    public var url: URL

    public init(statusCode: Int, headers: [String: String] = [:], body: Data = Data(), url: URL) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }

    /// `true` for 2xx.
    public var isSuccess: Bool { (200..<300).contains(statusCode) }

    /// The value of the header `name`, compared case-insensitively as HTTP requires.
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.key.lowercased() == wanted }?.value
    }

    /// Decodes the body as JSON with ``LazyJSONDecoder``, whatever the status (useful for 422 validation bodies).
    public func decode<T: Decodable>(_ type: T.Type) throws(HTTPError) -> T {
        do {
            return try LazyJSONDecoder().decode(type, from: body)
        } catch let error as DecodingError {
            throw HTTPError.decoding(DecodingErrorDescription.describe(error))
        } catch {
            throw HTTPError.decoding("the answer " + DecodingProblem.predicate(for: error))
        }
    }
}
