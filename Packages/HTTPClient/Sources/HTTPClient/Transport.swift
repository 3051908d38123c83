import Foundation

/// Sends one request and returns whatever the server answered.
///
/// Contract: a non-2xx status is an answer, not an error (``HTTPClient`` decides what it means);
/// failures to get an answer at all are thrown as ``HTTPError`` and nothing else.
public protocol Transport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
}
