import Foundation

extension HTTPRequest {
    /// A request whose body is `fields` as `application/x-www-form-urlencoded` (the HTML form encoding:
    /// UTF-8, space as `+`, everything but letters, digits and `*-._` percent-encoded, brackets in
    /// names such as `contact[first_name]` included), in the given order.
    public static func form(_ method: Method = .post, url: URL, fields: [(name: String, value: String)],
                            byteLimit: Int = ByteLimit.detail) -> HTTPRequest {
        let body = fields.map { formEncode($0.name) + "=" + formEncode($0.value) }.joined(separator: "&")
        return HTTPRequest(method: method, url: url,
                           headers: ["Content-Type": "application/x-www-form-urlencoded; charset=utf-8", "Accept": "application/json"],
                           body: Data(body.utf8), byteLimit: byteLimit)
    }

    /// A request whose body is `parts` as `multipart/form-data` (RFC 7578), for forms with files such as
    /// `contact[profile_pic]`. `boundary` is random unless a test fixes it; it is checked not to occur
    /// in any part.
    public static func multipart(_ method: Method = .post, url: URL, parts: [MultipartPart], boundary: String? = nil,
                                 byteLimit: Int = ByteLimit.detail) throws(HTTPError) -> HTTPRequest {
        let boundary = boundary ?? "apps-cli-" + UUID().uuidString.replacingOccurrences(of: "-", with: "")
        let marker = Data("--\(boundary)".utf8)
        var body = Data()
        for part in parts {
            if part.content.range(of: marker) != nil {
                throw .other("The form could not be sent: a part contains the boundary.")
            }
            body.append(marker)
            body.append(Data("\r\n".utf8))
            var disposition = "Content-Disposition: form-data; name=\"\(MultipartPart.quoted(part.name))\""
            if let filename = part.filename { disposition += "; filename=\"\(MultipartPart.quoted(filename))\"" }
            body.append(Data((disposition + "\r\n").utf8))
            if let contentType = part.contentType { body.append(Data("Content-Type: \(contentType)\r\n".utf8)) }
            body.append(Data("\r\n".utf8))
            body.append(part.content)
            body.append(Data("\r\n".utf8))
        }
        body.append(marker)
        body.append(Data("--\r\n".utf8))
        return HTTPRequest(method: method, url: url,
                           headers: ["Content-Type": "multipart/form-data; boundary=\(boundary)", "Accept": "application/json"],
                           body: body, byteLimit: byteLimit)
    }

    private static let formCharacters = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*-._ ")

    private static func formEncode(_ text: String) -> String {
        (text.addingPercentEncoding(withAllowedCharacters: formCharacters) ?? "").replacingOccurrences(of: " ", with: "+")
    }
}

/// One part of a `multipart/form-data` body: a text field or a file.
public struct MultipartPart: Sendable, Hashable {
    public var name: String
    public var filename: String?
    public var contentType: String?
    public var content: Data

    /// A text field.
    public static func field(_ name: String, _ value: String) -> MultipartPart {
        MultipartPart(name: name, filename: nil, contentType: nil, content: Data(value.utf8))
    }

    /// A file part. `contentType` is sent as given once line breaks are removed (it is a header value).
    public static func file(_ name: String, filename: String, contentType: String, data: Data) -> MultipartPart {
        let safeType = contentType.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.map(String.init).joined()
        return MultipartPart(name: name, filename: filename, contentType: safeType, content: data)
    }

    /// A name or file name inside the quotes of `Content-Disposition`: `"`, CR and LF percent-encoded,
    /// as browsers do, so a name can never end the header or start another.
    static func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "%22").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }
}
