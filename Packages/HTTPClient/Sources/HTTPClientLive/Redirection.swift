import Foundation
import HTTPClient

/// What a redirect asks of the next request, as RFC 9110 §15.4 says, decided here rather than by
/// libcurl: libcurl keeps a custom method (`CURLOPT_CUSTOMREQUEST`) across every redirect, so a
/// `DELETE` answered `303 See Other` would be sent on as a `DELETE`, and a `PUT` would lose its body.
///
/// - 303 is always followed with `GET` (a `HEAD` stays a `HEAD`), without the body.
/// - 301 and 302 after a `POST` become a `GET` (what every user agent does); other methods stay.
/// - 307 and 308 keep the method and the body.
/// - A change (any method but `GET` and `HEAD`) is never sent on to another origin, nor followed
///   there with a `GET`: only the server that holds the data can say the change was made, so such a
///   redirect is an error that names where the change was sent.
/// - Credentials and cookies are never carried to another origin.
/// - Only `http:` and `https:` are followed; any other scheme is an error that names it.
enum Redirection {
    /// The statuses that are followed when they carry a `Location`.
    static let followed: Set<Int> = [301, 302, 303, 307, 308]
    /// Header fields that belong to the body and go when a redirect drops it.
    private static let bodyHeaders: Set<String> = ["content-type", "content-length", "content-encoding", "content-language", "content-location"]
    /// Header fields that belong to the origin and never cross to another one.
    private static let originHeaders: Set<String> = ["authorization", "cookie", "proxy-authorization"]

    /// The request a redirect of `request` to `location` asks for: nil when `status` is not a
    /// redirect that is followed (the answer is then the result).
    /// - Parameters:
    ///   - original: the request as the caller made it (whether it is a change, and its origin).
    /// - Throws: ``HTTPError/other(_:)`` for a change sent to another origin, or a scheme other than http(s).
    static func next(status: Int, location: URL?, after request: HTTPRequest, original: HTTPRequest) throws(HTTPError) -> HTTPRequest? {
        guard followed.contains(status), let location else { return nil }
        let from = CurlTransport.endpoint(of: request.url)
        guard let scheme = location.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = location.host, !host.isEmpty else {
            let named = location.scheme.map { "a \($0.lowercased()): address" } ?? "an address that is not a web address"
            throw .other("the server at \(from) redirected to \(named), which is not followed")
        }
        let isChange = original.method != .get && original.method != .head
        if isChange, !sameOrigin(location, original.url) {
            throw .other("the server at \(CurlTransport.endpoint(of: original.url)) sent the change on to \(URLDisplay.redacted(location)), "
                         + "another server; it was not sent there, so it is not known to be made")
        }
        var next = request
        next.url = location
        let becomesGet = (status == 303 && request.method != .head) || ((status == 301 || status == 302) && request.method == .post)
        if becomesGet {
            next.method = .get
            next.body = nil
            next.headers = next.headers.filter { !bodyHeaders.contains($0.key.lowercased()) }
        }
        if !sameOrigin(location, request.url) {
            next.headers = next.headers.filter { !originHeaders.contains($0.key.lowercased()) }
        }
        return next
    }

    /// Scheme, host and port alike (the port defaulted by the scheme), as RFC 6454 compares origins.
    static func sameOrigin(_ first: URL, _ second: URL) -> Bool {
        func origin(_ url: URL) -> (String, String, Int)? {
            guard let scheme = url.scheme?.lowercased(), let host = url.host?.lowercased() else { return nil }
            return (scheme, host, url.port ?? (scheme == "https" ? 443 : 80))
        }
        guard let a = origin(first), let b = origin(second) else { return false }
        return a == b
    }
}
