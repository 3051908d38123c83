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

    /// The body as text, in the encoding a browser would pick (the HTML standard's sniffing, in its
    /// order): a byte order mark (UTF-8, UTF-16); the `charset` of the Content-Type header; a
    /// `<meta charset>` or `<meta http-equiv="Content-Type">` in the first 1024 bytes; UTF-16 without a
    /// mark, recognised by its zero bytes around `<`; else UTF-8. Latin-1 is read as Windows-1252, as
    /// browsers do. A page that is not valid in its encoding still shows (bad bytes become U+FFFD).
    static func text(of body: Data, contentType: String?) -> String {
        let bytes = [UInt8](body.prefix(4))
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return decode(body.dropFirst(3), as: .utf8) }
        if bytes.starts(with: [0xFE, 0xFF]) { return decode(body.dropFirst(2), as: .utf16BigEndian) }
        if bytes.starts(with: [0xFF, 0xFE]) { return decode(body.dropFirst(2), as: .utf16LittleEndian) }
        if let declared = charset(of: contentType).flatMap(encoding(named:)) { return decode(body, as: declared) }
        if bytes.count >= 2, bytes[0] == 0, bytes[1] != 0 { return decode(body, as: .utf16BigEndian) }
        if bytes.count >= 2, bytes[0] != 0, bytes[1] == 0 { return decode(body, as: .utf16LittleEndian) }
        if let declared = metaCharset(in: body).flatMap(encoding(named:)),
           declared != .utf16BigEndian, declared != .utf16LittleEndian, declared != .utf16 { // a page readable as ASCII is not UTF-16
            return decode(body, as: declared)
        }
        return decode(body, as: .utf8)
    }

    private static func decode(_ body: Data, as encoding: String.Encoding) -> String {
        if let text = String(data: body, encoding: encoding) { return text }
        if encoding == .windowsCP1252, let text = String(data: body, encoding: .isoLatin1) { return text }
        return String(decoding: body, as: UTF8.self)
    }

    /// The encodings a page may name that this browser reads; nil for an unknown name (UTF-8 then).
    static func encoding(named name: String) -> String.Encoding? {
        switch name.lowercased() {
        case "utf-8", "utf8", "unicode-1-1-utf-8": .utf8
        case "iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "windows-1252", "cp1252", "us-ascii", "ascii", "x-cp1252": .windowsCP1252
        case "iso-8859-2", "iso8859-2", "latin2", "l2": .isoLatin2
        case "windows-1250", "cp1250": .windowsCP1250
        case "windows-1251", "cp1251": .windowsCP1251
        case "utf-16", "utf16": .utf16
        case "utf-16le": .utf16LittleEndian
        case "utf-16be": .utf16BigEndian
        default: nil
        }
    }

    /// The charset a `<meta>` element declares in the first 1024 bytes, read as ASCII.
    static func metaCharset(in body: Data) -> String? {
        let head = String(decoding: body.prefix(1024).map { $0 < 0x80 ? $0 : UInt8(ascii: " ") }, as: UTF8.self).lowercased()
        var searchStart = head.startIndex
        while let meta = head.range(of: "<meta", range: searchStart..<head.endIndex) {
            let tagEnd = head[meta.upperBound...].firstIndex(of: ">") ?? head.endIndex
            let tag = head[meta.upperBound..<tagEnd]
            if let charset = tag.range(of: "charset") {
                var value = tag[charset.upperBound...].drop { $0 == " " }
                if value.first == "=" {
                    value = value.dropFirst().drop { $0 == " " || $0 == "\"" || $0 == "'" }
                    let name = value.prefix { !" \"';/>".contains($0) }
                    if !name.isEmpty { return String(name) }
                }
            }
            searchStart = tagEnd
        }
        return nil
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
