import Foundation

/// How a URL is shown to a person: never with the user name or password it may carry.
public enum URLDisplay {
    /// `url` as text with any `user:password@` removed (`http://user:s3cret@host/x` → `http://host/x`).
    public static func redacted(_ url: URL) -> String {
        guard url.user != nil || url.password != nil else { return url.absoluteString }
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return redacted(text: url.absoluteString) }
        components.user = nil
        components.password = nil
        return components.string ?? redacted(text: url.absoluteString)
    }

    /// Text a person typed as a URL, for a message about it, with everything up to its last `@` replaced
    /// by `…` (an `http:`/`https:` scheme and its slashes stay): `http://me:pa/ss@host` → `http://…@host`.
    ///
    /// It works on the text, not on a parsed URL, because the text that needs it most is the one that
    /// does not parse: a password holding `/`, `?` or `#`, or a URL written `http:/…`, would put the
    /// password into the host, the path or the query, where a parser no longer sees user information.
    /// An `@` in a path is taken for the end of user information too: a message may show less of the
    /// URL than was typed, never a password.
    public static func redacted(text: String) -> String {
        guard let at = text.lastIndex(of: "@") else { return text }
        let scheme = text.range(of: #"^[Hh][Tt][Tt][Pp][Ss]?:[/\\]*"#, options: .regularExpression)
        return String(text[..<(scheme?.upperBound ?? text.startIndex)]) + "…" + String(text[at...])
    }
}

/// The text that names a server's resource in a file of ours (kept answers, queued changes): the URL
/// without its password, its scheme and host in lower case, without the scheme's default port and
/// without a trailing `/` on its path.
///
/// Two spellings of one address (`http://LOCALHOST:80/` and `http://localhost`) then share what is
/// kept for it, and a password typed into `--base-url` never reaches a file. The user name stays: two
/// accounts on one server see different lists, and one's waiting changes must never be sent as the other.
public enum StoreKey {
    /// The key of `url` (a URL that cannot be taken apart is its text without anything up to its last `@`).
    public static func of(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return URLDisplay.redacted(text: url.absoluteString) }
        components.password = nil
        if components.user?.isEmpty == true { components.user = nil }
        let scheme = components.scheme?.lowercased()
        components.scheme = scheme
        components.host = components.host?.lowercased()
        if let port = components.port, (scheme == "http" && port == 80) || (scheme == "https" && port == 443) { components.port = nil }
        while components.percentEncodedPath.count > 1, components.percentEncodedPath.hasSuffix("/") {
            components.percentEncodedPath.removeLast()
        }
        if components.percentEncodedPath == "/" { components.percentEncodedPath = "" }
        return components.string ?? URLDisplay.redacted(text: url.absoluteString)
    }
}
