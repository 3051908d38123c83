import Foundation

/// A request body read back into named fields: what an in-process backend (a ``RouteTable`` handler)
/// needs to accept the same `application/x-www-form-urlencoded` and `multipart/form-data` bodies a
/// live server accepts. The inverse of ``HTTPRequest/form(_:url:fields:byteLimit:)`` and
/// ``HTTPRequest/multipart(_:url:parts:boundary:byteLimit:)``.
public enum RequestBody {
    /// The body's kind, from the request's `Content-Type`.
    public enum Kind: Sendable, Equatable {
        case json
        case form
        case multipart(boundary: String)
        case other(String)
        case none
    }

    /// Why a body could not be read.
    public struct ParseError: Error, Sendable, Equatable, CustomStringConvertible {
        public var description: String
    }

    /// The kind of `request`'s body: JSON for `application/json` (and Rails' `text/x-json`,
    /// `application/jsonrequest`), parameters are ignored but a multipart boundary is kept.
    public static func kind(of request: HTTPRequest) -> Kind {
        guard let header = request.headers.first(where: { $0.key.lowercased() == "content-type" })?.value else { return .none }
        let parts = header.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let mediaType = parts.first?.lowercased() ?? ""
        switch mediaType {
        case "application/json", "text/x-json", "application/jsonrequest": return .json
        case "application/x-www-form-urlencoded": return .form
        case "multipart/form-data":
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map(String.init)
                guard pair.count == 2, pair[0].lowercased() == "boundary" else { continue }
                var boundary = pair[1]
                if boundary.hasPrefix("\""), boundary.hasSuffix("\""), boundary.count >= 2 { boundary = String(boundary.dropFirst().dropLast()) }
                if !boundary.isEmpty { return .multipart(boundary: boundary) }
            }
            return .other(mediaType)
        default: return .other(mediaType)
        }
    }

    /// The fields of a form-urlencoded body, in order (`+` is a space, `%XX` decoded as UTF-8).
    public static func formFields(_ body: Data) throws(ParseError) -> [(name: String, value: String)] {
        guard let text = String(data: body, encoding: .utf8) else { throw ParseError(description: "the form is not UTF-8") }
        var fields: [(name: String, value: String)] = []
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let nameValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decodeFormComponent(nameValue[0]),
                  let value = nameValue.count == 2 ? decodeFormComponent(nameValue[1]) : ""
            else { throw ParseError(description: "the form has a malformed escape") }
            fields.append((name, value))
        }
        return fields
    }

    private static func decodeFormComponent(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }

    /// The parts of a `multipart/form-data` body (RFC 7578) with `boundary`: each part's name, file
    /// name and type from its headers (quoted values; `%22` in them is a quote again, as browsers write
    /// it) and its content exactly as sent.
    public static func multipartParts(_ body: Data, boundary: String) throws(ParseError) -> [MultipartPart] {
        let delimiter = Data("--\(boundary)".utf8)
        let lineBreak = Data("\r\n".utf8)
        guard var cursor = body.range(of: delimiter)?.upperBound else {
            throw ParseError(description: "the form has no part")
        }
        var parts: [MultipartPart] = []
        while true {
            // After a delimiter: "--" ends the body, else a line break starts a part.
            if body[cursor...].starts(with: Data("--".utf8)) { return parts }
            guard body[cursor...].starts(with: lineBreak) else { throw ParseError(description: "the form is malformed") }
            cursor += lineBreak.count
            guard let headerEnd = body.range(of: Data("\r\n\r\n".utf8), in: cursor..<body.endIndex) else {
                throw ParseError(description: "a part of the form has no end of headers")
            }
            guard let headerText = String(data: body[cursor..<headerEnd.lowerBound], encoding: .utf8) else {
                throw ParseError(description: "a part's headers are not UTF-8")
            }
            let contentStart = headerEnd.upperBound
            guard let next = body.range(of: lineBreak + delimiter, in: contentStart..<body.endIndex) else {
                throw ParseError(description: "the form ends inside a part")
            }
            var part = MultipartPart(name: "", filename: nil, contentType: nil, content: Data(body[contentStart..<next.lowerBound]))
            for line in headerText.components(separatedBy: "\r\n") {
                let pair = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard pair.count == 2 else { continue }
                switch pair[0].lowercased() {
                case "content-disposition":
                    part.name = parameter("name", in: pair[1]) ?? ""
                    part.filename = parameter("filename", in: pair[1])
                case "content-type":
                    part.contentType = pair[1]
                default:
                    break
                }
            }
            guard !part.name.isEmpty else { throw ParseError(description: "a part of the form has no name") }
            parts.append(part)
            cursor = next.upperBound
        }
    }

    /// `name="value"` (or unquoted) in a header value such as `form-data; name="a"; filename="b.png"`.
    private static func parameter(_ name: String, in header: String) -> String? {
        for piece in splitOutsideQuotes(header).dropFirst() {
            let pair = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard pair.count == 2, pair[0].lowercased() == name else { continue }
            var value = pair[1]
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            return value.replacingOccurrences(of: "%22", with: "\"").replacingOccurrences(of: "%0D", with: "\r")
                .replacingOccurrences(of: "%0A", with: "\n")
        }
        return nil
    }

    /// `header` split at each `;` that is not inside double quotes (a file name may contain one; so may
    /// a vCard's parameter value, which is written the same way).
    public static func splitOutsideQuotes(_ header: String) -> [String] {
        var pieces: [String] = [], current = "", quoted = false
        for character in header {
            if character == "\"" { quoted.toggle() }
            if character == ";", !quoted {
                pieces.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        pieces.append(current)
        return pieces
    }
}
