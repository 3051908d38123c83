import Foundation

/// A link the desktop may open: an `https`/`http` page, a `mailto:` draft, a `tel:` call, an `sms:`
/// message or a `geo:` place, validated and rebuilt by this package.
///
/// There is no public initializer: a value exists only when one of the throwing factories accepted
/// its input, so whoever holds a `SystemAction` holds a link that is safe to hand to `xdg-open` as
/// a single argument. Every factory ends in the same check, so ``url``'s text is at most
/// ``maximumLength`` bytes of printable ASCII (no spaces, no controls; everything else is
/// percent-encoded), does not start with `-` and has an allowlisted scheme.
///
///     let call = try SystemAction.phone("+49 (30) 123-45")        // tel:+493012345
///     let mail = try SystemAction.email(to: "info@example.com", subject: "Hello")
///     let any = try SystemAction.link(hrefFromThePage)            // rejects javascript:, file:, …
public struct SystemAction: Sendable, Hashable, CustomStringConvertible {
    /// What the desktop is asked to do.
    public enum Kind: Sendable, Hashable {
        /// Open a web page (`https:`, `http:`).
        case web
        /// Compose an email (`mailto:`).
        case email
        /// Call a number (`tel:`).
        case phone
        /// Write a text message (`sms:`).
        case message
        /// Show a place on a map (`geo:`).
        case map
    }

    /// The schemes ``link(_:)`` accepts, compared case-insensitively.
    public static let allowedSchemes = ["https", "http", "mailto", "tel", "sms", "geo"]

    /// The longest input, and the longest link, in bytes of UTF-8. Longer text is never a link a
    /// person meant to follow, and some openers truncate or reject long argument strings.
    public static let maximumLength = 2048

    /// What the desktop is asked to do.
    public let kind: Kind
    /// The link, ready to be passed as one argument.
    public let url: URL

    /// The link as text: ``url``'s `absoluteString`.
    public var description: String { url.absoluteString }

    /// The one place a value is made: checks the invariant every factory promises.
    init(kind: Kind, string: String, input: String) throws(SystemActionError) {
        guard string.utf8.count <= Self.maximumLength else {
            throw SystemActionError(.tooLong(limit: Self.maximumLength), input: input)
        }
        guard !string.hasPrefix("-") else { throw SystemActionError(.startsWithDash, input: input) }
        // Printable ASCII only: the builders percent-encode everything else, so anything outside it
        // would mean a builder bug, and it is rejected rather than passed on.
        guard !string.isEmpty, string.utf8.allSatisfy({ (0x21...0x7E).contains($0) }),
              let scheme = Self.scheme(of: string), Self.allowedSchemes.contains(scheme),
              let url = URL(string: string), url.absoluteString == string
        else { throw SystemActionError(.malformed, input: input) }
        self.kind = kind
        self.url = url
    }

    // MARK: - Any link

    /// Parses `string` as a link from data (an `href`, a field of an API answer) and rebuilds it with
    /// the factory for its scheme.
    ///
    /// Accepted schemes, case-insensitively: exactly ``allowedSchemes``. Rejected, with a
    /// ``SystemActionError``: input longer than ``maximumLength``; control characters anywhere
    /// (C0, DEL, C1, U+2028/U+2029, bidi controls), even at the ends; text starting with `-`;
    /// text without a scheme; every other scheme (`javascript:`, `file:`, `data:` …); `http(s)`
    /// links without a host or with a user name or password.
    ///
    /// Spaces (U+0020 and other space separators, not tabs or line breaks) around the link are
    /// trimmed, as browsers do with an `href`.
    ///
    /// Per scheme:
    /// - `http`/`https`: parsed by `URL`, which percent-encodes spaces and non-ASCII paths and
    ///   punycodes international host names; the scheme is lowercased.
    /// - `mailto`: see ``email(mailto:)``: only recipients, `cc`, `subject` and `body` survive.
    /// - `tel`: the number after `tel:` (percent-decoded, a leading `//` is a separator) must pass
    ///   ``phone(_:)``; parameters such as `;ext=` are rejected.
    /// - `sms`: the number before any `?` must pass ``message(_:)``; the query (`?body=`) is dropped.
    /// - `geo`: with a `q=` query, ``map(address:)`` of it (`+` reads as a space); otherwise
    ///   `lat,lon` in plain decimals (an altitude, `;` parameters and other query items are dropped) through
    ///   ``map(latitude:longitude:)``.
    public static func link(_ string: String) throws(SystemActionError) -> SystemAction {
        guard string.utf8.count <= maximumLength else {
            throw SystemActionError(.tooLong(limit: maximumLength), input: string)
        }
        guard !TerminalSafeText.containsControl(string) else {
            throw SystemActionError(.controlCharacter, input: string)
        }
        let trimmed = TerminalSafeText.trimmingSpaces(string)
        guard !trimmed.isEmpty else { throw SystemActionError(.empty, input: string) }
        guard !trimmed.hasPrefix("-") else { throw SystemActionError(.startsWithDash, input: string) }
        guard let scheme = scheme(of: trimmed) else { throw SystemActionError(.missingScheme, input: string) }
        let rest = String(trimmed.dropFirst(scheme.count + 1))
        do throws(SystemActionError) {
            switch scheme {
            case "http", "https": return try web(string: trimmed)
            case "mailto": return try email(mailtoPayload: rest)
            case "tel": return try phone(percentDecoded(rest))
            case "sms": return try message(percentDecoded(rest.prefix { $0 != "?" }))
            case "geo": return try map(geoPayload: rest)
            default: throw SystemActionError(.unsupportedScheme(scheme), input: string)
            }
        } catch {
            // Name the whole link in the message, not the part a factory looked at.
            throw SystemActionError(error.reason, input: string)
        }
    }

    // MARK: - Web

    /// A web page: `url` must be `http` or `https` with a host and no user name or password.
    ///
    /// The checks of ``link(_:)`` apply to its `absoluteString`.
    public static func web(_ url: URL) throws(SystemActionError) -> SystemAction {
        let string = url.absoluteString
        guard string.utf8.count <= maximumLength else {
            throw SystemActionError(.tooLong(limit: maximumLength), input: string)
        }
        guard !TerminalSafeText.containsControl(string) else {
            throw SystemActionError(.controlCharacter, input: string)
        }
        return try web(string: string)
    }

    static func web(string: String) throws(SystemActionError) -> SystemAction {
        guard let url = URL(string: string),
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { throw SystemActionError(.malformed, input: string) }
        let scheme = components.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw SystemActionError(scheme.isEmpty ? .missingScheme : .unsupportedScheme(scheme), input: string)
        }
        guard let host = components.percentEncodedHost, !host.isEmpty else {
            throw SystemActionError(.missingHost, input: string)
        }
        guard components.percentEncodedUser == nil, components.percentEncodedPassword == nil else {
            throw SystemActionError(.userInfo, input: string)
        }
        if let port = components.port, !(1...65_535).contains(port) {
            throw SystemActionError(.malformed, input: string)
        }
        components.scheme = scheme
        guard let rebuilt = components.url?.absoluteString else { throw SystemActionError(.malformed, input: string) }
        return try SystemAction(kind: .web, string: rebuilt, input: string)
    }

    // MARK: - Helpers shared by the factories

    /// The lowercased scheme of `string` (the RFC 3986 `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`
    /// before the first `:`), or nil when it has none.
    static func scheme(of string: String) -> String? {
        guard let colon = string.firstIndex(of: ":") else { return nil }
        let candidate = string[..<colon]
        guard let first = candidate.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic,
              candidate.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)) })
        else { return nil }
        return candidate.lowercased()
    }

    /// `text` with `%XX` escapes decoded; malformed escapes or bytes that are not UTF-8 are rejected.
    static func percentDecoded<Text: StringProtocol>(_ text: Text) throws(SystemActionError) -> String {
        guard let decoded = String(text).removingPercentEncoding else {
            throw SystemActionError(.malformed, input: String(text))
        }
        return decoded
    }

    /// `text` with every UTF-8 byte outside the ASCII letters, digits and `keeping` written as `%XX`.
    static func percentEncoded(_ text: String, keeping: String = "-._~") -> String {
        let kept = Set(keeping.utf8)
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let isAlphanumeric = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isAlphanumeric || kept.contains(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result += "%" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
        return result
    }
}
