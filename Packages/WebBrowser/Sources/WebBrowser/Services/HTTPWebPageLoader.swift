import Foundation
import HTTPClient

/// The live page loader: `GET` the page through `client`, bounded and typed as a web page.
public struct HTTPWebPageLoader: WebPageLoading {
    /// What the browser can show: HTML and plain text. Anything else (a PDF, an archive) is refused
    /// after its headers, before its body is downloaded.
    public static let acceptedContentTypes = ["text/html", "application/xhtml+xml", "text/plain"]

    private let client: HTTPClient

    /// Loads through `client`, whose transport decides where requests go (network, demo data, faults).
    public init(client: HTTPClient) {
        self.client = client
    }

    /// `GET url` as a web page: at most `HTTPRequest.ByteLimit.webPage` bytes of HTML or text; an
    /// `HTTPError` otherwise (`.unexpectedContentType` for a picture or a PDF, `.status` for a non-2xx answer).
    public func fetchPage(at url: URL) async throws -> WebPage {
        // The transport stops reading at the web-page cap, so a link to a huge file costs at most that.
        let response = try await client.send(.get(url, headers: ["Accept": "text/html"], byteLimit: HTTPRequest.ByteLimit.webPage,
                                                  acceptedContentTypes: Self.acceptedContentTypes))
        guard response.isSuccess else { throw HTTPError.status(code: response.statusCode, rawBody: response.body) }
        return WebPage(url: response.url, html: Self.text(of: response.body, contentType: response.header("Content-Type")))
    }

    /// The body as text. A page that declares Latin-1 or Windows-1252 is read as such; everything
    /// else is read as UTF-8, and a page that is not valid UTF-8 still shows (a bad byte becomes one
    /// replacement character) rather than failing.
    static func text(of body: Data, contentType: String?) -> String {
        switch charset(of: contentType) {
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1":
            if let text = String(data: body, encoding: .isoLatin1) { return text }
        case "windows-1252", "cp1252":
            if let text = String(data: body, encoding: .windowsCP1252) ?? String(data: body, encoding: .isoLatin1) { return text }
        default:
            break
        }
        return String(data: body, encoding: .utf8) ?? String(decoding: body, as: UTF8.self)
    }

    /// The `charset` parameter of a media type, lowercased without quotes: `text/html; charset="UTF-8"` → `utf-8`.
    static func charset(of contentType: String?) -> String? {
        guard let contentType else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "charset" else { continue }
            return parts[1].trimmingCharacters(in: CharacterSet.whitespaces.union(CharacterSet(charactersIn: "\""))).lowercased()
        }
        return nil
    }
}
